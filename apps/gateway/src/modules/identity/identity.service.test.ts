import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { revokedSessionKey, sessionsValidAfterKey } from '@mnemo/contracts/identity';
import { createAnonymousIds } from './anonymous-id';
import { createIdentityResolver, JWT_AUDIENCE, JWT_ISSUER } from './identity.service';

const JWT_SECRET = 'identity-test-jwt-secret-0123456789abcdef';
const prefix = `test-gw-identity-${randomUUID()}`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

/** A resolver on a clock the test moves. */
function resolverAt(start: number) {
  const clock = { now: start };
  const resolver = createIdentityResolver({
    jwtSecret: JWT_SECRET,
    anonymousIds: createAnonymousIds(JWT_SECRET),
    redis,
    redisPrefix: prefix,
    now: () => clock.now,
  });
  const resolve = async (token: string) => resolver.resolve({ authorization: `Bearer ${token}` });
  return { clock, resolve };
}

const tokenAt = (seconds: number, { sub = randomUUID(), jti = randomUUID(), lifetime = 60, secret = JWT_SECRET } = {}) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(seconds)
    .setJti(jti)
    .setExpirationTime(seconds + lifetime)
    .sign(new TextEncoder().encode(secret));

const refusal = (message: string) => expect.objectContaining({ code: 'TOKEN_INVALID', message, flags: { shouldClearToken: true } });

describe('verified tokens remembered at the edge', () => {
  it('still refuses a remembered token from the second its exp names, as jwtVerify does', async () => {
    const start = 1_800_000_000_000;
    const { clock, resolve } = resolverAt(start);
    const sub = randomUUID();
    const token = await tokenAt(start / 1000, { sub, lifetime: 60 });
    expect(await resolve(token)).toMatchObject({ kind: 'user', userId: sub });
    clock.now = start + 59_999;
    expect(await resolve(token)).toMatchObject({ kind: 'user', userId: sub });
    clock.now = start + 60_000;
    await expect(resolve(token)).rejects.toEqual(refusal('Session expired'));
    // Forgotten once expired: an earlier clock (a test's, not a real one) verifies it afresh.
    clock.now = start + 1_000;
    expect(await resolve(token)).toMatchObject({ kind: 'user', userId: sub });
  });

  it('refuses a remembered token on the next call once its session is logged out or ended everywhere', async () => {
    const now = Date.now();
    const { resolve } = resolverAt(now);
    const sub = randomUUID();
    const jti = randomUUID();
    const token = await tokenAt(Math.floor(now / 1000) - 5, { sub, jti });
    expect(await resolve(token)).toMatchObject({ kind: 'user', userId: sub, sessionId: jti });
    await redis.set(revokedSessionKey(prefix, jti), '1', 'EX', 60);
    await expect(resolve(token)).rejects.toEqual(refusal('Session ended'));
    await redis.del(revokedSessionKey(prefix, jti));
    expect(await resolve(token)).toMatchObject({ kind: 'user', userId: sub });
    await redis.set(sessionsValidAfterKey(prefix, sub), String(now), 'EX', 60);
    await expect(resolve(token)).rejects.toEqual(refusal('Session ended'));
  });

  it('refuses a token altered after the genuine one was remembered', async () => {
    const now = Date.now();
    const { resolve } = resolverAt(now);
    const token = await tokenAt(Math.floor(now / 1000));
    await resolve(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(resolve(forged)).rejects.toEqual(refusal('Invalid session token'));
    const foreign = await tokenAt(Math.floor(now / 1000), { secret: 'another-secret-0123456789abcdef0123456789' });
    await expect(resolve(foreign)).rejects.toEqual(refusal('Invalid session token'));
    // The genuine token still passes.
    expect(await resolve(token)).toMatchObject({ kind: 'user' });
  });
});

describe('verified guest ids remembered at the edge', () => {
  it('answers a remembered guest id as before and still refuses forgeries of it', () => {
    const ids = createAnonymousIds(JWT_SECRET, { remember: 2 });
    const uuid = randomUUID();
    const id = ids.issue(uuid);
    expect(ids.verify(id)).toBe(uuid);
    expect(ids.verify(id)).toBe(uuid);
    const signature = id.split('.')[1]!;
    expect(ids.verify(`${uuid}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(ids.verify(`${randomUUID()}.${signature}`)).toBeNull();
    // Past its bound the oldest are forgotten and verified afresh, with the same answer.
    for (let i = 0; i < 3; i++) ids.verify(ids.issue());
    expect(ids.verify(id)).toBe(uuid);
  });
});
