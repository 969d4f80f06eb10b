import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '@mnemo/db/testing';
import { stripeEvents, subscriptions, users } from '@mnemo/db/schema';
import { findRoute } from '@mnemo/contracts/routes';
import { planCacheKey } from '@mnemo/contracts/internal/billing';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { fakeStripeSubscription, startFakeStripe, type FakeStripe, type FakeStripeSubscription } from '@mnemo/testing/stripe';
import { envSchema } from '../../env';
import { buildApp } from '../../app';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const PRICE = 'price_test_scholar_monthly';
const PUBLIC_URL = 'http://localhost:3999';
const DAY = 86_400_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let fake: FakeStripe;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `test-billing-stripe-${randomUUID()}`;
// Only used to sign test events the way Stripe does.
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeStripe();
  const env = envSchema.parse({
    DATABASE_URL: database.url,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    LOG_LEVEL: 'silent',
    REDIS_PREFIX: prefix,
    PUBLIC_URL,
    STRIPE_SECRET_KEY: 'sk_test_billing',
    STRIPE_PRICE_ID: PRICE,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  app = await buildApp(env, { db: database.db, redis });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
  await database?.close();
  await redis.quit();
});

async function user() {
  const [u] = await database.db.insert(users).values({ email: `${randomUUID()}@example.com`, firstName: 'Ada' }).returning();
  return u!;
}
const asUser = (userId: string) => asCaller({ kind: 'user', userId, plan: 'free' });
// Signed per call: a signed identity lasts a minute, and this file can take longer on a busy machine.
const asService = () => asCaller({ kind: 'service', service: 'gateway' });

