import { useCallback, useState, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { SCHOLAR_PRICE } from '../lib/billing/billing-display';
import { useCheckout } from '../lib/billing/use-checkout';
import './billing.css';

/** Spec 01 §1 and §9: what Scholar adds over the free plan. */
export const SCHOLAR_FEATURES = [
  'Unlimited AI use',
  'Unlimited PDFs up to 25 MB',
  'Unlimited study spaces, decks and cards',
  'Unlimited monthly source processing',
  'Chat with an AI tutor about every deck',
] as const;

/**
 * Spec 01 §2.5: the upgrade dialog. Monthly is the only plan on sale; Annual is announced
 * ('Save 33%') but disabled as 'Coming Soon'. 'Start Free Trial' starts the checkout; a failure is
 * shown in the dialog and the button can be pressed again.
 */
export function UpgradeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { starting, error, start, clearError } = useCheckout();

  return (
    <Dialog
      open={open}
      onDismiss={() => {
        clearError();
        onClose();
      }}
      labelledBy="upgrade-title"
      className="upgrade-dialog"
    >
      <h2 id="upgrade-title">Upgrade your plan</h2>
      <p className="muted">
        Unlimited AI study help, with a {SCHOLAR_PRICE.trialDays}-day free trial.
      </p>

      <div className="segmented billing-period" role="group" aria-label="Billing period">
        <button type="button" className="segmented-item" aria-pressed="true">
          Monthly
        </button>
        <button
          type="button"
          className="segmented-item"
          aria-pressed="false"
          disabled
          title={`$${SCHOLAR_PRICE.annualMonthlyUSD}/month, $${SCHOLAR_PRICE.annualYearlyUSD} billed yearly`}
        >
          Annual <span className="badge badge-save">Save 33%</span>{' '}
          <span className="coming-soon">Coming Soon</span>
        </button>
      </div>

      <p className="upgrade-price">
        <strong>${SCHOLAR_PRICE.monthlyUSD}</strong>
        <span>/month</span>
      </p>
      <p className="muted upgrade-price-note">
        Free for {SCHOLAR_PRICE.trialDays} days, then ${SCHOLAR_PRICE.monthlyUSD} a month. Cancel
        anytime.
      </p>

      <ul className="upgrade-features" aria-label="Scholar features">
        {SCHOLAR_FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>

      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}

      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={starting || !open}
        onClick={() => void start()}
      >
        {starting ? 'Starting...' : 'Start Free Trial'}
      </button>
    </Dialog>
  );
}

/**
 * Local state for an upgrade dialog: `open()` shows it, `dialog` is the element to render. Each
 * caller (sidebar, limit dialog) owns its own, so no provider is needed in the app shell.
 */
export function useUpgradeDialog(): { open: () => void; dialog: ReactNode } {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  return { open, dialog: <UpgradeDialog open={isOpen} onClose={() => setOpen(false)} /> };
}
