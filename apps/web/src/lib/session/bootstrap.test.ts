import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { memoryStorage } from '../test-fakes';
import { bootstrapSession } from './bootstrap';
import { createSessionStore } from './session-store';
import { SESSION_EXPIRED_MESSAGE } from './session-state';

function setup(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const store = createSessionStore({
    storage: () => storage,
    now: () => new Date('2025-03-01T10:00:00.000Z'),
    uuid: () => '11111111-1111-4111-8111-111111111111',
  });
  return { storage, store };
}

describe('session bootstrap', () => {
  it('starts an anonymous session when there is no token, without calling the server', async () => {
    const { store, storage } = setup();
    const fetchMe = vi.fn();
    const state = await bootstrapSession({ store, fetchMe });
    expect(fetchMe).not.toHaveBeenCalled();
    expect(state).toMatchObject({
      status: 'anonymous',
      anonymous: { sessionId: '11111111-1111-4111-8111-111111111111' },
    });
    expect(storage.data.has('anonymousSession')).toBe(true);
  });

  it('starts a guest with the id the server issues when it can', async () => {
    const { store } = setup();
    const issued = `22222222-2222-4222-8222-222222222222.${'d'.repeat(43)}`;
    const ensureGuest = vi.fn(async () =>
      store.setAnonymousSession(issued, '2025-02-01T00:00:00.000Z'),
    );
    const state = await bootstrapSession({ store, fetchMe: vi.fn(), ensureGuest });
    expect(ensureGuest).toHaveBeenCalledOnce();
    expect(state).toMatchObject({
      status: 'anonymous',
      anonymous: { sessionId: issued, createdAt: '2025-02-01T00:00:00.000Z' },
    });
  });

  it('loads the user when the stored token is accepted', async () => {
    const { store } = setup({ token: 'good' });
    const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada' };
    const state = await bootstrapSession({ store, fetchMe: async () => user });
    expect(state).toEqual({ status: 'authenticated', user });
    expect(store.getToken()).toBe('good');
  });

  it('drops a rejected token and continues as a guest with the session-expired notice', async () => {
    const { store } = setup({ token: 'stale' });
    const state = await bootstrapSession({
      store,
      fetchMe: async () => {
        throw new Error('401');
      },
    });
    expect(store.getToken()).toBeNull();
    expect(state).toMatchObject({ status: 'anonymous', notice: SESSION_EXPIRED_MESSAGE });
  });

  it('treats an answer that is not a user like a refused token', async () => {
    const { store } = setup({ token: 'odd' });
    const state = await bootstrapSession({
      store,
      // What the API client does with an /auth/me answer the contract refuses.
      fetchMe: async () => {
        throw new ApiError({ status: 200, message: 'unexpected', code: 'INVALID_RESPONSE' });
      },
    });
    expect(store.getToken()).toBeNull();
    expect(state).toMatchObject({ status: 'anonymous', notice: SESSION_EXPIRED_MESSAGE });
  });
});
