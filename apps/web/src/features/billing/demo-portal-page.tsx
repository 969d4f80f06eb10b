import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoSubscriptionResponse } from '@mnemo/contracts/api/payment';
import { emitSubscriptionUpdated } from '../../lib/subscription-events';
import { cacheSubscriptionFlag } from '../../lib/use-subscription';
import {
  cancelDemoSubscription,
  demoErrorMessage,
  fetchDemoSubscription,
  isPaying,
} from '../../lib/billing/billing-api';
import { formatResetDate, subscriptionDisplay } from '../../lib/billing/billing-display';
import '../../components/billing.css';

const DEMO_SUBSCRIPTION_KEY = ['payment', 'demo', 'subscription'] as const;
const LOAD_FAILED = 'Could not load your subscription. Please try again.';
const CANCEL_FAILED = 'Could not cancel the subscription. Please try again.';

function Facts({ subscription }: { subscription: DemoSubscriptionResponse }) {
  const status = subscriptionDisplay(subscription.subscriptionStatus);
  return (
    <dl className="demo-facts">
      <dt>Status</dt>
      <dd>
        <span className="status-badge" data-tone={status.tone}>
          {status.label}
        </span>
      </dd>
      {subscription.trialEnd && (
        <>
          <dt>Trial ends</dt>
          <dd>{formatResetDate(subscription.trialEnd)}</dd>
        </>
      )}
      {subscription.currentPeriodEnd && (
        <>
          <dt>{subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
          <dd>{formatResetDate(subscription.currentPeriodEnd)}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * /billing/demo-portal (our addition, demo billing only): the stand-in for Stripe's billing portal.
 * Shows the subscription, cancels it after a confirmation, and returns to /settings.
 */
export function DemoPortalPage() {
  const queryClient = useQueryClient();
  const subscription = useQuery({
    queryKey: DEMO_SUBSCRIPTION_KEY,
    queryFn: ({ signal }) => fetchDemoSubscription(signal),
    staleTime: 0,
  });
  const [confirming, setConfirming] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function cancel() {
    setCanceling(true);
    setError(null);
    try {
      const answer = await cancelDemoSubscription();
      queryClient.setQueryData(DEMO_SUBSCRIPTION_KEY, answer);
      const paying = isPaying(answer.subscriptionStatus);
      cacheSubscriptionFlag(paying);
      emitSubscriptionUpdated({ hasActiveSubscription: paying });
      setConfirming(false);
    } catch (cause) {
      setError(demoErrorMessage(cause, CANCEL_FAILED));
    } finally {
      setCanceling(false);
    }
  }

  const data = subscription.data;
  const cancelable =
    data !== undefined && isPaying(data.subscriptionStatus) && !data.cancelAtPeriodEnd;
  return (
    <div className="page page-narrow demo-portal">
      <p className="demo-label" role="note">
        Demo billing portal — no payment is taken
      </p>
      <h1>Your subscription</h1>
      {subscription.isPending ? (
        <p className="muted" role="status">
          Loading subscription...
        </p>
      ) : subscription.isError ? (
        <p className="notice notice-error" role="alert">
          {demoErrorMessage(subscription.error, LOAD_FAILED)}
        </p>
      ) : (
        <section className="billing-card" aria-label="Subscription">
          <h2>Scholar</h2>
          <Facts subscription={subscription.data} />
          {error && (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          )}
          {cancelable &&
            (confirming ? (
              <div className="notice notice-info" role="group" aria-label="Confirm cancellation">
                <span>
                  Cancel your Scholar subscription? You return to the free plan&apos;s limits.
                </span>
                <span className="dialog-actions">
                  <button
                    type="button"
                    className="btn"
                    disabled={canceling}
                    onClick={() => setConfirming(false)}
                  >
                    Keep subscription
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={canceling}
                    onClick={() => void cancel()}
                  >
                    {canceling ? 'Canceling...' : 'Yes, cancel'}
                  </button>
                </span>
              </div>
            ) : (
              <button type="button" className="btn" onClick={() => setConfirming(true)}>
                Cancel subscription
              </button>
            ))}
        </section>
      )}
      <Link to="/settings" className="btn btn-primary">
        Return to Mnemo
      </Link>
    </div>
  );
}
