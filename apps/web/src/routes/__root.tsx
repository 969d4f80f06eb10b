import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { SignInDialogProvider } from '../features/auth/sign-in-dialog';
import { MobileGate } from '../features/marketing/mobile-gate';
import { NotFoundPage } from '../features/shell/not-found-page';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <SignInDialogProvider>
      <MobileGate>
        <Outlet />
      </MobileGate>
    </SignInDialogProvider>
  ),
  notFoundComponent: NotFoundPage,
});
