import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from '@tanstack/react-router';
import { keepsAppMounted, shouldShowDesktopAdvice } from '../../lib/mobile';
import { useIsMobile } from '../../lib/use-is-mobile';
import { MobileInvitePage } from './mobile-invite-page';
import { PublicLayout } from './public-layout';

/**
 * Spec 01 §2.3: on mobile, every route but the public ones shows the desktop-advice page.
 *
 * A window narrowed past the mobile width after the app was shown (a resize, a full-page
 * screenshot, which shrinks the viewport to 1x1 for a moment) hides the app behind the advice
 * rather than unmounting it: unmounting threw away the page's state, and a review in progress
 * came back as a new session. The app stays where it is, invisible and out of the accessibility
 * tree, until the window is wide again. Only the page that was on screen stays so.
 */
export function MobileGate({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const pathname = useLocation({ select: (l) => l.pathname });
  const advice = shouldShowDesktopAdvice(pathname, isMobile);
  // The last path the app was shown at: a phone moving from a public page to an app page
  // must not mount that page out of sight.
  const [shownAt, setShownAt] = useState<string | null>(null);
  useEffect(() => {
    if (!advice) setShownAt(pathname);
  }, [advice, pathname]);
  const mounted = keepsAppMounted(advice, shownAt === pathname);
  return (
    <>
      {/* Always this element in this place, so the app below it is never remounted. */}
      <div className="mobile-gate-app" style={{ display: advice ? 'none' : 'contents' }}>
        {mounted ? children : null}
      </div>
      {advice && (
        <PublicLayout>
          <MobileInvitePage />
        </PublicLayout>
      )}
    </>
  );
}
