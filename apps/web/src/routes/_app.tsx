import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AccessGuard } from '../features/shell/access-guard';
import { AppShell } from '../features/shell/app-shell';

/** Application pages: the access guard, then the sidebar shell. Children default to sign-in required. */
export const Route = createFileRoute('/_app')({
  component: () => (
    <AccessGuard>
      <AppShell>
        <Outlet />
      </AppShell>
    </AccessGuard>
  ),
});
