import { describe, expect, it } from 'vitest';
import { checkUsageLimitBodySchema, checkoutResponseSchema, usageResponseSchema } from './payment';
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
