import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { logWarning } from '../../lib/log';
import { FALLBACK_PATH } from '../../lib/session/access';
import { useSession } from '../../lib/session/session-context';
import { SESSION_KEYS, browserSessionStorage, removeKey } from '../../lib/storage-keys';
import type { SessionAnswer } from './auth-answers';

/**
 * Login, verification, Google sign-in and password reset all end here (spec 01 §4.1): store the
 * token, forget the anonymous session, and drop what was cached for the previous visitor so every
 * list is fetched again as the user (the server has moved the guest's work to the account).
 */
export function useCompleteSignIn(): (answer: SessionAnswer) => void {
  const { signIn } = useSession();
  const queryClient = useQueryClient();
  return useCallback(
    (answer: SessionAnswer) => {
      signIn(answer.token, answer.user);
      removeKey(browserSessionStorage(), SESSION_KEYS.subscriptionStatus);
      queryClient.removeQueries();
    },
    [signIn, queryClient],
  );
}

/**
 * Intentional logout: end the session on the server, forget the token and the anonymous session,
 * start a new anonymous one, drop cached data of the old user, go to /create-flashcards.
 */
export function useSignOut(): () => void {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    // The call must carry the token, so it starts (its headers are built) before the token is
    // dropped; the visitor does not wait for its answer. A failure only leaves a session the
    // server will let expire.
    api.post('/auth/logout').catch((error: unknown) => logWarning('logout call failed', error));
    signOut();
    queryClient.clear();
    removeKey(browserSessionStorage(), SESSION_KEYS.subscriptionStatus);
    void navigate({ to: FALLBACK_PATH });
  }, [signOut, queryClient, navigate]);
}
