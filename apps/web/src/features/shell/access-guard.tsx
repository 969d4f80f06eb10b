import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from '@tanstack/react-router';
import { decideAccess, type RouteAccess } from '../../lib/session/access';
import { useSession } from '../../lib/session/session-context';

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

/** Spec 01 §2.2: wait for the session, then let the visitor in or send them to /create-flashcards. */
export function AccessGuard({ children }: { children: ReactNode }) {
  const access = useRouteAccess();
  const { session } = useSession();
  const pathname = useLocation({ select: (l) => l.pathname });
  const decision = decideAccess(access, session, pathname);
  if (decision.kind === 'loading') return <Initializing />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
