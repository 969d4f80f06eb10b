import { createFileRoute } from '@tanstack/react-router';
import { DemoCheckoutPage } from '../../../features/billing/demo-checkout-page';
import { searchString } from '../../../lib/search-params';

export const Route = createFileRoute('/_app/billing/demo-checkout')({
  validateSearch: (search: Record<string, unknown>): { session?: string } => {
    const session = searchString(search.session);
    return session ? { session } : {};
  },
  component: function DemoCheckoutRoute() {
    const { session } = Route.useSearch();
    return <DemoCheckoutPage sessionId={session} />;
  },
});
