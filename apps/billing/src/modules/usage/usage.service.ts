import { PLAN_LIMITS } from '@mnemo/contracts/limits';
import type { UsageRepository } from './usage.repository';

const MB = 1024 * 1024;
const PAYING = new Set(['active', 'trialing']);

/** First day of this month and of the next, in UTC: usage resets on the first. */
export function monthWindow(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { month: start.toISOString().slice(0, 10), resetDate: next.toISOString() };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function createUsageService({ usage, now = () => new Date() }: { usage: Pick<UsageRepository, 'subscriptionOf' | 'processedBytes'>; now?: () => Date }) {
  return {
    /** GET /payment/usage: the subscription flag and the month's processing allowance. */
    async usageOf(userId: string) {
      const { month, resetDate } = monthWindow(now());
      const subscription = await usage.subscriptionOf(userId);
      const status = subscription?.status ?? 'free';
      const hasActiveSubscription = PAYING.has(status);
      const currentUsageMB = round2((await usage.processedBytes(userId, month)) / MB);
      const limitMB = hasActiveSubscription ? PLAN_LIMITS.scholar.monthlyProcessingMB : PLAN_LIMITS.free.monthlyProcessingMB;
      return {
        success: true as const,
        hasActiveSubscription,
        subscriptionStatus: status,
        currentUsageMB,
        // null is unlimited: JSON cannot carry Infinity.
        limitMB,
        remainingMB: limitMB === null ? null : round2(Math.max(0, limitMB - currentUsageMB)),
        usagePercentage: limitMB === null ? 0 : round2(Math.min(100, (currentUsageMB / limitMB) * 100)),
        resetDate,
      };
    },
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
