import type { SessionState } from './session-state';

/**
 * Who may open a route (spec 01 §2.1-2.2). 'public': marketing and legal pages, no session needed;
 * 'anyone': signed-in or anonymous (/create-flashcards, /explore); 'user': sign-in required.
 */
export type RouteAccess = 'public' | 'anyone' | 'user';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Routes under the app shell default to 'user' when they do not say. */
    access?: RouteAccess;
  }
}

/** Where the guard sends visitors it turns away, after logout and after a 403. */
export const FALLBACK_PATH = '/create-flashcards';

export type AccessDecision =
  { kind: 'loading' } | { kind: 'allow' } | { kind: 'redirect'; to: typeof FALLBACK_PATH };

/** The access guard's whole decision, free of React so it can be tested on its own. */
export function decideAccess(
  access: RouteAccess,
  session: SessionState,
  pathname: string,
): AccessDecision {
  if (access === 'public') return { kind: 'allow' };
  if (session.status === 'loading') return { kind: 'loading' };
  const redirect: AccessDecision = { kind: 'redirect', to: FALLBACK_PATH };
  const atFallback = pathname.replace(/\/+$/, '') === FALLBACK_PATH;
  switch (session.status) {
    case 'authenticated':
      return { kind: 'allow' };
    case 'anonymous':
      return access === 'anyone' ? { kind: 'allow' } : redirect;
    case 'none':
      // The creation page itself must render (it shows the error) or the redirect would loop.
      return atFallback ? { kind: 'allow' } : redirect;
  }
}
