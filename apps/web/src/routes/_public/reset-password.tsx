import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth/reset-password-page';
import { searchString } from '../../lib/search-params';

export const Route = createFileRoute('/_public/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => {
    const token = searchString(search.token);
    return token ? { token } : {};
  },
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token} />;
  },
});
