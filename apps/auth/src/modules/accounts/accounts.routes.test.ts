import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@mnemo/db/testing';
import { users } from '@mnemo/db/schema';
import { createLogger } from '@mnemo/logger';
import { readOutbox } from '@mnemo/mailer';
import { startFakeGoogle } from '@mnemo/testing/google';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { revokedSessionKey, type Identity } from '@mnemo/contracts/identity';
import { findRoute } from '@mnemo/contracts/routes';
import { envSchema } from '../../env';
import { buildApp } from '../../app';

const prefix = `test-auth-${randomUUID()}`;
const outbox = mkdtempSync(join(tmpdir(), 'auth-outbox-'));
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let app: Awaited<ReturnType<typeof buildApp>>;

/** The environment every app of this file is built with (the database is made in beforeAll). */
const baseEnv = () => ({
  DATABASE_URL: database.url,
  INTERNAL_SECRET: TEST_INTERNAL_SECRET,
  JWT_SECRET: 'auth-test-jwt-secret-0123456789abcdef0123456789',
  LOG_LEVEL: 'silent',
  REDIS_PREFIX: prefix,
  MAIL_OUTBOX_DIR: outbox,
  PUBLIC_URL: 'http://localhost:3999',
});

beforeAll(async () => {
  database = await createTestDatabase();
  google = await startFakeGoogle();
  const env = envSchema.parse({
    ...baseEnv(),
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    LOGIN_FAILURES_PER_ACCOUNT: '4',
  });
  app = await buildApp(env, { db: database.db, redis });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await google?.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  rmSync(outbox, { recursive: true, force: true });
});

const anon = (): Identity => ({ kind: 'anonymous', anonId: randomUUID(), plan: 'anonymous' });
const post = (url: string, payload: object, identity: Identity = anon()) =>
  app.inject({ method: 'POST', url, payload, headers: asCaller(identity) });
const mailsTo = async (to: string) => (await readOutbox(outbox, { limit: 1000 })).filter((m) => m.to === to);
const latestCode = async (to: string) => /\b(\d{6})\b/.exec((await mailsTo(to))[0]!.text)![1]!;
const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;
const asSession = (token: string): Identity => {
  const claims = decodeJwt(token);
  return { kind: 'user', userId: String(claims.sub), plan: 'free', sessionId: String(claims.jti) };
};

async function registeredAndVerified(email = newEmail(), password = 'a-Long-unusual-passphrase-42') {
  const reg = await post('/auth/register', { firstName: 'Ada', email, password });
  const { userId } = reg.json();
  const verified = await post('/auth/verify-email', { userId, verificationCode: await latestCode(email) });
  return { email, password, userId, token: verified.json().token as string };
}

