import type { SubscriptionStatus } from '@mnemo/contracts/entities/billing';
import type { BillingPlan } from '@mnemo/contracts/internal/billing';

/**
 * Statuses that carry the Scholar plan. past_due keeps it: Stripe is still retrying the payment
 * (Smart Retries, about three weeks) and the learner sees 'Payment Due' with Manage Subscription to
 * fix the card; when the retries run out Stripe cancels, and the plan ends (docs/decisions.md).
 */
const SCHOLAR_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);

export const planOfStatus = (status: SubscriptionStatus): BillingPlan =>
  SCHOLAR_STATUSES.has(status) ? 'scholar' : 'free';

/**
 * Stripe's eight subscription statuses onto spec 01 §3's five. `incomplete` (the first payment is
 * not through yet) and `incomplete_expired` (it never went through) never started a plan: free.
 * `unpaid` (retries exhausted, invoices left open) and `paused` (a trial ended without a payment
 * method) no longer give access: canceled, which the settings page shows with the upgrade button.
 * Anything newer that Stripe adds is free until we know better.
 */
export function mapStripeStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
      return status;
    case 'unpaid':
    case 'paused':
      return 'canceled';
    default:
      return 'free';
  }
}
