import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { emitSubscriptionUpdated } from '../../lib/subscription-events';
import { cacheSubscriptionFlag } from '../../lib/use-subscription';
import {
  completeDemoCheckout,
  demoErrorMessage,
  fetchDemoCheckout,
  isPaying,
} from '../../lib/billing/billing-api';
import { formatResetDate } from '../../lib/billing/billing-display';
import '../../components/billing.css';

const LOAD_FAILED = 'Could not load this checkout. Please try again.';
const COMPLETE_FAILED = 'Could not start the trial. Please try again.';

/**
 * /billing/demo-checkout?session=… (our addition, demo billing only): the stand-in for Stripe's
 * checkout when no Stripe keys are configured. It is labelled as a demo, takes no payment, and ends
 * like Stripe's does: at /settings?payment=success or ?payment=canceled.
 */
export function DemoCheckoutPage({ sessionId }: { sessionId: string | undefined }) {
  const navigate = useNavigate();
  const checkout = useQuery({
    queryKey: ['payment', 'demo', 'checkout', sessionId],
    queryFn: ({ signal }) => fetchDemoCheckout(sessionId ?? '', signal),
    enabled: Boolean(sessionId),
    staleTime: 0,
  });
  const [completing, setCompleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function startTrial() {
    if (!sessionId) return;
    setCompleting(true);
    setError(null);
    try {
      const answer = await completeDemoCheckout(sessionId);
      const paying = isPaying(answer.subscriptionStatus);
      cacheSubscriptionFlag(paying);
      emitSubscriptionUpdated({ hasActiveSubscription: paying });
      await navigate({ to: '/settings', search: { payment: 'success' } });
    } catch (cause) {
      // The session stays open on the server: the visitor may press the button again.
      setError(demoErrorMessage(cause, COMPLETE_FAILED));
      setCompleting(false);
    }
  }

  const session = checkout.data?.session;
  return (
    <div className="page page-narrow demo-checkout">
      <p className="demo-label" role="note">
        Demo checkout — no payment is taken
      </p>
      <h1>Start your Scholar trial</h1>
      {!sessionId ? (
        <p className="notice notice-error" role="alert">
          This checkout link is incomplete.
        </p>
      ) : checkout.isPending ? (
        <p className="muted" role="status">
          Loading checkout...
        </p>
      ) : checkout.isError ? (
        <p className="notice notice-error" role="alert">
          {demoErrorMessage(checkout.error, LOAD_FAILED)}
        </p>
      ) : session ? (
        <section className="billing-card" aria-label="Plan summary">
          <h2>{session.planName}</h2>
          <dl className="demo-facts">
            <dt>Price</dt>
            <dd>${session.priceMonthlyUSD}/month</dd>
            <dt>Free trial</dt>
            <dd>{session.trialDays} days</dd>
            <dt>Offer valid until</dt>
            <dd>{formatResetDate(session.expiresAt)}</dd>
          </dl>
          <p className="muted">
            This is a demonstration of the upgrade flow. No card is asked for and nothing is
            charged; the trial can be canceled at any time from the demo billing portal.
          </p>
          {error && (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <Link to="/settings" search={{ payment: 'canceled' }} className="btn">
              Cancel
            </Link>
            <button
              type="button"
              className="btn btn-primary"
              disabled={completing}
              onClick={() => void startTrial()}
            >
              {completing ? 'Starting...' : `Start ${session.trialDays}-day free trial`}
            </button>
          </div>
        </section>
      ) : null}
      {(!sessionId || checkout.isError) && (
        <Link to="/settings" className="btn">
          Back to settings
        </Link>
      )}
    </div>
  );
}
