import { PLAN_LIMITS } from '@mnemo/contracts/limits';
import type { UsageStats } from '@mnemo/contracts/entities/billing';

/** The colour family a status label or the usage bar is drawn in. */
export type Tone = 'green' | 'blue' | 'yellow' | 'red' | 'neutral';

const STATUS_DISPLAY: Record<string, { label: string; tone: Tone }> = {
  active: { label: 'Active', tone: 'green' },
  trialing: { label: 'Free Trial', tone: 'blue' },
  past_due: { label: 'Payment Due', tone: 'yellow' },
  canceled: { label: 'Canceled', tone: 'red' },
  free: { label: 'Free Plan', tone: 'neutral' },
};

/**
 * Spec 01 §4.4: the label and colour of a subscription status. A value the app does not know (a
 * newer server) is shown as is, uncoloured.
 */
export function subscriptionDisplay(status: string): { label: string; tone: Tone } {
  return Object.hasOwn(STATUS_DISPLAY, status)
    ? (STATUS_DISPLAY[status] as { label: string; tone: Tone })
    : { label: status, tone: 'neutral' };
}

/**
 * Whether the settings page offers 'Manage Subscription' (the billing portal) rather than the
 * upgrade. A past-due subscriber pays through the portal too (docs/decisions.md).
 */
export function managesSubscription(
  usage: Pick<UsageStats, 'hasActiveSubscription' | 'subscriptionStatus'>,
): boolean {
  return usage.hasActiveSubscription || usage.subscriptionStatus === 'past_due';
}

/**
 * The plan named after the status badge ('Active Scholar plan', 'Canceled Free plan'), or null
 * when it would only repeat the badge ('Free Plan') or say nothing true: a past-due subscription
 * is neither plan, as Scholar's limits are held back until the invoice is paid (issue 18.4).
 */
export function planNote(
  usage: Pick<UsageStats, 'hasActiveSubscription' | 'subscriptionStatus'>,
): string | null {
  if (usage.subscriptionStatus === 'past_due') return null;
  if (usage.hasActiveSubscription) return 'Scholar plan';
  return usage.subscriptionStatus === 'free' ? null : 'Free plan';
}

/** Spec 01 §9: red at 90 % or more, yellow at 70 % or more, green below. */
export function usageBarTone(percentage: number): Tone {
  if (percentage >= 90) return 'red';
  if (percentage >= 70) return 'yellow';
  return 'green';
}

/** The bar's width in percent: never past the end (spec 01 §9), never negative. */
export function usageBarWidth(percentage: number): number {
  if (!Number.isFinite(percentage)) return percentage > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, percentage));
}

/** Drops trailing zeros: 12.50 → '12.5', 60.00 → '60'. */
function trimNumber(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/** Spec 01 §9: 1000 MB or more shown as GB with one decimal; below that in MB. */
export function formatSize(mb: number): string {
  if (mb >= 1000) return `${(mb / 1000).toFixed(1)} GB`;
  return `${trimNumber(mb, 2)} MB`;
}

/** The allowance: 'Unlimited' for an infinite (null) limit, else a size. */
export function formatLimit(limitMB: number | null): string {
  return limitMB === null || !Number.isFinite(limitMB) ? 'Unlimited' : formatSize(limitMB);
}

/** The reset date as the visitor's locale writes a day ('1 December 2026'); the raw value if unreadable. */
export function formatResetDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export type PaymentReturn = 'success' | 'canceled';

/** Spec 01 §4.4: the banners after a return from checkout. */
export const PAYMENT_RETURN_MESSAGES: Record<PaymentReturn, string> = {
  success: 'Payment successful! Your subscription is now active.',
  canceled: 'Payment was canceled. You can try again anytime.',
};

/** The payment query value (?payment=success|canceled); anything else shows no banner. */
export function parsePaymentReturn(value: unknown): PaymentReturn | undefined {
  return value === 'success' || value === 'canceled' ? value : undefined;
}

/** Spec 01 §8: the first day of next month (UTC), where usage restarts. */
export function nextMonthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

/**
 * Spec 01 §8: what settings shows when usage cannot be loaded: the free plan, 60 MB allowance,
 * nothing used, 60 MB remaining.
 */
export function fallbackUsage(now: Date): UsageStats {
  const limitMB = PLAN_LIMITS.free.monthlyProcessingMB;
  return {
    hasActiveSubscription: false,
    subscriptionStatus: 'free',
    currentUsageMB: 0,
    limitMB,
    remainingMB: limitMB,
    usagePercentage: 0,
    resetDate: nextMonthStart(now),
  };
}

/** Spec 01 §9: the Scholar price and the announced annual plan. */
export const SCHOLAR_PRICE = {
  monthlyUSD: 12,
  annualMonthlyUSD: 8,
  annualYearlyUSD: 96,
  trialDays: 14,
} as const;
