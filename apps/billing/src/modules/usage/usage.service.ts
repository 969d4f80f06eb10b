import { PLAN_LIMITS } from '@mnemo/contracts/limits';
import type { CheckUsageLimitResponse, UsageResponse } from '@mnemo/contracts/api/payment';
import type { InternalUsageCheckResponse, InternalUsageRecordResponse } from '@mnemo/contracts/internal/billing';
import type { Owner } from '@mnemo/db/owner';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { UsageRepository } from './usage.repository';

const MB = 1024 * 1024;

/** First day of this month and of the next, in UTC: usage resets on the first. */
export function monthWindow(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { month: start.toISOString().slice(0, 10), resetDate: next.toISOString() };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Monthly processing against the plan's allowance (spec 01 §9: free 60 MB, Scholar unlimited;
 * anonymous visitors get the free allowance, docs/decisions.md). The plan comes from the stored
 * subscription, never from the caller's identity, which may be up to 30 seconds old.
 */
export function createUsageService({
  usage,
  subscriptions,
  now = () => new Date(),
}: {
  usage: Pick<UsageRepository, 'processedBytes' | 'record'>;
  subscriptions: Pick<SubscriptionsService, 'stateOf'>;
  now?: () => Date;
}) {
  async function allowanceOf(owner: Owner) {
    if (!owner.userId) return { plan: 'anonymous' as const, status: 'free' as const, limitMB: PLAN_LIMITS.anonymous.monthlyProcessingMB };
    const state = await subscriptions.stateOf(owner.userId);
    return { plan: state.plan, status: state.status, limitMB: PLAN_LIMITS[state.plan].monthlyProcessingMB };
  }

  return {
    /** GET /payment/usage: the subscription flag and the month's processing allowance. */
    async usageOf(userId: string): Promise<UsageResponse> {
      const { month, resetDate } = monthWindow(now());
      const { plan, status, limitMB } = await allowanceOf({ userId });
      const currentUsageMB = round2((await usage.processedBytes({ userId }, month)) / MB);
      return {
        success: true as const,
        hasActiveSubscription: plan === 'scholar',
        subscriptionStatus: status,
        currentUsageMB,
        // null is unlimited: JSON cannot carry Infinity.
        limitMB,
        remainingMB: limitMB === null ? null : round2(Math.max(0, limitMB - currentUsageMB)),
        usagePercentage: limitMB === null ? 0 : round2(Math.min(100, (currentUsageMB / limitMB) * 100)),
        resetDate,
      };
    },

    /** POST /payment/check-usage-limit: would this much more content still fit this month? */
    async checkLimit(userId: string, contentSizeMB: number): Promise<CheckUsageLimitResponse> {
      const { month } = monthWindow(now());
      const { limitMB } = await allowanceOf({ userId });
      const currentUsageMB = round2((await usage.processedBytes({ userId }, month)) / MB);
      const allowed = limitMB === null || currentUsageMB + contentSizeMB <= limitMB;
      return {
        success: true as const,
        allowed,
        limitReached: !allowed,
        contentSizeMB,
        currentUsageMB,
        limitMB,
        remainingMB: limitMB === null ? null : round2(Math.max(0, limitMB - currentUsageMB)),
      };
    },

    /** Internal: may the owner have `bytes` more processed this month? */
    async check(owner: Owner, bytes: number): Promise<InternalUsageCheckResponse> {
      const { month, resetDate } = monthWindow(now());
      const { plan, limitMB } = await allowanceOf(owner);
      const usedBytes = await usage.processedBytes(owner, month);
      const limitBytes = limitMB === null ? null : limitMB * MB;
      return { allowed: limitBytes === null || usedBytes + bytes <= limitBytes, plan, usedBytes, limitBytes, resetDate };
    },

    /** Internal: a source was processed; counted once per (source, attempt), in this month. */
    async record(owner: Owner, input: { sourceId: string; attempt: number; bytes: number }): Promise<InternalUsageRecordResponse> {
      const { month } = monthWindow(now());
      const recorded = await usage.record(owner, { ...input, month });
      return { recorded, usedBytes: await usage.processedBytes(owner, month) };
    },
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
