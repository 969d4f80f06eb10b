import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient } from './api';
import { createSessionStore } from './session/session-store';
import { memoryStorage } from './test-fakes';

const ANON = {
  sessionId: 'anon-1',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastAccess: '2025-01-01T00:00:00.000Z',
};

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch that records each call and answers from a script, one answer per call. */
function fakeFetch(answers: Array<Response | Error>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body,
      credentials: init?.credentials,
    });
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

function setup(stored: Record<string, string>, answers: Array<Response | Error>) {
  const storage = memoryStorage(stored);
  const store = createSessionStore({ storage: () => storage, uuid: () => 'anon-new' });
  const { fetch, calls } = fakeFetch(answers);
  return { api: createApiClient({ fetch, store }), calls, store, storage };
}

const errorBody = (over: Record<string, unknown>) => ({
  success: false,
  error: 'Nope',
  message: 'Nope',
  code: 'UNAUTHENTICATED',
  requestId: 'req-1',
  ...over,
});

describe('api client identity headers', () => {
  it('sends the bearer token when one is stored, and no anonymous header', async () => {
    const { api, calls } = setup({ token: 'tok', anonymousSession: JSON.stringify(ANON) }, [
      json(200, { ok: true }),
    ]);
    await api.get('/spaces');
    expect(calls[0]?.url).toBe('/api/spaces');
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok');
    expect(calls[0]?.headers['x-anonymous-session']).toBeUndefined();
    expect(calls[0]?.credentials).toBe('include');
  });

  it('sends the anonymous session id when there is no token', async () => {
    const { api, calls } = setup({ anonymousSession: JSON.stringify(ANON) }, [json(200, {})]);
    await api.post('/decks', { title: 'T' });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['x-anonymous-session']).toBe('anon-1');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toBe('{"title":"T"}');
  });

  it('builds query strings and skips empty values', async () => {
    const { api, calls } = setup({}, [json(200, {})]);
    await api.get('/decks/explore', { query: { search: 'bio logy', page: 2, sort: undefined } });
    expect(calls[0]?.url).toBe('/api/decks/explore?search=bio+logy&page=2');
  });
});

