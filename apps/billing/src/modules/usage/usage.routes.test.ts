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
    await database.db.insert(monthlyUsage).values({ ownerUserId: u.id, month, processedBytes: 15 * 1024 * 1024 });
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

describe('monthWindow', () => {
  it('resets on the first of the next month, across a year end', () => {
    expect(monthWindow(new Date('2026-12-31T23:00:00Z'))).toEqual({ month: '2026-12-01', resetDate: '2027-01-01T00:00:00.000Z' });
  });
});
