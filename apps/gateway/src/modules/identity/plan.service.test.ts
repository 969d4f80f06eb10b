import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '@mnemo/service-kit';
import { planCacheKey, planChangedChannel, type InternalPlanResponse } from '@mnemo/contracts/internal/billing';
import { envSchema } from '../../env';
import { buildApp } from '../../app';
import { JWT_AUDIENCE, JWT_ISSUER } from './identity.service';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const INTERNAL_SECRET = 'gateway-plan-test-internal-secret-0123';
const JWT_SECRET = 'gateway-plan-test-jwt-secret-0123456789abcdef';
const prefix = `test-gw-plan-${randomUUID()}`;
const redis = new Redis(REDIS_URL);

/** A stand-in billing service: the plan of each user, how often it was asked, and an echo. */
const plans = new Map<string, InternalPlanResponse | 'down'>();
const asked = new Map<string, number>();
async function startFakeBilling() {
  const app = createService({ name: 'fake-billing', internalSecret: INTERNAL_SECRET, logLevel: 'silent' });
  app.get('/internal/billing/plan/:userId', async (req, reply) => {
    if (req.identity.kind !== 'service') return reply.status(404).send({});
    const { userId } = req.params as { userId: string };
    asked.set(userId, (asked.get(userId) ?? 0) + 1);
    const plan = plans.get(userId) ?? { plan: 'free', subscriptionStatus: 'free' };
    if (plan === 'down') return reply.status(503).send({ success: false });
    return plan;
  });
  // The webhook's bytes, as billing receives them through the gateway.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/payment/webhook', { config: { public: true } }, async (req) => ({
      raw: (req.body as Buffer).toString('base64'),
      signature: req.headers['stripe-signature'] ?? null,
    }));
  });
  app.get('/payment/usage', async (req) => ({ identity: req.identity }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

let billing: Awaited<ReturnType<typeof startFakeBilling>>;
let gateway: Awaited<ReturnType<typeof buildApp>>;
let base: string;

beforeAll(async () => {
  billing = await startFakeBilling();
  const env = envSchema.parse({
    INTERNAL_SECRET,
    JWT_SECRET,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    AUTH_URL: billing.url,
    DECK_URL: billing.url,
    CHAT_URL: billing.url,
    BILLING_URL: billing.url,
    LOG_LEVEL: 'silent',
  });
  gateway = await buildApp(env);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gateway?.close();
  await billing?.app.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const token = (sub: string) =>
  new SignJWT({ plan: 'free', sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(JWT_SECRET));
const planSeen = async (userId: string, jwt: string) => {
  const res = await fetch(`${base}/api/payment/usage`, { headers: { authorization: `Bearer ${jwt}` } });
  return ((await res.json()) as { identity: { plan: string } }).identity.plan;
};

describe('the plan in the identity', () => {
  it('comes from billing, is cached, and is asked again once billing says it changed', async () => {
    const userId = randomUUID();
    const jwt = await token(userId);
    expect(await planSeen(userId, jwt)).toBe('free');
    expect(await planSeen(userId, jwt)).toBe('free');
    expect(asked.get(userId)).toBe(1);
    // Shared with the other gateways for 30 seconds.
    expect(await redis.ttl(planCacheKey(prefix, userId))).toBeGreaterThan(0);

    // The user upgrades: until billing says so, the cached answer stands.
    plans.set(userId, { plan: 'scholar', subscriptionStatus: 'trialing' });
    expect(await planSeen(userId, jwt)).toBe('free');
    // What billing does on a change: drop the shared copy and publish the user id.
    await redis.multi().del(planCacheKey(prefix, userId)).publish(planChangedChannel(prefix), userId).exec();
    await expect.poll(() => planSeen(userId, jwt)).toBe('scholar');
    expect(asked.get(userId)).toBe(2);
  });

  it('asks billing once for 200 concurrent first requests of one user', async () => {
    const userId = randomUUID();
    const jwt = await token(userId);
    const seen = await Promise.all(
      Array.from({ length: 200 }, () =>
        gateway.inject({ url: '/api/payment/usage', headers: { authorization: `Bearer ${jwt}` } }).then((r) => r.json().identity.plan),
      ),
    );
    expect(new Set(seen)).toEqual(new Set(['free']));
    expect(asked.get(userId)).toBe(1);
  });

  it('falls back to the token’s plan when billing does not answer, and still serves the call', async () => {
    const userId = randomUUID();
    plans.set(userId, 'down');
    expect(await planSeen(userId, await token(userId))).toBe('free');
    expect(await redis.exists(planCacheKey(prefix, userId))).toBe(0);
  });

  it('forwards a Stripe webhook’s bytes and signature unchanged', async () => {
    // Whitespace and key order a JSON round trip would change: the signature covers them.
    const payload = Buffer.from('{ "id":"evt_1",\n  "type" : "invoice.paid", "data":{"object":{}} }\n', 'utf8');
    const res = await fetch(`${base}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': 't=1,v1=abc' },
      body: payload,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { raw: string; signature: string };
    expect(Buffer.from(body.raw, 'base64').equals(payload)).toBe(true);
    expect(body.signature).toBe('t=1,v1=abc');
  });
});
