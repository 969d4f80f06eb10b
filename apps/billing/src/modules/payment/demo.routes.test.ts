import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@mnemo/db/testing';
import { users } from '@mnemo/db/schema';
import { findRoute } from '@mnemo/contracts/routes';
import { planCacheKey, planChangedChannel } from '@mnemo/contracts/internal/billing';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { createRedis } from '@mnemo/service-kit/plugins/redis';
import { envSchema } from '../../env';
import { buildApp } from '../../app';

const PUBLIC_URL = 'http://localhost:3998';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
// A subscriber as the gateway makes it (no ready check: redis/ioredis#2037).
const subscriber = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { subscriber: true });
const prefix = `test-billing-demo-${randomUUID()}`;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = envSchema.parse({ DATABASE_URL: database.url, INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent', REDIS_PREFIX: prefix, PUBLIC_URL });
  app = await buildApp(env, { db: database.db, redis });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await redis.quit();
  await subscriber.quit();
});

async function user() {
  const [u] = await database.db.insert(users).values({ email: `${randomUUID()}@example.com`, firstName: 'Ada' }).returning();
  return u!;
}
const asUser = (userId: string) => asCaller({ kind: 'user', userId, plan: 'free' });
const plan = async (userId: string) =>
  (await app.inject({ url: `/internal/billing/plan/${userId}`, headers: asCaller({ kind: 'service', service: 'gateway' }) })).json();
const call = (userId: string, method: 'GET' | 'POST', url: string) => app.inject({ method, url, headers: asUser(userId) });
const parse = (method: string, path: string, body: unknown) => findRoute(method, path)!.response!.parse(body);