// Event times go forward one second per event, as Stripe's `created` does.
let clock = Math.floor(Date.now() / 1000);
function event(type: string, object: object, id = `evt_${randomUUID().replace(/-/g, '')}`) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: ++clock,
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}
function send(evt: object, { signature }: { signature?: string } = {}) {
  const payload = JSON.stringify(evt);
  return app.inject({
    method: 'POST',
    url: '/payment/webhook',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}
const usage = async (userId: string) => (await app.inject({ url: '/payment/usage', headers: asUser(userId) })).json();
const plan = async (userId: string) => (await app.inject({ url: `/internal/billing/plan/${userId}`, headers: asService() })).json();
const subscriptionEvent = (type: string, sub: FakeStripeSubscription) => event(type, sub);

describe('Stripe checkout and webhooks', () => {
  it('takes a user from checkout through trialing, active, past due and canceled', async () => {
    const u = await user();

    // Checkout: the Scholar price with the 14-day trial, the user as client reference, the referral code.
    const checkout = await app.inject({
      method: 'POST',
      url: '/payment/create-checkout-session',
      headers: asUser(u.id),
      payload: { referralCode: 'friend-42' },
    });
    expect(checkout.statusCode).toBe(200);
    expect(() => findRoute('POST', '/payment/create-checkout-session')!.response!.parse(checkout.json())).not.toThrow();
    expect(checkout.json().checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICE,
      'line_items[0][quantity]': '1',
      'subscription_data[trial_period_days]': '14',
      'subscription_data[metadata][userId]': u.id,
      'subscription_data[metadata][referralCode]': 'friend-42',
      client_reference_id: u.id,
      'metadata[userId]': u.id,
      'metadata[referralCode]': 'friend-42',
      success_url: `${PUBLIC_URL}/settings?payment=success`,
      cancel_url: `${PUBLIC_URL}/settings?payment=canceled`,
    });
    expect(sent.form.customer).toBeUndefined();
    expect(checkout.json().sessionId).toMatch(/^cs_test_/);
    expect(await usage(u.id)).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: 'free', limitMB: 60 });

    // Checkout completes: Stripe made a trialing subscription; billing asks Stripe for it.
    const customer = `cus_${randomUUID().slice(0, 8)}`;
    const trialEnd = new Date(Date.now() + 14 * DAY);
    const sub = fakeStripeSubscription({ customer, priceId: PRICE, status: 'trialing', trialEnd, periodEnd: trialEnd, metadata: { userId: u.id } });
    fake.putSubscription(sub);
    await redis.set(planCacheKey(prefix, u.id), JSON.stringify({ plan: 'free', subscriptionStatus: 'free' }));
    const completed = await send(
      event('checkout.session.completed', {
        id: checkout.json().sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        client_reference_id: u.id,
        customer,
        subscription: sub.id,
        metadata: { userId: u.id, referralCode: 'friend-42' },
      }),
    );
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toEqual({ received: true });
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${sub.id}`)).toBe(true);
    expect(await usage(u.id)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'trialing', limitMB: null, remainingMB: null });
    expect(await plan(u.id)).toEqual({ plan: 'scholar', subscriptionStatus: 'trialing' });
    // The gateways' cached plan was dropped.
    expect(await redis.exists(planCacheKey(prefix, u.id))).toBe(0);
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
    expect(row).toMatchObject({ stripeCustomerId: customer, stripeSubscriptionId: sub.id, cancelAtPeriodEnd: false });
    expect(Math.round(row!.trialEnd!.getTime() / 1000)).toBe(Math.floor(trialEnd.getTime() / 1000));

    // The trial ends and the first payment goes through.
    const periodEnd = new Date(Date.now() + 44 * DAY);
    const activeEvent = subscriptionEvent('customer.subscription.updated', { ...fakeStripeSubscription({ ...sub, priceId: PRICE, status: 'active', trialEnd, periodEnd }), id: sub.id });
    expect((await send(activeEvent)).statusCode).toBe(200);
    expect(await usage(u.id)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'active', limitMB: null });
    expect(await plan(u.id)).toEqual({ plan: 'scholar', subscriptionStatus: 'active' });
    const [active] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
    expect(Math.round(active!.currentPeriodEnd!.getTime() / 1000)).toBe(Math.floor(periodEnd.getTime() / 1000));

    // A renewal fails: past due keeps Scholar while Stripe retries (docs/decisions.md).
    const failed = await send(event('invoice.payment_failed', { id: 'in_test_1', object: 'invoice', customer, status: 'open', attempt_count: 1 }));
    expect(failed.statusCode).toBe(200);
    expect(await usage(u.id)).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'past_due', limitMB: null });
    expect(await plan(u.id)).toEqual({ plan: 'scholar', subscriptionStatus: 'past_due' });

    // Retries run out and Stripe cancels.
    const canceled = { ...sub, status: 'canceled' as const, canceled_at: clock };
    const deletedEvent = subscriptionEvent('customer.subscription.deleted', canceled);
    expect((await send(deletedEvent)).statusCode).toBe(200);
    expect(await usage(u.id)).toMatchObject({ hasActiveSubscription: false, subscriptionStatus: 'canceled', limitMB: 60, remainingMB: 60 });
    expect(await plan(u.id)).toEqual({ plan: 'free', subscriptionStatus: 'canceled' });

    // A replayed event (same id, same signed payload) changes nothing: not the state, not even the
    // row's update time (the latest event would otherwise be written again).
    const [before] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
    for (const again of [deletedEvent, activeEvent]) {
      const replay = await send(again);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true });
    }
    const [after] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
    expect(after).toEqual(before);
    expect(await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, deletedEvent.id))).toHaveLength(1);
    expect(await plan(u.id)).toEqual({ plan: 'free', subscriptionStatus: 'canceled' });

    // The billing portal opens for the customer, back to settings.
    const portal = await app.inject({ method: 'POST', url: '/payment/create-billing-portal', headers: asUser(u.id) });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().portalUrl).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.form).toEqual({
      customer,
      return_url: `${PUBLIC_URL}/settings`,
    });

    // Subscribing again reuses the customer.
    await app.inject({ method: 'POST', url: '/payment/create-checkout-session', headers: asUser(u.id), payload: {} });
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form.customer).toBe(customer);
  });

  it('never lets an older event overwrite a newer state', async () => {
    const u = await user();
    const customer = `cus_${randomUUID().slice(0, 8)}`;
    const periodEnd = new Date(Date.now() + 30 * DAY);
    const sub = fakeStripeSubscription({ customer, priceId: PRICE, status: 'active', periodEnd, metadata: { userId: u.id } });
    const older = subscriptionEvent('customer.subscription.created', { ...sub, status: 'incomplete' });
    const newer = subscriptionEvent('customer.subscription.updated', sub);
    expect((await send(newer)).statusCode).toBe(200);
    expect((await send(older)).statusCode).toBe(200);
    expect(await plan(u.id)).toEqual({ plan: 'scholar', subscriptionStatus: 'active' });
  });

  it('does not let the end of an older subscription end the current one', async () => {
    const u = await user();
    const customer = `cus_${randomUUID().slice(0, 8)}`;
    const periodEnd = new Date(Date.now() + 30 * DAY);
    const old = fakeStripeSubscription({ customer, priceId: PRICE, status: 'active', periodEnd, metadata: { userId: u.id } });
    const current = fakeStripeSubscription({ customer, priceId: PRICE, status: 'active', periodEnd, metadata: { userId: u.id } });
    expect((await send(subscriptionEvent('customer.subscription.created', current))).statusCode).toBe(200);
    expect((await send(subscriptionEvent('customer.subscription.deleted', { ...old, status: 'canceled' }))).statusCode).toBe(200);
    expect(await plan(u.id)).toEqual({ plan: 'scholar', subscriptionStatus: 'active' });
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
    expect(row!.stripeSubscriptionId).toBe(current.id);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const u = await user();
    const sub = fakeStripeSubscription({ customer: 'cus_bad', priceId: PRICE, status: 'active', periodEnd: new Date(Date.now() + DAY), metadata: { userId: u.id } });
    const evt = subscriptionEvent('customer.subscription.created', sub);
    const forged = signer.webhooks.generateTestHeaderString({ payload: JSON.stringify(evt), secret: 'whsec_someone_else' });
    const res = await send(evt, { signature: forged });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'WEBHOOK_SIGNATURE_INVALID' });
    const missing = await app.inject({ method: 'POST', url: '/payment/webhook', payload: JSON.stringify(evt), headers: { 'content-type': 'application/json' } });
    expect(missing.statusCode).toBe(400);
    // A body changed after signing does not verify either: the signature covers the raw bytes.
    const payload = JSON.stringify(evt);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await app.inject({
      method: 'POST',
      url: '/payment/webhook',
      payload: payload.replace('"active"', '"trialing"'),
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
    expect(tampered.statusCode).toBe(400);
    expect(await plan(u.id)).toEqual({ plan: 'free', subscriptionStatus: 'free' });
    expect(await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, evt.id))).toHaveLength(0);
  });

  it('acknowledges an event for an unknown customer and changes nothing', async () => {
    const sub = fakeStripeSubscription({ customer: 'cus_nobody', priceId: PRICE, status: 'active', periodEnd: new Date(Date.now() + DAY) });
    const res = await send(subscriptionEvent('customer.subscription.updated', sub));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const failed = await send(event('invoice.payment_failed', { id: 'in_test_2', object: 'invoice', customer: 'cus_nobody' }));
    expect(failed.statusCode).toBe(200);
    // Metadata naming a user who does not exist (deleted since) is as unknown.
    const ghost = await send(subscriptionEvent('customer.subscription.updated', { ...sub, metadata: { userId: randomUUID() } }));
    expect(ghost.statusCode).toBe(200);
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, 'cus_nobody'))).toHaveLength(0);
  });

  it('opens no portal for a user who never subscribed, and no demo calls', async () => {
    const u = await user();
    const res = await app.inject({ method: 'POST', url: '/payment/create-billing-portal', headers: asUser(u.id) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NO_BILLING_ACCOUNT');
    expect((await app.inject({ url: '/payment/demo/subscription', headers: asUser(u.id) })).statusCode).toBe(404);
  });

  it('needs a signed-in user for checkout', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/payment/create-checkout-session',
      headers: asCaller({ kind: 'anonymous', anonId: randomUUID(), plan: 'anonymous' }),
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Authentication required');
  });
});
