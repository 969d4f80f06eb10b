import { Outlet, createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../features/marketing/public-layout';

/** Marketing and legal pages: public, no session needed. */
export const Route = createFileRoute('/_public')({
  staticData: { access: 'public' },
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
});
