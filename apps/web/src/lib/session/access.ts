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

/** Why a guest turned away from a sign-in page sees the sign-up dialog (issue 18.1). */
export const GUEST_SIGN_UP_REASON = 'Sign up free to study your deck: it moves to your account';

/**
 * Whether a redirect should open the sign-up dialog, saying why, instead of sending the visitor
 * back silently. Only a guest who asked for a sign-in page is prompted: a user who has just
 * become a guest on one (logout, an expired token: `previous` was 'authenticated') is moved on
 * without a dialog, and a visitor with no session at all could not sign up anyway.
 */
export function promptsGuestSignUp(
  decision: AccessDecision,
  session: SessionState,
  previous: SessionState['status'],
): boolean {
  return (
    decision.kind === 'redirect' && session.status === 'anonymous' && previous !== 'authenticated'
  );
}
