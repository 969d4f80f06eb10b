import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@mnemo/db/testing';
import { monthlyUsage, subscriptions, users } from '@mnemo/db/schema';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { findRoute } from '@mnemo/contracts/routes';
import { envSchema } from '../../env';
import { buildApp } from '../../app';
import { monthWindow } from './usage.service';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

beforeAll(async () => {
  database = await createTestDatabase();
  const env = envSchema.parse({ DATABASE_URL: database.url, INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent' });
  app = await buildApp(env, { db: database.db, redis });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await redis.quit();
});

async function user() {
  const [u] = await database.db.insert(users).values({ email: `${randomUUID()}@example.com`, firstName: 'Ada' }).returning();
  return u!;
}
const asUser = (userId: string) => asCaller({ kind: 'user', userId, plan: 'free' });

describe('GET /payment/usage', () => {
  it('shows a free user the 60 MB allowance and this month’s processing', async () => {
    const u = await user();
    const { month, resetDate } = monthWindow(new Date());
    await database.db.insert(monthlyUsage).values({ ownerUserId: u.id, month, processedBytes: 15 * MB });
    const res = await app.inject({ url: '/payment/usage', headers: asUser(u.id) });
    expect(res.statusCode).toBe(200);
    expect(() => findRoute('GET', '/payment/usage')!.response!.parse(res.json())).not.toThrow();
    expect(res.json()).toMatchObject({
      hasActiveSubscription: false,
      subscriptionStatus: 'free',
      currentUsageMB: 15,
      limitMB: 60,
      remainingMB: 45,
      usagePercentage: 25,
      resetDate,
    });
  });

  it('shows a trialing subscriber as active with no limit', async () => {
    const u = await user();
    await database.db.insert(subscriptions).values({ userId: u.id, status: 'trialing' });
    const body = (await app.inject({ url: '/payment/usage', headers: asUser(u.id) })).json();
    expect(body).toMatchObject({ hasActiveSubscription: true, subscriptionStatus: 'trialing', limitMB: null, remainingMB: null });
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({ url: '/payment/usage', headers: asCaller({ kind: 'anonymous', anonId: randomUUID(), plan: 'anonymous' }) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Authentication required');
  });
});

const asService = asCaller({ kind: 'service', service: 'deck' });
const MB = 1024 * 1024;
const record = (body: object) => app.inject({ method: 'POST', url: '/internal/billing/usage/record', headers: asService, payload: body });
const check = (body: object) => app.inject({ method: 'POST', url: '/internal/billing/usage/check', headers: asService, payload: body });

describe('the internal usage API', () => {
  it('counts a source once per attempt, however often it is reported', async () => {
    const u = await user();
    const sourceId = randomUUID();
    const first = await record({ owner: { userId: u.id }, bytes: 5 * MB, sourceId, attempt: 1 });
    expect(first.json()).toEqual({ recorded: true, usedBytes: 5 * MB });
    const again = await record({ owner: { userId: u.id }, bytes: 5 * MB, sourceId, attempt: 1 });
    expect(again.json()).toEqual({ recorded: false, usedBytes: 5 * MB });
    // A new attempt (the learner retried a failed source) is new processing.
    expect((await record({ owner: { userId: u.id }, bytes: 5 * MB, sourceId, attempt: 2 })).json()).toEqual({ recorded: true, usedBytes: 10 * MB });
    // Reports racing each other still count once.
    const other = randomUUID();
    const raced = await Promise.all([1, 2, 3].map(() => record({ owner: { userId: u.id }, bytes: MB, sourceId: other, attempt: 1 })));
    expect(raced.filter((r) => r.json().recorded)).toHaveLength(1);
    expect((await app.inject({ url: '/payment/usage', headers: asUser(u.id) })).json()).toMatchObject({ currentUsageMB: 11 });
  });

  it('refuses a free user past 60 MB and lets a Scholar through', async () => {
    const free = await user();
    await record({ owner: { userId: free.id }, bytes: 55 * MB, sourceId: randomUUID(), attempt: 1 });
    const fits = await check({ owner: { userId: free.id }, bytes: 5 * MB });
    expect(fits.json()).toMatchObject({ allowed: true, plan: 'free', usedBytes: 55 * MB, limitBytes: 60 * MB });
    expect((await check({ owner: { userId: free.id }, bytes: 5 * MB + 1 })).json()).toMatchObject({ allowed: false });

    const scholar = await user();
    await database.db.insert(subscriptions).values({ userId: scholar.id, status: 'active' });
    await record({ owner: { userId: scholar.id }, bytes: 500 * MB, sourceId: randomUUID(), attempt: 1 });
    expect((await check({ owner: { userId: scholar.id }, bytes: 100 * MB })).json()).toMatchObject({ allowed: true, plan: 'scholar', limitBytes: null });
  });

  it('counts anonymous visitors against their own allowance', async () => {
    const anonId = randomUUID();
    expect((await record({ owner: { anonId }, bytes: 60 * MB, sourceId: randomUUID(), attempt: 1 })).json()).toEqual({ recorded: true, usedBytes: 60 * MB });
    expect((await check({ owner: { anonId }, bytes: 1 })).json()).toMatchObject({ allowed: false, plan: 'anonymous', limitBytes: 60 * MB });
  });

  it('answers services only', async () => {
    const u = await user();
    const res = await app.inject({ method: 'POST', url: '/internal/billing/usage/check', headers: asUser(u.id), payload: { owner: { userId: u.id }, bytes: 1 } });
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ url: `/internal/billing/plan/${u.id}`, headers: asUser(u.id) })).statusCode).toBe(404);
  });
});

describe('POST /payment/check-usage-limit', () => {
  it('says whether content of that size still fits this month', async () => {
    const u = await user();
    await record({ owner: { userId: u.id }, bytes: 50 * MB, sourceId: randomUUID(), attempt: 1 });
    const ok = await app.inject({ method: 'POST', url: '/payment/check-usage-limit', headers: asUser(u.id), payload: { contentSizeMB: 10 } });
    expect(() => findRoute('POST', '/payment/check-usage-limit')!.response!.parse(ok.json())).not.toThrow();
    expect(ok.json()).toMatchObject({ allowed: true, limitReached: false, currentUsageMB: 50, limitMB: 60, remainingMB: 10 });
    const over = await app.inject({ method: 'POST', url: '/payment/check-usage-limit', headers: asUser(u.id), payload: { contentSizeMB: 10.5 } });
    expect(over.json()).toMatchObject({ allowed: false, limitReached: true });
    const bad = await app.inject({ method: 'POST', url: '/payment/check-usage-limit', headers: asUser(u.id), payload: { contentSizeMB: -1 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the environment', () => {
  it('refuses a partly configured Stripe with a readable message', () => {
    const result = envSchema.safeParse({ DATABASE_URL: 'x', INTERNAL_SECRET: TEST_INTERNAL_SECRET, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_ID: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/STRIPE_SECRET_KEY set but STRIPE_PRICE_ID, STRIPE_WEBHOOK_SECRET missing/);
  });
});

describe('monthWindow', () => {
  it('resets on the first of the next month, across a year end', () => {
    expect(monthWindow(new Date('2026-12-31T23:00:00Z'))).toEqual({ month: '2026-12-01', resetDate: '2027-01-01T00:00:00.000Z' });
  });
});
