import { z } from 'zod';
import { isoDateSchema } from '../common';

/** Spec 01 §3. The billing service maps every Stripe status onto one of these. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'free',
] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * Usage stats shown on the settings page (spec 01 §3). A null limit is unlimited: JSON has no
 * Infinity, and the client shows 'Unlimited'.
 */
export const usageStatsSchema = z.object({
  hasActiveSubscription: z.boolean(),
  subscriptionStatus: subscriptionStatusSchema,
  currentUsageMB: z.number().min(0),
  limitMB: z.number().min(0).nullable(),
  remainingMB: z.number().min(0).nullable(),
  usagePercentage: z.number().min(0).max(100),
  resetDate: isoDateSchema,
});
export type UsageStats = z.infer<typeof usageStatsSchema>;
