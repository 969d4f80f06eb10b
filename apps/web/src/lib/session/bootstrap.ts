import type { SessionStore } from './session-store';
import {
  SESSION_EXPIRED_MESSAGE,
  SESSION_INIT_FAILED_MESSAGE,
  type SessionState,
  type SessionUser,
} from './session-state';

export interface BootstrapDeps {
  store: SessionStore;
  /**
   * GET /api/auth/me with the stored token (`authCalls().me`): the user, or a rejection when the
   * token is refused or the answer is not the contract's.
   */
  fetchMe: () => Promise<SessionUser>;
  /**
   * Gets a server-issued guest id when the stored one is missing or was made locally. When that
   * fails (server unreachable) the visit still starts with a local id, which the API client trades
   * for an issued one on its first refused call.
   */
  ensureGuest?: () => Promise<unknown>;
}

async function anonymousState(
  { store, ensureGuest }: BootstrapDeps,
  notice?: string,
): Promise<SessionState> {
  await ensureGuest?.();
  const anonymous = store.ensureAnonymousSession();
  if (!anonymous) return { status: 'none', error: SESSION_INIT_FAILED_MESSAGE };
  return notice ? { status: 'anonymous', anonymous, notice } : { status: 'anonymous', anonymous };
}

/**
 * Start of every visit (spec 01 §4.1): with a stored token load the user; when that fails for any
 * reason drop the token and continue as a guest with a notice; without a token use (or create) the
 * anonymous session.
 */
export async function bootstrapSession(deps: BootstrapDeps): Promise<SessionState> {
  const { store, fetchMe } = deps;
  if (!store.getToken()) return anonymousState(deps);
  try {
    return { status: 'authenticated', user: await fetchMe() };
  } catch {
    // Any failure, a refused token or an answer without a user alike, ends the stored session.
  }
  store.clearToken();
  return anonymousState(deps, SESSION_EXPIRED_MESSAGE);
}
