import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from '@tanstack/react-router';
import {
  GUEST_SIGN_UP_REASON,
  decideAccess,
  promptsGuestSignUp,
  type RouteAccess,
} from '../../lib/session/access';
import { useSession } from '../../lib/session/session-context';
import { useSignInDialog } from '../../lib/session/sign-in-dialog';

/** The access level of the current page: the deepest route that declares one; 'user' otherwise. */
function useRouteAccess(): RouteAccess {
  return useMatches({
    select: (matches) => {
      for (let i = matches.length - 1; i >= 0; i--) {
        const access = matches[i]?.staticData.access;
        if (access) return access;
      }
      return 'user' as const;
    },
  });
}

export function Initializing() {
  return (
    <div className="initializing" role="status">
      Initializing...
    </div>
  );
}

/**
 * Spec 01 §2.2: wait for the session, then let the visitor in or send them to /create-flashcards.
 * A guest sent back from a sign-in page is told why in the sign-up dialog, which takes them to
 * that page once they have an account (issue 18.1, docs/decisions.md).
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const access = useRouteAccess();
  const { session } = useSession();
  const pathname = useLocation({ select: (l) => l.pathname });
  const href = useLocation({ select: (l) => l.href });
  const decision = decideAccess(access, session, pathname);

  // The status at the previous render: a guest who was signed in a moment ago (logout, expiry)
  // is moved on without a dialog.
  const previous = useRef(session.status);
  const prompt = promptsGuestSignUp(decision, session, previous.current);
  const { open } = useSignInDialog();
  // Once per refusal: while the redirect runs, the address changes a render before the matched
  // routes do, and that render must not replace the page the guest wanted with the fallback.
  const prompted = useRef(false);
  useEffect(() => {
    if (decision.kind !== 'redirect') prompted.current = false;
    else if (prompt && !prompted.current) {
      prompted.current = true;
      open('register', { reason: GUEST_SIGN_UP_REASON, returnTo: href });
    }
  }, [decision.kind, prompt, open, href]);
  useEffect(() => {
    previous.current = session.status;
  }, [session.status]);

  if (decision.kind === 'loading') return <Initializing />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