describe('demo billing (no Stripe configured)', () => {
  it('starts a trial through the demo checkout and cancels it, with the plan following', async () => {
    const u = await user();
    const changed: string[] = [];
    await subscriber.subscribe(planChangedChannel(prefix));
    subscriber.on('message', (_channel, message: string) => changed.push(message));

    const checkout = await call(u.id, 'POST', '/payment/create-checkout-session');
    expect(checkout.statusCode).toBe(200);
    const { checkoutUrl, sessionId } = checkout.json();
    // A second session opened in another tab before the first completes.
    const second = (await call(u.id, 'POST', '/payment/create-checkout-session')).json().sessionId as string;
    expect(second).not.toBe(sessionId);
    expect(checkoutUrl).toBe(`${PUBLIC_URL}/billing/demo-checkout?session=${sessionId}`);

    const session = await call(u.id, 'GET', `/payment/demo/checkout/${sessionId}`);
    expect(session.statusCode).toBe(200);
    const body = parse('GET', '/payment/demo/checkout/:sessionId', session.json()) as { session: { expiresAt: string } };
    expect(session.json().session).toMatchObject({ id: sessionId, planName: 'Scholar', priceMonthlyUSD: 12, trialDays: 14 });
    expect(new Date(body.session.expiresAt).getTime()).toBeGreaterThan(Date.now());

    // Someone else's session is unknown to them, and completing it does nothing.
    const other = await user();
    expect((await call(other.id, 'GET', `/payment/demo/checkout/${sessionId}`)).statusCode).toBe(404);
    expect((await call(other.id, 'POST', `/payment/demo/checkout/${sessionId}/complete`)).statusCode).toBe(404);
    expect(await plan(other.id)).toEqual({ plan: 'free', subscriptionStatus: 'free' });

    await redis.set(planCacheKey(prefix, u.id), JSON.stringify({ plan: 'free', subscriptionStatus: 'free' }));
    const complete = await call(u.id, 'POST', `/payment/demo/checkout/${sessionId}/complete`);
    expect(complete.statusCode).toBe(200);
    expect(parse('POST', '/payment/demo/checkout/:sessionId/complete', complete.json())).toEqual({ success: true, subscriptionStatus: 'trialing' });
    expect(await plan(u.id)).toEqual({ plan: 'scholar', subscriptionStatus: 'trialing' });
    expect(await redis.exists(planCacheKey(prefix, u.id))).toBe(0);
    await expect.poll(() => changed).toContain(u.id);
    // A session completes once, and a second one does not restart the trial.
    expect((await call(u.id, 'POST', `/payment/demo/checkout/${sessionId}/complete`)).statusCode).toBe(404);
    expect((await call(u.id, 'POST', `/payment/demo/checkout/${second}/complete`)).statusCode).toBe(409);

    const usage = (await call(u.id, 'GET', '/payment/usage')).json();
    expect(usage).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'trialing', limitMB: null });

    const sub = await call(u.id, 'GET', '/payment/demo/subscription');
    const view = parse('GET', '/payment/demo/subscription', sub.json()) as { trialEnd: string };
    expect(sub.json()).toMatchObject({ subscriptionStatus: 'trialing', cancelAtPeriodEnd: false });
    const days = (new Date(view.trialEnd).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    // A subscriber gets no second checkout; the portal is the demo portal.
    expect((await call(u.id, 'POST', '/payment/create-checkout-session')).statusCode).toBe(409);
    const portal = await call(u.id, 'POST', '/payment/create-billing-portal');
    expect(portal.json()).toEqual({ success: true, portalUrl: `${PUBLIC_URL}/billing/demo-portal` });

    const cancel = await call(u.id, 'POST', '/payment/demo/subscription/cancel');
    expect(cancel.statusCode).toBe(200);
    expect(parse('POST', '/payment/demo/subscription/cancel', cancel.json())).toMatchObject({ subscriptionStatus: 'canceled' });
    expect(await plan(u.id)).toEqual({ plan: 'free', subscriptionStatus: 'canceled' });
    expect((await call(u.id, 'GET', '/payment/usage')).json()).toMatchObject({ hasActiveSubscription: false, limitMB: 60 });
  });

  it('answers 404 for an unknown session and no portal before a subscription', async () => {
    const u = await user();
    expect((await call(u.id, 'GET', '/payment/demo/checkout/demo_cs_nothing')).statusCode).toBe(404);
    const portal = await call(u.id, 'POST', '/payment/create-billing-portal');
    expect(portal.statusCode).toBe(409);
    expect(portal.json().code).toBe('NO_BILLING_ACCOUNT');
    expect((await call(u.id, 'GET', '/payment/demo/subscription')).json()).toEqual({
      success: true,
      subscriptionStatus: 'free',
      trialEnd: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
  });

  it('has no webhook without Stripe', async () => {
    const res = await app.inject({ method: 'POST', url: '/payment/webhook', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('the public address of checkout and portal links', () => {
  it('sends a learner on 127.0.0.1 to 127.0.0.1, and PUBLIC_URL wins over the address when set', async () => {
    const env = envSchema.parse({ DATABASE_URL: database.url, INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent', REDIS_PREFIX: prefix });
    const unpinned = await buildApp(env, { db: database.db, redis });
    try {
      const u = await user();
      const fromLoopback = asCaller({ kind: 'user', userId: u.id, plan: 'free' }, TEST_INTERNAL_SECRET, 'http://127.0.0.1:3917');
      const checkout = await unpinned.inject({ method: 'POST', url: '/payment/create-checkout-session', headers: fromLoopback });
      const { checkoutUrl, sessionId } = checkout.json();
      expect(checkoutUrl).toBe(`http://127.0.0.1:3917/billing/demo-checkout?session=${sessionId}`);
      await unpinned.inject({ method: 'POST', url: `/payment/demo/checkout/${sessionId}/complete`, headers: fromLoopback });
      const portal = await unpinned.inject({ method: 'POST', url: '/payment/create-billing-portal', headers: fromLoopback });
      expect(portal.json().portalUrl).toBe('http://127.0.0.1:3917/billing/demo-portal');

      // The app above has PUBLIC_URL: the address the request names changes nothing.
      const other = await user();
      const pinned = await app.inject({
        method: 'POST',
        url: '/payment/create-checkout-session',
        headers: asCaller({ kind: 'user', userId: other.id, plan: 'free' }, TEST_INTERNAL_SECRET, 'http://evil.example'),
      });
      expect(pinned.json().checkoutUrl).toMatch(new RegExp(`^${PUBLIC_URL}/billing/demo-checkout\\?session=`));

      // No PUBLIC_URL and no signed address (a call that did not come through the gateway): no guess.
      const unknown = await unpinned.inject({ method: 'POST', url: '/payment/create-checkout-session', headers: asUser(other.id) });
      expect(unknown.statusCode).toBe(500);
    } finally {
      await unpinned.close();
    }
  });
});
