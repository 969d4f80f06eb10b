import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { logWarning } from '../log';
import { FALLBACK_PATH } from './access';
import { useSession } from './session-context';
import { SESSION_KEYS, browserSessionStorage, removeKey } from '../storage-keys';

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
