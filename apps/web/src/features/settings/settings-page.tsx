import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UsageStats } from '@mnemo/contracts/entities/billing';
import { emitSubscriptionUpdated } from '../../lib/subscription-events';
import { cacheSubscriptionFlag, cachedSubscriptionFlag } from '../../lib/use-subscription';
import {
  BILLING_MESSAGES,
  billingErrorMessage,
  fetchUsage,
  openBillingPortal,
} from '../../lib/billing/billing-api';
import {
  PAYMENT_RETURN_MESSAGES,
  SCHOLAR_PRICE,
  fallbackUsage,
  formatLimit,
  formatResetDate,
  formatSize,
  managesSubscription,
  planNote,
  subscriptionDisplay,
  usageBarTone,
  usageBarWidth,
  type PaymentReturn,
} from '../../lib/billing/billing-display';
import { startCheckout } from '../../lib/billing/start-checkout';
import '../../components/billing.css';

export const SETTINGS_USAGE_QUERY_KEY = ['payment', 'usage', 'settings'] as const;

/** Spec 01 §4.4: usage is loaded again this long after a successful payment return. */
export const PAYMENT_RELOAD_MS = 2000;

function ErrorBanner({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="notice notice-error" role="alert">
      <span>{message}</span>
      <button type="button" className="link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

function PaymentBanner({ kind, onDismiss }: { kind: PaymentReturn; onDismiss: () => void }) {
  return (
    <div
      className={kind === 'success' ? 'notice notice-success' : 'notice notice-info'}
      role="status"
    >
      <span>{PAYMENT_RETURN_MESSAGES[kind]}</span>
      <button type="button" className="link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

function SubscriptionCard({
  usage,
  busy,
  onManage,
  onUpgrade,
}: {
  usage: UsageStats;
  busy: boolean;
  onManage: () => void;
  onUpgrade: () => void;
}) {
  const status = subscriptionDisplay(usage.subscriptionStatus);
  const manages = managesSubscription(usage);
  const plan = planNote(usage);
  return (
    <section className="billing-card" aria-labelledby="settings-subscription">
      <h2 id="settings-subscription">Subscription</h2>
      <div className="billing-row">
        <p>
          <span className="muted">Status: </span>
          <span
            className="status-badge"
            data-tone={status.tone}
            aria-label={`Status: ${status.label}`}
          >
            {status.label}
          </span>{' '}
          {plan && <span className="muted">{plan}</span>}
        </p>
        {manages ? (
          <button type="button" className="btn" disabled={busy} onClick={onManage}>
            Manage Subscription
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={onUpgrade}>
            Upgrade
          </button>
        )}
      </div>
      {!manages && (
        <p className="muted">
          Start your {SCHOLAR_PRICE.trialDays}-day free trial of Scholar: unlimited AI use and PDFs
          up to 25 MB, then ${SCHOLAR_PRICE.monthlyUSD}/month.
        </p>
      )}
    </section>
  );
}

function UsageCard({ usage }: { usage: UsageStats }) {
  const unlimited = usage.limitMB === null;
  const tone = usageBarTone(usage.usagePercentage);
  return (
    <section className="billing-card" aria-labelledby="settings-usage">
      <h2 id="settings-usage">Monthly usage</h2>
      <p>
        <strong>{formatSize(usage.currentUsageMB)}</strong> of {formatLimit(usage.limitMB)} used
        {!unlimited && <span className="muted"> ({Math.round(usage.usagePercentage)}%)</span>}
      </p>
      {!unlimited && (
        <div
          className="usage-bar"
          data-tone={tone}
          role="progressbar"
          aria-label="Monthly usage"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(usageBarWidth(usage.usagePercentage))}
        >
          <span style={{ width: `${usageBarWidth(usage.usagePercentage)}%` }} />
        </div>
      )}
      <dl className="demo-facts">
        <dt>Used</dt>
        <dd>{formatSize(usage.currentUsageMB)}</dd>
        <dt>Limit</dt>
        <dd>{formatLimit(usage.limitMB)}</dd>
        <dt>Remaining</dt>
        <dd>{usage.remainingMB === null ? 'Unlimited' : formatSize(usage.remainingMB)}</dd>
        <dt>Resets on</dt>
        <dd>{formatResetDate(usage.resetDate)}</dd>
      </dl>
    </section>
  );
}

/**
 * /settings (spec 01 §2.10, §4.4, §8): the subscription status and this month's usage, the way to
 * the billing portal or to checkout, and the banners of a return from checkout. If usage cannot be
 * loaded the page still shows the free plan's figures, under a dismissible error banner.
 */
export function SettingsPage({ payment }: { payment?: PaymentReturn | undefined }) {
  const queryClient = useQueryClient();
  const usage = useQuery({
    queryKey: SETTINGS_USAGE_QUERY_KEY,
    queryFn: ({ signal }) => fetchUsage(signal),
    // Usage loads whenever settings opens (spec 01 §7).
    staleTime: 0,
  });
  // A failed checkout or portal call; a failed usage load is read from the query itself, so the
  // banner cannot miss it however the page is rendered.
  const [actionError, setActionError] = useState<string | null>(null);
  const [dismissedUsageErrorAt, setDismissedUsageErrorAt] = useState(0);
  const [paymentBanner, setPaymentBanner] = useState<PaymentReturn | undefined>(payment);
  const [busy, setBusy] = useState(false);

  useEffect(() => setPaymentBanner(payment), [payment]);

  // Spec 01 §4.4: when the flag differs from what the app had cached, tell the listeners (the
  // sidebar's plan) to refresh. The fallback figures after a failure never count as an answer.
  const loadedFlag = usage.data?.hasActiveSubscription;
  useEffect(() => {
    if (loadedFlag === undefined) return;
    if (cachedSubscriptionFlag() !== loadedFlag) {
      cacheSubscriptionFlag(loadedFlag);
      emitSubscriptionUpdated({ hasActiveSubscription: loadedFlag });
    }
  }, [loadedFlag, usage.dataUpdatedAt]);

  // Spec 01 §4.4: after a successful payment the subscription may reach the server a moment after
  // the browser does (Stripe's webhook), so usage is loaded again after 2 s.
  useEffect(() => {
    if (payment !== 'success') return;
    const timer = setTimeout(() => {
      void queryClient.refetchQueries({ queryKey: SETTINGS_USAGE_QUERY_KEY });
    }, PAYMENT_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [payment, queryClient]);

  async function leaveFor(action: () => Promise<void>) {
    setBusy(true);
    setActionError(null);
    try {
      await action();
      // The browser is on its way to the checkout or the portal; the buttons stay disabled.
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  const shown = usage.data ?? (usage.isError ? fallbackUsage(new Date()) : undefined);
  const usageError =
    usage.isError && usage.errorUpdatedAt !== dismissedUsageErrorAt
      ? billingErrorMessage(usage.error, BILLING_MESSAGES.usage)
      : null;
  const billingError = actionError ?? usageError;
  const dismissBillingError = () => {
    if (actionError) setActionError(null);
    else setDismissedUsageErrorAt(usage.errorUpdatedAt);
  };

  return (
    <div className="page settings-page">
      <Link to="/create-flashcards" className="btn settings-back">
        ← Back
      </Link>
      <h1>Settings</h1>
      {billingError && <ErrorBanner message={billingError} onDismiss={dismissBillingError} />}
      {paymentBanner && (
        <PaymentBanner kind={paymentBanner} onDismiss={() => setPaymentBanner(undefined)} />
      )}
      {shown ? (
        <>
          <SubscriptionCard
            usage={shown}
            busy={busy}
            onManage={() => void leaveFor(() => openBillingPortal())}
            onUpgrade={() => void leaveFor(() => startCheckout())}
          />
          <UsageCard usage={shown} />
        </>
      ) : (
        <p className="muted" role="status">
          Loading usage...
        </p>
      )}
    </div>
  );
}
