import { describe, expect, it } from 'vitest';
import {
  planNote,
  PAYMENT_RETURN_MESSAGES,
  fallbackUsage,
  formatLimit,
  formatResetDate,
  formatSize,
  managesSubscription,
  parsePaymentReturn,
  subscriptionDisplay,
  usageBarTone,
  usageBarWidth,
} from './billing-display';

describe('subscriptionDisplay', () => {
  it('labels and colours each status of spec 01 §4.4', () => {
    expect(subscriptionDisplay('active')).toEqual({ label: 'Active', tone: 'green' });
    expect(subscriptionDisplay('trialing')).toEqual({ label: 'Free Trial', tone: 'blue' });
    expect(subscriptionDisplay('past_due')).toEqual({ label: 'Payment Due', tone: 'yellow' });
    expect(subscriptionDisplay('canceled')).toEqual({ label: 'Canceled', tone: 'red' });
    expect(subscriptionDisplay('free')).toEqual({ label: 'Free Plan', tone: 'neutral' });
  });

  it('shows any other value as is', () => {
    expect(subscriptionDisplay('incomplete')).toEqual({ label: 'incomplete', tone: 'neutral' });
    expect(subscriptionDisplay('toString')).toEqual({ label: 'toString', tone: 'neutral' });
  });
});

describe('managesSubscription', () => {
  it('offers the portal to paying and past-due subscribers, the upgrade to the others', () => {
    expect(
      managesSubscription({ hasActiveSubscription: true, subscriptionStatus: 'trialing' }),
    ).toBe(true);
    expect(
      managesSubscription({ hasActiveSubscription: false, subscriptionStatus: 'past_due' }),
    ).toBe(true);
    expect(
      managesSubscription({ hasActiveSubscription: false, subscriptionStatus: 'canceled' }),
    ).toBe(false);
    expect(managesSubscription({ hasActiveSubscription: false, subscriptionStatus: 'free' })).toBe(
      false,
    );
  });
});

describe('usage bar', () => {
  it('is green below 70 %, yellow from 70 %, red from 90 %', () => {
    expect(usageBarTone(0)).toBe('green');
    expect(usageBarTone(69.99)).toBe('green');
    expect(usageBarTone(70)).toBe('yellow');
    expect(usageBarTone(89.99)).toBe('yellow');
    expect(usageBarTone(90)).toBe('red');
    expect(usageBarTone(250)).toBe('red');
  });

  it('is capped at 100 % and never negative', () => {
    expect(usageBarWidth(42.5)).toBe(42.5);
    expect(usageBarWidth(100)).toBe(100);
    expect(usageBarWidth(180)).toBe(100);
    expect(usageBarWidth(-3)).toBe(0);
    expect(usageBarWidth(Number.POSITIVE_INFINITY)).toBe(100);
    expect(usageBarWidth(Number.NaN)).toBe(0);
  });
});

describe('sizes', () => {
  it('shows MB below 1000 and GB with one decimal from 1000', () => {
    expect(formatSize(0)).toBe('0 MB');
    expect(formatSize(12.345)).toBe('12.35 MB');
    expect(formatSize(60)).toBe('60 MB');
    expect(formatSize(999.99)).toBe('999.99 MB');
    expect(formatSize(1000)).toBe('1.0 GB');
    expect(formatSize(1536)).toBe('1.5 GB');
  });

  it("shows 'Unlimited' for a null or infinite limit", () => {
    expect(formatLimit(null)).toBe('Unlimited');
    expect(formatLimit(Number.POSITIVE_INFINITY)).toBe('Unlimited');
    expect(formatLimit(60)).toBe('60 MB');
  });

  it('writes the reset day in UTC and keeps an unreadable date as is', () => {
    expect(formatResetDate('2026-12-01T00:00:00.000Z', 'en-GB')).toBe('1 December 2026');
    expect(formatResetDate('soon', 'en-GB')).toBe('soon');
  });
});

describe('payment return', () => {
  it('reads success and canceled and ignores anything else', () => {
    expect(parsePaymentReturn('success')).toBe('success');
    expect(parsePaymentReturn('canceled')).toBe('canceled');
    expect(parsePaymentReturn('cancelled')).toBeUndefined();
    expect(parsePaymentReturn(true)).toBeUndefined();
    expect(parsePaymentReturn(undefined)).toBeUndefined();
  });

  it("has the spec's banner texts", () => {
    expect(PAYMENT_RETURN_MESSAGES.success).toBe(
      'Payment successful! Your subscription is now active.',
    );
    expect(PAYMENT_RETURN_MESSAGES.canceled).toBe(
      'Payment was canceled. You can try again anytime.',
    );
  });
});

describe('fallbackUsage', () => {
  it('is the free plan with 60 MB, nothing used and 60 MB remaining, resetting next month', () => {
    expect(fallbackUsage(new Date('2026-11-23T19:00:00Z'))).toEqual({
      hasActiveSubscription: false,
      subscriptionStatus: 'free',
      currentUsageMB: 0,
      limitMB: 60,
      remainingMB: 60,
      usagePercentage: 0,
      resetDate: '2026-12-01T00:00:00.000Z',
    });
    expect(fallbackUsage(new Date('2026-12-31T23:59:00Z')).resetDate).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});

describe('planNote', () => {
  it('names the plan after the badge without repeating it', () => {
    expect(planNote({ subscriptionStatus: 'free', hasActiveSubscription: false })).toBeNull();
    expect(planNote({ subscriptionStatus: 'active', hasActiveSubscription: true })).toBe(
      'Scholar plan',
    );
    expect(planNote({ subscriptionStatus: 'trialing', hasActiveSubscription: true })).toBe(
      'Scholar plan',
    );
    expect(planNote({ subscriptionStatus: 'canceled', hasActiveSubscription: false })).toBe(
      'Free plan',
    );
    expect(planNote({ subscriptionStatus: 'past_due', hasActiveSubscription: false })).toBeNull();
  });
});