describe('registration and verification', () => {
  it('registers a pending account, mails a 6-digit code, and verifying logs the user in', async () => {
    const email = newEmail();
    const reg = await post('/auth/register', { firstName: 'Ada', email, password: 'a-Long-unusual-passphrase-42' });
    expect(reg.statusCode).toBe(201);
    expect(() => findRoute('POST', '/auth/register')!.response!.parse(reg.json())).not.toThrow();
    expect(reg.json()).toMatchObject({ success: true, email, userId: expect.any(String) });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toMatch(/verification code/);
    expect(mail!.html).toContain(await latestCode(email));

    const login = await post('/auth/login', { email, password: 'a-Long-unusual-passphrase-42' });
    expect(login.statusCode).toBe(409);
    expect(login.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', userId: reg.json().userId });

    const verified = await post('/auth/verify-email', { userId: reg.json().userId, verificationCode: await latestCode(email) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, token: expect.any(String), user: { email, firstName: 'Ada' } });
    const me = await app.inject({ url: '/auth/me', headers: asCaller(asSession(verified.json().token)) });
    expect(me.json()).toEqual({ success: true, user: { _id: reg.json().userId, email, firstName: 'Ada' } });
  });

  it('ends a code after five wrong tries, and refuses a reused or expired code', async () => {
    const email = newEmail();
    const { userId } = (await post('/auth/register', { firstName: 'Bo', email, password: 'a-Long-unusual-passphrase-42' })).json();
    const right = await latestCode(email);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await post('/auth/verify-email', { userId, verificationCode: wrong })).json().error);
    expect(answers[0]).toContain('4 attempts left');
    expect(answers[4]).toBe('Too many wrong codes. Please request a new code.');
    expect((await post('/auth/verify-email', { userId, verificationCode: right })).json().code).toBe('CODE_INVALID');

    // A new code works once.
    await redis.del(`${prefix}:attempts:resend:${userId}`);
    expect((await post('/auth/resend-verification', { userId })).statusCode).toBe(200);
    expect((await post('/auth/resend-verification', { userId })).statusCode).toBe(429);
    const fresh = await latestCode(email);
    expect((await post('/auth/verify-email', { userId, verificationCode: fresh })).statusCode).toBe(200);
    expect((await post('/auth/verify-email', { userId, verificationCode: fresh })).json().code).toBe('CODE_INVALID');

    const other = newEmail();
    const pending = (await post('/auth/register', { firstName: 'Cy', email: other, password: 'a-Long-unusual-passphrase-42' })).json();
    await database.pool.query("update email_verification_codes set expires_at = now() - interval '1 minute' where user_id = $1", [pending.userId]);
    const expired = await post('/auth/verify-email', { userId: pending.userId, verificationCode: await latestCode(other) });
    expect(expired.json()).toMatchObject({ code: 'CODE_EXPIRED', error: 'This code has expired. Please request a new code.' });
  });

  it('keeps the first password when a pending address is registered again, and answers the same way', async () => {
    const email = newEmail();
    const first = await post('/auth/register', { firstName: 'Victim', email, password: 'victims-Own-passphrase-11' });
    // An attacker registers the same pending address with a password of their own.
    await redis.del(`${prefix}:attempts:resend:${first.json().userId}`); // past the resend delay: a fresh code is mailed
    const second = await post('/auth/register', { firstName: 'Mallory', email, password: 'attackers-Passphrase-666' });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(await mailsTo(email)).toHaveLength(2);

    // The owner verifies with the newest mail's code: the account is theirs, with their password and name.
    const verified = await post('/auth/verify-email', { userId: first.json().userId, verificationCode: await latestCode(email) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.firstName).toBe('Victim');
    expect((await post('/auth/login', { email, password: 'attackers-Passphrase-666' })).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: 'victims-Own-passphrase-11' })).statusCode).toBe(200);
  });

  it('holds the resend delay and the five-guess budget across re-registrations', async () => {
    const email = newEmail();
    const password = 'a-Long-unusual-passphrase-42';
    const { userId } = (await post('/auth/register', { firstName: 'Eve', email, password })).json();
    const right = await latestCode(email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) await post('/auth/verify-email', { userId, verificationCode: wrong });
    // Registering again at once mails nothing new and gives no fresh guesses.
    const again = await post('/auth/register', { firstName: 'Eve', email, password });
    expect(again.statusCode).toBe(201);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await post('/auth/verify-email', { userId, verificationCode: wrong })).json().error).toContain('1 attempts left');
    expect((await post('/auth/verify-email', { userId, verificationCode: wrong })).json().error).toBe('Too many wrong codes. Please request a new code.');
    await post('/auth/register', { firstName: 'Eve', email, password });
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await post('/auth/verify-email', { userId, verificationCode: right })).json().code).toBe('CODE_INVALID');
    // The resend call shares the same delay.
    expect((await post('/auth/resend-verification', { userId })).statusCode).toBe(429);
  });

  it('refuses short, very long and common passwords, malformed emails and a taken email', async () => {
    const tryRegister = (body: object) => post('/auth/register', { firstName: 'Di', email: newEmail(), password: 'a-Long-unusual-passphrase-42', ...body });
    expect((await tryRegister({ password: 'short' })).json().error).toContain('Password must be at least 8 characters long');
    expect((await tryRegister({ password: 'x'.repeat(129) })).json().error).toContain('at most 128');
    expect((await tryRegister({ password: 'password123' })).json().error).toContain('too common');
    expect((await tryRegister({ email: 'not-an-email' })).json().error).toContain('valid email');
    expect((await tryRegister({ email: 'a@b' })).statusCode).toBe(400);
    const { email } = await registeredAndVerified();
    const taken = await tryRegister({ email: email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
  });

  it('refuses a NUL byte or a lone surrogate in any text field with 400 INVALID_CHARACTER, and stores nothing', async () => {
    const email = newEmail();
    const nul = await post('/auth/register', { firstName: 'Nu\u0000ll', email, password: 'a-Long-unusual-passphrase-42' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'INVALID_CHARACTER', error: expect.stringContaining('firstName') });
    const lone = await app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { ...asCaller(anon()), 'content-type': 'application/json' },
      payload: `{"email":"${email}","password":"\\ud800abcdefgh"}`,
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().code).toBe('INVALID_CHARACTER');
    expect((await post('/auth/request-password-reset', { email: `${email}\u0000` })).json().code).toBe('INVALID_CHARACTER');
    expect((await database.pool.query('select 1 from users where lower(email) = lower($1)', [email])).rowCount).toBe(0);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('logs a failing query without its values', async () => {
    const email = newEmail();
    const failed = await database.db
      .insert(users)
      .values({ email, firstName: 'Secret Name', passwordHash: null, id: 'not-a-uuid' })
      .then(() => null, (err: unknown) => err);
    expect(failed).toBeInstanceOf(Error);
    const lines: string[] = [];
    const destination = new Writable({ write: (chunk, _enc, done) => done(void lines.push(String(chunk))) });
    createLogger({ name: 'auth', destination }).error({ err: failed }, 'unhandled error');
    expect(lines).toHaveLength(1);
    for (const line of lines) {
      expect(line).toContain('insert into');
      expect(line).not.toContain(email);
      expect(line).not.toContain('Secret Name');
    }
  });

  it('stores a name with HTML as text and escapes it in the HTML mail', async () => {
    const email = newEmail();
    const name = '<img src=x onerror=alert(1)>';
    const reg = await post('/auth/register', { firstName: name, email, password: 'a-Long-unusual-passphrase-42' });
    const [mail] = await mailsTo(email);
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).toContain('&lt;img src=x');
    const verified = await post('/auth/verify-email', { userId: reg.json().userId, verificationCode: await latestCode(email) });
    expect(verified.json().user.firstName).toBe(name);
  });
});

