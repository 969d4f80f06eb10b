import type { ReactNode } from 'react';
import { useLocation } from '@tanstack/react-router';
import { shouldShowDesktopAdvice } from '../../lib/mobile';
import { useIsMobile } from '../../lib/use-is-mobile';
import { MobileInvitePage } from './mobile-invite-page';
import { PublicLayout } from './public-layout';

/** Spec 01 §2.3: on mobile, every route but the public ones shows the desktop-advice page. */
export function MobileGate({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const pathname = useLocation({ select: (l) => l.pathname });
  if (shouldShowDesktopAdvice(pathname, isMobile)) {
    return (
      <PublicLayout>
        <MobileInvitePage />
      </PublicLayout>
    );
  }
  return <>{children}</>;
}
