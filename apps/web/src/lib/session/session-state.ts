import type { AnonymousSession } from './session-store';

/**
 * The signed-in user as the app uses it (spec 01 §3: _id, email, firstName), read from the auth
 * answers by `auth-api.ts`. Whether they subscribe is not part of it: GET /payment/usage says
 * (`useIsSubscriber`).
 */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
}

/** The three visitor states of spec 01 §2.2, plus loading. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'anonymous'; anonymous: AnonymousSession; notice?: string }
  | { status: 'none'; error: string };

export const SESSION_EXPIRED_MESSAGE = 'Session expired. You can continue as a guest.';
export const SESSION_INIT_FAILED_MESSAGE = 'Failed to initialize session';
