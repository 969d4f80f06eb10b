import { z } from 'zod';
import { subscriptionStatusSchema } from '../entities/billing';
import { ownerSchema } from '../jobs';
import { LINK_SIZE_MB } from '../limits';

/**
 * The billing service's internal API (service identity only). Other services never read billing's
 * tables: they ask here, and cache the answers briefly (docs/architecture.md).
 */

/** The plans a signed-in user can be on; anonymous visitors are never asked about. */
export const billingPlanSchema = z.enum(['free', 'scholar']);
export type BillingPlan = z.infer<typeof billingPlanSchema>;

/** GET /internal/billing/plan/:userId: the plan the gateway signs into the user's identity. */
export const internalPlanPath = (userId: string) => `/internal/billing/plan/${userId}`;
export const internalPlanParamsSchema = z.object({ userId: z.uuid() });
export const internalPlanResponseSchema = z.object({
  plan: billingPlanSchema,
  subscriptionStatus: subscriptionStatusSchema,
});
export type InternalPlanResponse = z.infer<typeof internalPlanResponseSchema>;

/**
 * POST /internal/billing/usage/check: would processing `bytes` more still fit the owner's monthly
 * allowance? `limitBytes` null is unlimited. A refusal is an answer (`allowed: false`), not an error.
 */
export const INTERNAL_USAGE_CHECK_PATH = '/internal/billing/usage/check';
export const internalUsageCheckBodySchema = z.object({
  owner: ownerSchema,
  bytes: z.number().int().min(0),
});
export type InternalUsageCheckBody = z.infer<typeof internalUsageCheckBodySchema>;
export const internalUsageCheckResponseSchema = z.object({
  allowed: z.boolean(),
  plan: z.enum(['anonymous', 'free', 'scholar']),
  usedBytes: z.number().int().min(0),
  limitBytes: z.number().int().min(0).nullable(),
  /** The first day of next month (UTC), when the allowance starts again. */
  resetDate: z.iso.datetime({ offset: true }),
});
export type InternalUsageCheckResponse = z.infer<typeof internalUsageCheckResponseSchema>;

/**
 * POST /internal/billing/usage/record: a source was processed. Counted once per (sourceId,
 * attempt): a retried job or a redelivered report changes nothing (`recorded: false`).
 */
export const INTERNAL_USAGE_RECORD_PATH = '/internal/billing/usage/record';
export const internalUsageRecordBodySchema = z.object({
  owner: ownerSchema,
  bytes: z.number().int().min(0),
  sourceId: z.uuid(),
  attempt: z.number().int().min(0),
});
export type InternalUsageRecordBody = z.infer<typeof internalUsageRecordBodySchema>;
export const internalUsageRecordResponseSchema = z.object({
  recorded: z.boolean(),
  usedBytes: z.number().int().min(0),
});
export type InternalUsageRecordResponse = z.infer<typeof internalUsageRecordResponseSchema>;

/**
 * The gateway's shared cache of a user's plan, and the channel billing publishes a user id on when
 * that user's subscription changes, so every gateway drops its in-memory copy at once.
 */
export const planCacheKey = (prefix: string, userId: string) => `${prefix}:billing:plan:${userId}`;
export const planChangedChannel = (prefix: string) => `${prefix}:billing:plan-changed`;

/**
 * How much a source counts towards the monthly processing allowance: a document its stored size,
 * a link 0.5 MB, as the deck size meter counts it (spec 01 §9). The deck service checks with this
 * and the worker records with it, so both always agree.
 */
export const usageBytesOf = (source: { type: string; sizeInBytes: number }) =>
  source.type === 'document' ? source.sizeInBytes : LINK_SIZE_MB * 1024 * 1024;
