import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsServer, createService } from '@mnemo/service-kit';
import { eventually, startOwnRedis } from '@mnemo/service-kit/testing';
import { envSchema } from './env';
import { buildApp } from './app';
import { JWT_AUDIENCE, JWT_ISSUER } from './modules/identity/identity.service';
import { createAnonymousIds } from './modules/identity/anonymous-id';

const INTERNAL_SECRET = 'gateway-test-internal-secret-0123';
const JWT_SECRET = 'gateway-test-jwt-secret-0123456789abcdef0123';

let redis: Awaited<ReturnType<typeof startOwnRedis>>;
let echo: ReturnType<typeof createService>;
let gateway: Awaited<ReturnType<typeof buildApp>>;
let ops: ReturnType<typeof createOpsServer>;

beforeAll(async () => {
  // The test's own Redis: it is stopped below, which the machine's shared one must never be.
  redis = await startOwnRedis();
  echo = createService({ name: 'echo', internalSecret: INTERNAL_SECRET, logLevel: 'silent' });
  echo.all('/*', async (req) => ({ identity: req.identity }));
  await echo.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(echo.server.address() as AddressInfo).port}`;
  gateway = await buildApp(
    envSchema.parse({
      INTERNAL_SECRET, JWT_SECRET, REDIS_URL: redis.url, REDIS_PREFIX: `test-gw-outage-${randomUUID()}`, LOG_LEVEL: 'silent',
      AUTH_URL: url, DECK_URL: url, CHAT_URL: url, BILLING_URL: url,
    }),
  );
  ops = createOpsServer(gateway);
  await gateway.ready();
});

afterAll(async () => {
  await gateway.close();
  await echo.close();
  await redis.stop();
});

const bearer = async () =>
  `Bearer ${await new SignJWT({ sub: randomUUID(), plan: 'free' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(JWT_SECRET))}`;

describe('the gateway while Redis is down', () => {
  it('reports Redis down in /api/healthz at once, answers 503 where Redis is needed (signed-in calls, new guest ids), serves guests and the rest, and recovers', async () => {
    const authorization = await bearer();
    const anonId = randomUUID();
    const guest = { 'x-anonymous-session': createAnonymousIds(JWT_SECRET).issue(anonId) };
    await eventually(async () => expect((await gateway.inject({ url: '/api/spaces', headers: { authorization } })).statusCode).toBe(200));

    await redis.stop();

    const health = await gateway.inject('/api/healthz');
    expect(health.statusCode).toBe(503);
    expect(health.json().services.gateway.status).toBe('down');
    expect(health.json().services.worker.status).toBe('down');
    expect(health.json().services.deck.status).toBe('ok');
    // A signed-in call needs Redis (a logged-out session must stay logged out): a clear 503.
    const signedIn = await gateway.inject({ url: '/api/spaces', headers: { authorization } });
    expect(signedIn.statusCode).toBe(503);
    expect(signedIn.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // A call without a session needs no Redis at the gateway: rate limits are skipped, it is served.
    const publicCall = await gateway.inject({ url: '/api/spaces' });
    expect(publicCall.statusCode).toBe(200);
    expect(publicCall.json()).toEqual({ identity: { kind: 'none' } });
    // A guest's call needs no Redis either (its id is checked by signature; its limits are skipped
    // like everyone's): served as the guest, as before the outage.
    const guestCall = await gateway.inject({ url: '/api/spaces', headers: guest });
    expect(guestCall.statusCode).toBe(200);
    expect(guestCall.json()).toEqual({ identity: { kind: 'anonymous', anonId, plan: 'anonymous' } });
    // Issuing a new guest id is refused, deliberately: it could not be counted against the address.
    const minted = await gateway.inject({ method: 'POST', url: '/api/auth/anonymous-sessions' });
    expect(minted.statusCode).toBe(503);
    expect(minted.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await ops.inject('/readyz')).statusCode).toBe(503);

    await redis.start();
    await eventually(async () => expect((await gateway.inject({ url: '/api/spaces', headers: { authorization } })).statusCode).toBe(200));
    await eventually(async () => expect((await gateway.inject('/api/healthz')).json().services.gateway.status).toBe('ok'));
  });
});
