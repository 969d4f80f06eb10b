import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '@mnemo/service-kit';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { usageRoutes } from './usage.routes';
import type { UsageService } from './usage.service';

/** What the usage service answers; each test sets it. */
let answer: unknown;
const app = createService({ name: 'billing', internalSecret: TEST_INTERNAL_SECRET, logLevel: 'silent' });

beforeAll(async () => {
  const service = { usageOf: async () => answer } as unknown as UsageService;
  await app.register(usageRoutes, { service, subscriptions: { stateOf: async () => ({ plan: 'free', status: 'free' }) } as never });
  await app.ready();
});
afterAll(() => app.close());

const usage = () => app.inject({ url: '/payment/usage', headers: asCaller({ kind: 'user', userId: randomUUID(), plan: 'free' }) });
const stats = {
  success: true,
  hasActiveSubscription: false,
  subscriptionStatus: 'free',
  currentUsageMB: 15,
  limitMB: 60,
  remainingMB: 45,
  usagePercentage: 25,
  resetDate: '2026-12-01T00:00:00.000Z',
};

describe('billing answers are serialized through the contracts’ answer schemas', () => {
  it('sends what the contract names and nothing else', async () => {
    answer = { ...stats, stripeCustomerId: 'cus_secret', internalNote: 'not for the browser' };
    const res = await usage();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(stats);
  });

  it('refuses to send an answer that breaks the contract: a 500, never a drifted answer', async () => {
    answer = { ...stats, usagePercentage: 250 };
    const res = await usage();
    expect(res.statusCode).toBe(500);
    const { requestId, ...error } = res.json() as { requestId: string };
    expect(error).toMatchObject({ code: 'INTERNAL' });
    // Only the error's own fields are searched: the random request id held "250" once (CI, 11-29).
    expect(typeof requestId).toBe('string');
    expect(JSON.stringify(error)).not.toContain('250');
  });
});
