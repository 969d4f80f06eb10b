import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../api';
import { memoryStorage } from '../test-fakes';
import { authCalls } from './auth-api';
import { createSessionStore } from './session-store';

const USER = {
  _id: '0d9f3c1e-2a4b-4c6d-8e0f-1a2b3c4d5e6f',
  email: 'ada@example.com',
  firstName: '<b>Ada</b>',
};
const SESSION_USER = { id: USER._id, email: USER.email, firstName: USER.firstName };

/** The auth calls over a fetch that answers every call with `body` and records what was asked. */
function callsAnswering(body: unknown, status = 200) {
  const asked: { url: string; method: string; body: unknown }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  const storage = memoryStorage({ token: 'tok' });
  const store = createSessionStore({ storage: () => storage });
  return { calls: authCalls(createApiClient({ fetch, store })), asked };
}

describe('auth calls, parsed with the contract schemas', () => {
  it('reads the token and the user of a login (the user beside the token, as the spec shows)', async () => {
    const { calls, asked } = callsAnswering({ success: true, token: 't', ...USER, user: USER });
    await expect(calls.login({ email: USER.email, password: 'pw' })).resolves.toEqual({
      token: 't',
      user: SESSION_USER,
    });
    expect(asked).toEqual([
      { url: '/api/auth/login', method: 'POST', body: { email: USER.email, password: 'pw' } },
    ]);
  });

  it('reads Google sign-in and verification answers ("token and user")', async () => {
    const answer = { success: true, token: 't', user: USER };
    await expect(callsAnswering(answer).calls.google('id-token')).resolves.toEqual({
      token: 't',
      user: SESSION_USER,
    });
    await expect(
      callsAnswering(answer).calls.verifyEmail({ userId: USER._id, verificationCode: '123456' }),
    ).resolves.toEqual({ token: 't', user: SESSION_USER });
  });

  it('takes the token from inside the user of a reset answer', async () => {
    const { calls } = callsAnswering({ success: true, user: { ...USER, token: 'r' } });
    await expect(
      calls.resetPassword({ token: 'link', password: 'a long password' }),
    ).resolves.toEqual({ token: 'r', user: SESSION_USER });
  });

  it('loads the user of the stored token from /auth/me', async () => {
    const { calls, asked } = callsAnswering({ success: true, user: USER });
    await expect(calls.me()).resolves.toEqual(SESSION_USER);
    expect(asked[0]).toMatchObject({ url: '/api/auth/me', method: 'GET' });
  });

  it('reads the account to verify and the account a reset link is for', async () => {
    await expect(
      callsAnswering({ success: true, email: USER.email, userId: USER._id }).calls.register({
        email: USER.email,
        password: 'a long password',
        firstName: 'Ada',
      }),
    ).resolves.toEqual({ userId: USER._id, email: USER.email });
    const { calls, asked } = callsAnswering({ success: true, email: USER.email, firstName: 'Ada' });
    await expect(calls.validateResetToken('a/b')).resolves.toEqual({
      email: USER.email,
      firstName: 'Ada',
    });
    expect(asked[0]?.url).toBe('/api/auth/validate-reset-token/a%2Fb');
  });

  it('refuses answers that are not the contract: no token, no user, an id that is not one', async () => {
    const refused = [
      () => callsAnswering({ success: true, user: USER }).calls.google('x'),
      () => callsAnswering({ success: true, token: '', user: USER }).calls.google('x'),
      () =>
        callsAnswering({ success: true, token: 't' }).calls.verifyEmail({
          userId: USER._id,
          verificationCode: '123456',
        }),
      // A login answer must carry the user's fields beside the token.
      () =>
        callsAnswering({ success: true, token: 't', user: USER }).calls.login({
          email: 'a',
          password: 'b',
        }),
      () => callsAnswering({ success: true, user: { ...USER, _id: 'u1' } }).calls.me(),
      () => callsAnswering({ success: true }).calls.me(),
      () =>
        callsAnswering({ success: true, userId: USER._id }).calls.register({
          email: 'a@b.c',
          password: 'x',
          firstName: 'A',
        }),
    ];
    for (const call of refused) {
      await expect(call()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    }
  });

  it('fails with the server error of a refused call', async () => {
    const { calls } = callsAnswering(
      {
        success: false,
        error: 'Invalid email or password',
        message: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
        requestId: 'r1',
      },
      401,
    );
    const failure = await calls.login({ email: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Invalid email or password' });
  });
});