describe('sign-in and sessions', () => {
  it('signs in, and logout really ends the session', async () => {
    const { email, password } = await registeredAndVerified();
    const login = await post('/auth/login', { email: `  ${email.toUpperCase()} `, password });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(() => findRoute('POST', '/auth/login')!.response!.parse(body)).not.toThrow();
    expect(body).toMatchObject({ success: true, token: expect.any(String), email, firstName: 'Ada', _id: expect.any(String) });
    const session = asSession(body.token);
    expect((await app.inject({ method: 'POST', url: '/auth/logout', headers: asCaller(session) })).json()).toEqual({ success: true });
    expect(await redis.get(revokedSessionKey(prefix, session.kind === 'user' ? session.sessionId! : ''))).toBe('1');
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const { email } = await registeredAndVerified();
    const wrong = await post('/auth/login', { email, password: 'not-the-password-at-all' });
    const unknown = await post('/auth/login', { email: newEmail(), password: 'not-the-password-at-all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid email or password');
    expect(unknown.json().error).toBe(wrong.json().error);
  });

  it('slows a flood of failed logins on one account with 429, and lets the user in after the window', async () => {
    const { email, password } = await registeredAndVerified();
    for (let i = 0; i < 4; i++) expect((await post('/auth/login', { email, password: 'wrong-password-xyz' })).statusCode).toBe(401);
    const blocked = await post('/auth/login', { email, password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Too many failed sign-in attempts/);
    await redis.del(`${prefix}:attempts:login:account:${email.toLowerCase()}`); // the window passing
    expect((await post('/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('moves an anonymous visitor’s work to the account when they sign in', async () => {
    const { email, password } = await registeredAndVerified();
    const visitor = anon();
    const login = await post('/auth/login', { email, password }, visitor);
    expect(login.statusCode).toBe(200);
    const row = await database.pool.query('select claimed_by_user_id from anonymous_sessions where id = $1', [
      visitor.kind === 'anonymous' ? visitor.anonId : '',
    ]);
    expect(row.rows[0].claimed_by_user_id).toBe(login.json()._id);
  });

  it("asks the deck and chat services to move the visitor's work, each call continuing the sign-in's trace", async () => {
    // The deck and chat services, as far as this call goes: they record what they are asked.
    const calls: { path: string; traceparent: string | undefined; body: string }[] = [];
    const services = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        calls.push({ path: req.url ?? '', traceparent: req.headers.traceparent as string | undefined, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => services.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(services.address() as AddressInfo).port}`;
    const claiming = await buildApp(
      envSchema.parse({
        ...baseEnv(),
        DECK_URL: url,
        CHAT_URL: url,
      }),
      { db: database.db, redis },
    );
    try {
      const { email, password } = await registeredAndVerified();
      const visitor = anon();
      const caller = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      const login = await claiming.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password },
        headers: { ...asCaller(visitor), traceparent: caller },
      });
      expect(login.statusCode).toBe(200);
      const authSpan = String(login.headers.traceparent).split('-')[2];
      expect(calls.map((c) => c.path)).toEqual(['/internal/claim-anonymous', '/internal/claim-anonymous']);
      for (const call of calls) {
        expect(JSON.parse(call.body)).toEqual({ anonId: visitor.kind === 'anonymous' ? visitor.anonId : '', userId: login.json()._id });
        // A child of the auth service's span for this request, in the caller's trace.
        expect(call.traceparent).toBe(`00-0af7651916cd43dd8448eb211c80319c-${authSpan}-01`);
      }
    } finally {
      await claiming.close();
      await new Promise((r) => services.close(r));
    }
  });
});

describe('Google sign-in', () => {
  it('creates an account from a valid ID token, then signs the same person in again', async () => {
    const email = newEmail();
    const sub = `g-${randomUUID()}`;
    const first = await post('/auth/google', { credential: await google.signIdToken({ sub, email, given_name: 'Grace' }) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ token: expect.any(String), user: { email, firstName: 'Grace' } });
    const again = await post('/auth/google', { credential: await google.signIdToken({ sub, email }) });
    expect(again.json().user._id).toBe(first.json().user._id);
  });

  it('links to an existing account with the same verified email', async () => {
    const { email, userId } = await registeredAndVerified();
    const res = await post('/auth/google', { credential: await google.signIdToken({ sub: `g-${randomUUID()}`, email }) });
    expect(res.json().user._id).toBe(userId);
  });

  it('refuses a wrong audience, an expired token, a bad signature and an unverified email', async () => {
    const email = newEmail();
    const bad = [
      await google.signIdToken({ email, aud: 'someone-else.apps.googleusercontent.com' }),
      await google.signIdToken({ email }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      await google.signWithOtherKey({ email }),
      await google.signIdToken({ email, iss: 'https://evil.example.com' }),
      await google.signIdToken({ email, email_verified: false }),
    ];
    for (const credential of bad) {
      const res = await post('/auth/google', { credential });
      expect(res.statusCode, credential.slice(0, 20)).toBe(401);
      expect(res.json().code).toBe('GOOGLE_TOKEN_INVALID');
    }
  });

  it('tells the web app the client id so it can show the button', async () => {
    expect((await app.inject({ url: '/auth/config', headers: asCaller({ kind: 'none' }) })).json()).toEqual({ googleClientId: google.clientId });
  });
});

describe('password reset', () => {
  const resetToken = async (email: string) => {
    const mail = (await mailsTo(email)).find((m) => m.subject === 'Reset your Mnemo password')!;
    return decodeURIComponent(/token=([^\s"&]+)/.exec(mail.text)![1]!);
  };

  it('resets through a mailed one-hour token, logs in, and ends every other session', async () => {
    const { email, password } = await registeredAndVerified();
    const old = asSession((await post('/auth/login', { email, password })).json().token);
    const req = await post('/auth/request-password-reset', { email });
    expect(req.json()).toMatchObject({ success: true });
    const token = await resetToken(email);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const mail = (await mailsTo(email)).find((m) => m.subject === 'Reset your Mnemo password')!;
    expect(mail.text).toContain('http://localhost:3999/reset-password?token=');

    const valid = await app.inject({ url: `/auth/validate-reset-token/${token}`, headers: asCaller(anon()) });
    expect(valid.json()).toEqual({ success: true, email, firstName: 'Ada' });

    const reset = await post('/auth/reset-password', { token, password: 'another-Unusual-passphrase-77' });
    expect(reset.statusCode).toBe(200);
    expect(() => findRoute('POST', '/auth/reset-password')!.response!.parse(reset.json())).not.toThrow();
    expect(reset.json()).toMatchObject({ success: true, token: expect.any(String), user: { email, token: expect.any(String) } });
    expect(await redis.get(revokedSessionKey(prefix, old.kind === 'user' ? old.sessionId! : ''))).toBe('1');

    expect((await post('/auth/reset-password', { token, password: 'third-Unusual-passphrase-99' })).json()).toMatchObject({
      code: 'RESET_TOKEN_INVALID',
      error: 'Invalid or expired reset link',
    });
    expect((await post('/auth/login', { email, password })).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: 'another-Unusual-passphrase-77' })).statusCode).toBe(200);
  });

  it('ends every outstanding reset link of the account when one is used', async () => {
    const { email } = await registeredAndVerified();
    await post('/auth/request-password-reset', { email });
    const older = await resetToken(email);
    await post('/auth/request-password-reset', { email });
    const resetMails = (await mailsTo(email)).filter((m) => m.subject === 'Reset your Mnemo password');
    expect(resetMails).toHaveLength(2);
    const newer = decodeURIComponent(/token=([^\s"&]+)/.exec(resetMails[0]!.text)![1]!);
    expect(newer).not.toBe(older);
    expect((await post('/auth/reset-password', { token: newer, password: 'another-Unusual-passphrase-77' })).statusCode).toBe(200);
    expect((await app.inject({ url: `/auth/validate-reset-token/${older}`, headers: asCaller(anon()) })).statusCode).toBe(400);
    const reused = await post('/auth/reset-password', { token: older, password: 'third-Unusual-passphrase-99' });
    expect(reused.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect((await post('/auth/login', { email, password: 'another-Unusual-passphrase-77' })).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const email = newEmail();
    const res = await post('/auth/request-password-reset', { email });
    const known = await post('/auth/request-password-reset', { email: (await registeredAndVerified()).email });
    expect(res.json()).toEqual(known.json());
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses an expired token', async () => {
    const { email } = await registeredAndVerified();
    await post('/auth/request-password-reset', { email });
    const token = await resetToken(email);
    await database.pool.query("update password_reset_tokens set expires_at = now() - interval '1 second'");
    expect((await app.inject({ url: `/auth/validate-reset-token/${token}`, headers: asCaller(anon()) })).statusCode).toBe(400);
  });
});

describe('mobile link', () => {
  it('mails a link to the product', async () => {
    const email = newEmail();
    expect((await post('/mobile/send-link', { email })).json()).toMatchObject({ success: true });
    expect((await mailsTo(email))[0]!.text).toContain('http://localhost:3999/create-flashcards');
    expect((await post('/mobile/send-link', { email: '' })).statusCode).toBe(400);
  });
});

describe('the address in mailed links', () => {
  it('follows the address the request came to without PUBLIC_URL, and PUBLIC_URL when it is set', async () => {
    // The base environment with PUBLIC_URL left unset.
    const env = envSchema.parse({ ...baseEnv(), PUBLIC_URL: undefined });
    const unpinned = await buildApp(env, { db: database.db, redis });
    try {
      const fromLoopback = asCaller(anon(), TEST_INTERNAL_SECRET, 'http://127.0.0.1:3917');
      const email = newEmail();
      await unpinned.inject({ method: 'POST', url: '/mobile/send-link', payload: { email }, headers: fromLoopback });
      expect((await mailsTo(email))[0]!.text).toContain('http://127.0.0.1:3917/create-flashcards');

      // The app of the other tests has PUBLIC_URL: a foreign address in the request changes nothing.
      const pinned = newEmail();
      await app.inject({
        method: 'POST',
        url: '/mobile/send-link',
        payload: { email: pinned },
        headers: asCaller(anon(), TEST_INTERNAL_SECRET, 'http://evil.example'),
      });
      const text = (await mailsTo(pinned))[0]!.text;
      expect(text).toContain('http://localhost:3999/create-flashcards');
      expect(text).not.toContain('evil.example');
    } finally {
      await unpinned.close();
    }
  });
});

describe('mail in production', () => {
  const productionEnv = (extra: Record<string, string>) => ({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:3999',
    DATABASE_URL: database.url,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    JWT_SECRET: 'auth-test-jwt-secret-0123456789abcdef0123456789',
    LOG_LEVEL: 'silent',
    REDIS_PREFIX: prefix,
    MAIL_OUTBOX_DIR: outbox,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    ...extra,
  });

  it('refuses to start without SMTP unless mail is explicitly disabled', () => {
    const refused = envSchema.safeParse(productionEnv({}));
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]).toMatchObject({ path: ['SMTP_HOST'], message: expect.stringContaining('MAIL_DISABLED=true') });
    expect(envSchema.safeParse(productionEnv({ MAIL_DISABLED: 'true' })).success).toBe(true);
    expect(envSchema.safeParse(productionEnv({ SMTP_HOST: 'smtp.example.com' })).success).toBe(true);
  });

  it('with MAIL_DISABLED answers mail-dependent calls 503 MAIL_DISABLED, changes nothing, and keeps Google sign-in', async () => {
    const noMail = await buildApp(envSchema.parse(productionEnv({ MAIL_DISABLED: 'true' })), { db: database.db, redis });
    try {
      const email = newEmail();
      const call = (url: string, payload: object) => noMail.inject({ method: 'POST', url, payload, headers: asCaller(anon()) });
      const reg = await call('/auth/register', { firstName: 'Ada', email, password: 'a-Long-unusual-passphrase-42' });
      expect(reg.statusCode).toBe(503);
      expect(reg.json()).toMatchObject({ code: 'MAIL_DISABLED', error: expect.stringContaining('does not send e-mail') });
      expect((await database.pool.query('select 1 from users where email = $1', [email])).rowCount).toBe(0);
      const { email: known } = await registeredAndVerified();
      expect((await call('/auth/request-password-reset', { email: known })).json().code).toBe('MAIL_DISABLED');
      expect((await call('/mobile/send-link', { email })).json().code).toBe('MAIL_DISABLED');
      expect(await mailsTo(email)).toEqual([]);
      const g = await call('/auth/google', { credential: await google.signIdToken({ sub: `g-${randomUUID()}`, email }) });
      expect(g.statusCode).toBe(200);
    } finally {
      await noMail.close();
    }
  });
});
