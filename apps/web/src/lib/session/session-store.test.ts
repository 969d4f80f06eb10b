import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test-fakes';
import { createSessionStore } from './session-store';

const fixedNow = () => new Date('2025-03-01T10:00:00.000Z');

describe('session store', () => {
  it('creates an anonymous session once and refreshes its lastAccess afterwards', () => {
    const storage = memoryStorage();
    let now = new Date('2025-03-01T10:00:00.000Z');
    const store = createSessionStore({
      storage: () => storage,
      now: () => now,
      uuid: () => 'id-1',
    });

    const first = store.ensureAnonymousSession();
    expect(first).toEqual({
      sessionId: 'id-1',
      createdAt: now.toISOString(),
      lastAccess: now.toISOString(),
    });

    now = new Date('2025-03-02T10:00:00.000Z');
    const second = store.ensureAnonymousSession();
    expect(second).toEqual({
      sessionId: 'id-1',
      createdAt: '2025-03-01T10:00:00.000Z',
      lastAccess: now.toISOString(),
    });
    expect(JSON.parse(storage.data.get('anonymousSession') ?? '')).toEqual(second);
  });

  it('replaces a corrupt stored anonymous session', () => {
    const storage = memoryStorage({ anonymousSession: '{not json' });
    const store = createSessionStore({
      storage: () => storage,
      now: fixedNow,
      uuid: () => 'fresh',
    });
    expect(store.getAnonymousSession()).toBeNull();
    expect(store.ensureAnonymousSession()?.sessionId).toBe('fresh');
  });

  it('reports no session when the browser refuses to store anything', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = createSessionStore({ storage: () => refusing, now: fixedNow, uuid: () => 'x' });
    expect(store.ensureAnonymousSession()).toBeNull();
  });

  it('tells subscribers when the token is cleared', () => {
    const storage = memoryStorage({ token: 't' });
    const store = createSessionStore({ storage: () => storage });
    const listener = vi.fn();
    store.subscribe(listener);
    store.clearToken();
    expect(store.getToken()).toBeNull();
    expect(listener).toHaveBeenCalledWith('token-cleared');
  });
});