describe('api client 401 handling', () => {
  it('drops the token and retries once as anonymous when the server says shouldClearToken', async () => {
    const { api, calls, store } = setup(
      { token: 'stale', anonymousSession: JSON.stringify(ANON) },
      [
        json(401, errorBody({ code: 'TOKEN_INVALID', shouldClearToken: true })),
        json(200, { data: [] }),
      ],
    );
    await expect(api.get('/spaces')).resolves.toEqual({ data: [] });
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers.Authorization).toBe('Bearer stale');
    expect(calls[1]?.headers.Authorization).toBeUndefined();
    expect(calls[1]?.headers['x-anonymous-session']).toBe('anon-1');
    expect(store.getToken()).toBeNull();
  });

  it('creates an anonymous session for the retry when none was stored', async () => {
    const { api, calls } = setup({ token: 'stale' }, [
      json(401, errorBody({ shouldClearToken: true })),
      json(200, {}),
    ]);
    await api.get('/spaces');
    expect(calls[1]?.headers['x-anonymous-session']).toBe('anon-new');
  });

  it('retries only once', async () => {
    const { api, calls } = setup({ token: 'stale' }, [
      json(401, errorBody({ shouldClearToken: true })),
      json(401, errorBody({ shouldClearToken: true })),
    ]);
    await expect(api.get('/spaces')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
  });

  it('keeps the token on a 401 without shouldClearToken', async () => {
    const { api, calls, store } = setup({ token: 'tok' }, [json(401, errorBody({}))]);
    await expect(api.get('/payment/usage')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    expect(store.getToken()).toBe('tok');
  });

  it('trades a guest id the server did not issue for an issued one and retries once', async () => {
    const issued = `11111111-1111-4111-8111-111111111111.${'a'.repeat(43)}`;
    const { api, calls, store } = setup({ anonymousSession: JSON.stringify(ANON) }, [
      json(401, errorBody({ code: 'ANONYMOUS_SESSION_INVALID' })),
      json(201, { success: true, sessionId: issued, createdAt: '2025-02-01T00:00:00.000Z' }),
      json(200, { data: [] }),
    ]);
    await expect(api.get('/spaces')).resolves.toEqual({ data: [] });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/spaces',
      'POST /api/auth/anonymous-sessions',
      'GET /api/spaces',
    ]);
    expect(calls[1]?.headers['x-anonymous-session']).toBeUndefined();
    expect(calls[2]?.headers['x-anonymous-session']).toBe(issued);
    expect(store.getAnonymousSession()).toMatchObject({ sessionId: issued, createdAt: '2025-02-01T00:00:00.000Z' });
  });

  it('asks for one guest id when several calls are refused at once', async () => {
    const issued = `11111111-1111-4111-8111-111111111111.${'b'.repeat(43)}`;
    const refused = () => json(401, errorBody({ code: 'ANONYMOUS_SESSION_INVALID' }));
    const { api, calls } = setup({ anonymousSession: JSON.stringify(ANON) }, [
      refused(),
      refused(),
      json(201, { success: true, sessionId: issued, createdAt: '2025-02-01T00:00:00.000Z' }),
      json(200, {}),
      json(200, {}),
    ]);
    await Promise.all([api.get('/spaces'), api.get('/decks')]);
    expect(calls.filter((c) => c.url === '/api/auth/anonymous-sessions')).toHaveLength(1);
    expect(calls.slice(3).map((c) => c.headers['x-anonymous-session'])).toEqual([issued, issued]);
  });

  it('gives up with the refusal when no guest id can be issued', async () => {
    const { api, calls } = setup({ anonymousSession: JSON.stringify(ANON) }, [
      json(401, errorBody({ code: 'ANONYMOUS_SESSION_INVALID' })),
      json(429, errorBody({ code: 'RATE_LIMITED' })),
    ]);
    await expect(api.get('/spaces')).rejects.toMatchObject({ status: 401, code: 'ANONYMOUS_SESSION_INVALID' });
    expect(calls).toHaveLength(2);
  });

  it('keeps a stored issued id without asking the server', async () => {
    const issued = `11111111-1111-4111-8111-111111111111.${'c'.repeat(43)}`;
    const { api, calls } = setup({ anonymousSession: JSON.stringify({ ...ANON, sessionId: issued }) }, []);
    await expect(api.ensureGuestSession()).resolves.toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('does not retry an anonymous call', async () => {
    const { api, calls } = setup({ anonymousSession: JSON.stringify(ANON) }, [
      json(401, errorBody({ shouldClearToken: true })),
    ]);
    await expect(api.get('/spaces')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });
});

describe('api client errors', () => {
  it('marks a 403 as access denied and keeps the server fields', async () => {
    const { api } = setup({ token: 'tok' }, [
      json(403, errorBody({ code: 'FORBIDDEN', error: 'Not yours' })),
    ]);
    const error = await api.get('/decks/d1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      accessDenied: true,
      code: 'FORBIDDEN',
      message: 'Not yours',
      requestId: 'req-1',
    });
  });

  it('carries limitReached', async () => {
    const { api } = setup({}, [
      json(402, errorBody({ code: 'LIMIT_REACHED', limitReached: true })),
    ]);
    await expect(api.post('/decks', {})).rejects.toMatchObject({
      limitReached: true,
      accessDenied: false,
    });
  });

  it('turns a non-JSON failure into a readable error', async () => {
    const { api } = setup({}, [new Response('Bad Gateway', { status: 502 })]);
    await expect(api.get('/spaces')).rejects.toMatchObject({ status: 502, code: 'UNKNOWN' });
  });

  it('turns a network failure into a NETWORK_ERROR', async () => {
    const { api } = setup({}, [new TypeError('fetch failed')]);
    await expect(api.get('/spaces')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('validates the answer with a schema when given one', async () => {
    const schema = z.object({ data: z.array(z.string()) });
    const ok = setup({}, [json(200, { data: ['a'] })]);
    await expect(ok.api.get('/x', { schema })).resolves.toEqual({ data: ['a'] });
    const bad = setup({}, [json(200, { data: 'a' })]);
    await expect(bad.api.get('/x', { schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
