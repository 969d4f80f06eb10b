import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@mnemo/service-kit';
import { mapStripeStatus, planOfStatus } from '../subscriptions/subscription-state';
import type { SubscriptionState } from '../subscriptions/subscriptions.repository';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { Stripe } from './stripe.client';

const fromUnix = (s: number | null | undefined) => (typeof s === 'number' ? new Date(s * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** What a Stripe subscription object says about the state we keep. */
export function stateOfStripeSubscription(sub: Stripe.Subscription): SubscriptionState {
  // Since API version 2025-03-31 the period lives on the items; older versions kept it on the
  // subscription, which a pinned older webhook endpoint may still send.
  const legacyPeriodEnd = (sub as { current_period_end?: number }).current_period_end;
  return {
    status: mapStripeStatus(sub.status),
    trialEnd: fromUnix(sub.trial_end),
    currentPeriodEnd: fromUnix(sub.items?.data?.[0]?.current_period_end ?? legacyPeriodEnd),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    stripeCustomerId: idOf(sub.customer),
    stripeSubscriptionId: sub.id,
  };
}

/**
 * Stripe's webhook: the signature is verified on the raw bytes, then each event the plan depends on
 * is applied (idempotent per event id, older events never overwrite newer ones). An event for a
 * customer we do not know is logged and acknowledged, so Stripe stops resending it. A failure to
 * reach Stripe or the database answers 500, and Stripe retries the event later.
 */
export function createWebhookService({
  stripe,
  webhookSecret,
  subscriptions,
  log,
}: {
  stripe: Pick<Stripe, 'webhooks' | 'subscriptions'>;
  webhookSecret: string;
  subscriptions: Pick<SubscriptionsService, 'apply' | 'acknowledge' | 'findByCustomer'>;
  log: FastifyBaseLogger;
}) {
  function verify(raw: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'Missing Stripe-Signature header');
    try {
      return stripe.webhooks.constructEvent(raw, signature, webhookSecret);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'webhook signature refused');
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'Invalid webhook signature');
    }
  }

  /** The user a subscription belongs to: our metadata first, then the customer we stored. */
  async function userOf(metadataUserId: string | undefined, customerId: string | null) {
    if (metadataUserId) return metadataUserId;
    if (!customerId) return null;
    return (await subscriptions.findByCustomer(customerId))?.userId ?? null;
  }

  async function applySubscription(event: Stripe.Event, sub: Stripe.Subscription, userId: string | null) {
    if (!userId) return unknown(event, idOf(sub.customer));
    const result = await subscriptions.apply(userId, stateOfStripeSubscription(sub), {
      at: new Date(event.created * 1000),
      event: { id: event.id, type: event.type },
    });
    if (result === 'unknown-user') return unknown(event, idOf(sub.customer));
    log.info({ eventId: event.id, type: event.type, userId, status: sub.status, result }, 'stripe subscription event');
    return result;
  }

  function unknown(event: Stripe.Event, customerId: string | null) {
    log.warn({ eventId: event.id, type: event.type, customerId }, 'stripe event for an unknown customer: acknowledged, nothing changed');
    return 'unknown-customer' as const;
  }

  async function handle(event: Stripe.Event) {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subscriptionId = idOf(session.subscription);
        const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
        if (session.mode !== 'subscription' || !subscriptionId) return subscriptions.acknowledge(event);
        // The session does not carry the subscription's state (trial end, status): ask Stripe.
        const sub = await stripe.subscriptions.retrieve(subscriptionId);
        return applySubscription(event, sub, userId ?? (await userOf(undefined, idOf(session.customer))));
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        return applySubscription(event, sub, await userOf(sub.metadata?.userId, idOf(sub.customer)));
      }
      case 'invoice.payment_failed':
      case 'invoice.paid': {
        const invoice = event.data.object;
        const customerId = idOf(invoice.customer);
        const row = customerId ? await subscriptions.findByCustomer(customerId) : null;
        if (!row) return unknown(event, customerId);
        // A failed renewal makes a paying subscription past due; a paid invoice ends that. Stripe
        // also sends customer.subscription.updated for both, whichever comes first wins.
        const status =
          event.type === 'invoice.payment_failed'
            ? planOfStatus(row.status) === 'scholar' ? 'past_due' : null
            : row.status === 'past_due' ? 'active' : null;
        if (!status) return subscriptions.acknowledge(event);
        return subscriptions.apply(
          row.userId,
          { status, trialEnd: row.trialEnd, currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd: row.cancelAtPeriodEnd },
          { at: new Date(event.created * 1000), event: { id: event.id, type: event.type } },
        );
      }
      default:
        // Events the endpoint was subscribed to but the plan does not depend on.
        return 'ignored' as const;
    }
  }

  return {
    async receive(raw: Buffer, signature: string | undefined) {
      const event = verify(raw, signature);
      await handle(event);
      return { received: true as const };
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
