import { createFileRoute } from '@tanstack/react-router';
import { parsePaymentReturn, type PaymentReturn } from '../../lib/billing/billing-display';
import { SettingsPage } from '../../features/settings/settings-page';

export const Route = createFileRoute('/_app/settings')({
  // ?payment=success|canceled after a return from checkout (spec 01 §4.4).
  validateSearch: (search: Record<string, unknown>): { payment?: PaymentReturn } => {
    const payment = parsePaymentReturn(search.payment);
    return payment ? { payment } : {};
  },
  component: function SettingsRoute() {
    const { payment } = Route.useSearch();
    return <SettingsPage payment={payment} />;
  },
});
