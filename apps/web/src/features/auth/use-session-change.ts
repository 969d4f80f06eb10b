import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session/session-context';
import { SESSION_KEYS, browserSessionStorage, removeKey } from '../../lib/storage-keys';
import type { SessionAnswer } from '../../lib/session/auth-api';

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
