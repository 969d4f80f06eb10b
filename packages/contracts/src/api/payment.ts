import { z } from 'zod';
import { isoDateSchema, successFlag, successSchema } from '../common';
import { subscriptionStatusSchema, usageStatsSchema } from '../entities/billing';

/** Payment calls of spec 01 §7; all need a signed-in user ("payment endpoints require a bearer token"). */

export const checkoutBodySchema = z.object({
  /** Set by the affiliate tracker on the page; passed to Stripe as the client reference. */
  referralCode: z.string().trim().max(100).nullish(),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;
export const checkoutResponseSchema = z.object({
  success: successFlag,
  checkoutUrl: z.url(),
  sessionId: z.string().optional(),
});
export type CheckoutResponse = z.output<typeof checkoutResponseSchema>;

export const billingPortalResponseSchema = z.object({ success: successFlag, portalUrl: z.url() });
export type BillingPortalResponse = z.output<typeof billingPortalResponseSchema>;

export const usageResponseSchema = usageStatsSchema.extend({ success: successFlag });
export type UsageResponse = z.output<typeof usageResponseSchema>;

export const checkUsageLimitBodySchema = z.object({
  contentSizeMB: z.number().min(0).max(1_000_000),
});
export type CheckUsageLimitBody = z.input<typeof checkUsageLimitBodySchema>;
/**
 * Whether content of that size still fits this month's processing allowance. A refusal is an
 * answer (allowed false, limitReached true), not an error.
 */
// not shown in the spec: our design.
export const checkUsageLimitResponseSchema = successSchema.extend({
  allowed: z.boolean(),
  limitReached: z.boolean(),
  contentSizeMB: z.number().min(0),
  currentUsageMB: z.number().min(0),
  limitMB: z.number().min(0).nullable(),
  remainingMB: z.number().min(0).nullable(),
});
export type CheckUsageLimitResponse = z.output<typeof checkUsageLimitResponseSchema>;

/**
 * POST /payment/webhook (our addition): a Stripe event. The signature is checked on the raw bytes
 * (Stripe-Signature header) before this is parsed; unknown event types are acknowledged and ignored.
 */
export const stripeEventSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    data: z.object({ object: z.record(z.string(), z.unknown()) }),
  })
  .loose();
export type StripeEvent = z.infer<typeof stripeEventSchema>;
export const webhookResponseSchema = z.object({ received: z.literal(true) });

/**
 * Demo billing (our addition): when no Stripe keys are configured, checkout and the billing portal
 * are local pages (`/billing/demo-checkout`, `/billing/demo-portal`) backed by these calls, so the
 * whole upgrade flow can be tried offline. They answer 404 when Stripe is configured.
 */
export const DEMO_PLAN = { planName: 'Scholar', priceMonthlyUSD: 12, trialDays: 14 } as const;

export const demoCheckoutParamsSchema = z.object({ sessionId: z.string().min(1).max(100) });
export type DemoCheckoutParams = z.input<typeof demoCheckoutParamsSchema>;
/** A demo checkout session: bound to the user who started it, and it expires. */
export const demoCheckoutSessionSchema = z.object({
  id: z.string(),
  planName: z.literal(DEMO_PLAN.planName),
  priceMonthlyUSD: z.literal(DEMO_PLAN.priceMonthlyUSD),
  trialDays: z.literal(DEMO_PLAN.trialDays),
  expiresAt: isoDateSchema,
});
export type DemoCheckoutSession = z.output<typeof demoCheckoutSessionSchema>;
export const demoCheckoutResponseSchema = z.object({ success: successFlag, session: demoCheckoutSessionSchema });
export type DemoCheckoutResponse = z.output<typeof demoCheckoutResponseSchema>;
/** Completing a demo checkout starts the 14-day trial, as Stripe's checkout completion would. */
export const demoCompleteResponseSchema = z.object({ success: successFlag, subscriptionStatus: subscriptionStatusSchema });
export type DemoCompleteResponse = z.output<typeof demoCompleteResponseSchema>;
/** The demo portal's view of the subscription. Dates are null when there is none. */
export const demoSubscriptionResponseSchema = z.object({
  success: successFlag,
  subscriptionStatus: subscriptionStatusSchema,
  trialEnd: isoDateSchema.nullable(),
  currentPeriodEnd: isoDateSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type DemoSubscriptionResponse = z.output<typeof demoSubscriptionResponseSchema>;
