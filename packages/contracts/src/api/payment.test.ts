import { describe, expect, it } from 'vitest';
import {
  checkUsageLimitBodySchema,
  checkoutResponseSchema,
  demoCheckoutResponseSchema,
  demoSubscriptionResponseSchema,
  usageResponseSchema,
} from './payment';
import { internalUsageRecordBodySchema, usageBytesOf } from '../internal/billing';
import { youtubeSearchQuerySchema, youtubeSearchResponseSchema } from './youtube';

describe('payment', () => {
  const usage = {
    hasActiveSubscription: false,
    subscriptionStatus: 'free',
    currentUsageMB: 15,
    limitMB: 60,
    remainingMB: 45,
    usagePercentage: 25,
    resetDate: '2026-12-01T00:00:00.000Z',
  };

  it('answers usage with the subscription flag and the usage stats; null is unlimited', () => {
    expect(usageResponseSchema.parse(usage)).toEqual(usage);
    expect(
      usageResponseSchema.parse({
        ...usage,
        hasActiveSubscription: true,
        subscriptionStatus: 'trialing',
        limitMB: null,
        remainingMB: null,
      }).limitMB,
    ).toBeNull();
  });

  it('knows only the five subscription statuses of spec 01 §3', () => {
    for (const status of ['active', 'trialing', 'past_due', 'canceled', 'free']) {
      expect(
        usageResponseSchema.safeParse({ ...usage, subscriptionStatus: status }).success,
        status,
      ).toBe(true);
    }
    expect(
      usageResponseSchema.safeParse({ ...usage, subscriptionStatus: 'incomplete' }).success,
    ).toBe(false);
  });

  it('answers checkout with a URL and refuses a negative content size', () => {
    expect(
      checkoutResponseSchema.parse({ checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_1' })
        .checkoutUrl,
    ).toMatch(/^https:/);
    expect(checkUsageLimitBodySchema.safeParse({ contentSizeMB: -1 }).success).toBe(false);
  });

  it('describes a demo checkout session as the Scholar plan at $12 with a 14-day trial', () => {
    const session = { id: 'demo_cs_1', planName: 'Scholar', priceMonthlyUSD: 12, trialDays: 14, expiresAt: '2026-12-01T00:30:00.000Z' };
    expect(demoCheckoutResponseSchema.parse({ success: true, session }).session).toEqual(session);
    expect(demoCheckoutResponseSchema.safeParse({ session: { ...session, trialDays: 30 } }).success).toBe(false);
  });

  it('answers the demo subscription with null dates when there is none', () => {
    const none = { success: true, subscriptionStatus: 'free', trialEnd: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
    expect(demoSubscriptionResponseSchema.parse(none)).toEqual(none);
    expect(demoSubscriptionResponseSchema.safeParse({ ...none, subscriptionStatus: 'unpaid' }).success).toBe(false);
  });
});

describe('billing internal API', () => {
  it('counts a document by its size and a link as 0.5 MB', () => {
    expect(usageBytesOf({ type: 'document', sizeInBytes: 1234 })).toBe(1234);
    expect(usageBytesOf({ type: 'website', sizeInBytes: 0 })).toBe(512 * 1024);
    expect(usageBytesOf({ type: 'youtube', sizeInBytes: 0 })).toBe(512 * 1024);
  });

  it('takes usage reports of one owner, with a source and its attempt', () => {
    const owner = { userId: '6f1d8a55-8f2e-4f53-9a8e-3c1f0f6e2b11' };
    expect(internalUsageRecordBodySchema.safeParse({ owner, bytes: 1, sourceId: owner.userId, attempt: 1 }).success).toBe(true);
    expect(internalUsageRecordBodySchema.safeParse({ owner, bytes: 1, sourceId: owner.userId }).success).toBe(false);
    expect(internalUsageRecordBodySchema.safeParse({ owner: {}, bytes: 1, sourceId: owner.userId, attempt: 1 }).success).toBe(false);
  });
});

describe('video search', () => {
  it('answers videos of {id, title, thumbnail} with 11-character ids', () => {
    const video = {
      id: 'dQw4w9WgXcQ',
      title: 'Cells',
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg',
    };
    expect(youtubeSearchResponseSchema.parse({ videos: [video] }).videos).toEqual([video]);
    expect(
      youtubeSearchResponseSchema.safeParse({ videos: [{ ...video, id: 'short' }] }).success,
    ).toBe(false);
  });

  it('is not run for an empty term', () => {
    expect(youtubeSearchQuerySchema.safeParse({ q: '   ' }).success).toBe(false);
    expect(youtubeSearchQuerySchema.parse({ q: ' cells ' }).q).toBe('cells');
  });
});
