import type { SubscriptionStatus } from '@mnemo/contracts/entities/billing';
import type { PlanNotifier } from './plan-notifier';
import { planOfStatus } from './subscription-state';
import type { SubscriptionState, SubscriptionsRepository } from './subscriptions.repository';

export type ApplyResult = 'applied' | 'duplicate' | 'stale' | 'unknown-user';

/** Postgres' foreign key violation: the user named by a Stripe object no longer exists. */
const isForeignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
};

/**
 * The one code path that changes a subscription: Stripe's webhooks and the demo checkout both call
 * `apply`, so a demo trial is stored exactly as a Stripe one would be.
 */
export function createSubscriptionsService({
  subscriptions,
  notifier,
  now = () => new Date(),
}: {
  subscriptions: SubscriptionsRepository;
  notifier: Pick<PlanNotifier, 'planChanged'>;
  now?: () => Date;
}) {
  return {
    /**
     * Writes a subscription state for the user, in one transaction with the Stripe event's id when
     * there is one (a replayed event changes nothing), unless a newer state is already stored
     * (Stripe does not deliver events in order). Gateways are told once it is committed.
     */
    async apply(
      userId: string,
      state: SubscriptionState,
      { at = now(), event }: { at?: Date; event?: { id: string; type: string } } = {},
    ): Promise<ApplyResult> {
      let result: ApplyResult;
      try {
        result = await subscriptions.transaction(async (tx) => {
          if (event && !(await subscriptions.recordEvent(tx, event))) return 'duplicate' as const;
          const current = await subscriptions.lockByUser(tx, userId);
          if (current?.stateAt && current.stateAt.getTime() > at.getTime()) return 'stale' as const;
          // The end of an older subscription (one replaced by a new checkout) must not end the new one.
          const replaced =
            state.stripeSubscriptionId &&
            current?.stripeSubscriptionId &&
            current.stripeSubscriptionId !== state.stripeSubscriptionId &&
            planOfStatus(current.status) === 'scholar' &&
            planOfStatus(state.status) !== 'scholar';
          if (replaced) return 'stale' as const;
          await subscriptions.upsert(tx, userId, state, at);
          return 'applied' as const;
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) return 'unknown-user';
        throw err;
      }
      if (result === 'applied') await notifier.planChanged(userId);
      return result;
    },

    /** Records a Stripe event that changes no subscription, so its replay is recognised too. */
    async acknowledge(event: { id: string; type: string }) {
      return subscriptions.transaction((tx) => subscriptions.recordEvent(tx, event));
    },

    /** The user's subscription as the API shows it; a user without a row is on the free plan. */
    async stateOf(userId: string) {
      const row = await subscriptions.findByUser(userId);
      const status: SubscriptionStatus = row?.status ?? 'free';
      return {
        status,
        plan: planOfStatus(status),
        trialEnd: row?.trialEnd ?? null,
        currentPeriodEnd: row?.currentPeriodEnd ?? null,
        cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
        stripeCustomerId: row?.stripeCustomerId ?? null,
      };
    },

    findByCustomer: (customerId: string) => subscriptions.findByCustomer(customerId),
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
