import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session/session-context';
import { FALLBACK_PATH } from '../../lib/session/access';
import { SESSION_KEYS, browserSessionStorage, removeKey } from '../../lib/storage-keys';

/** Logout: forget the session, drop cached data of the old user, go to /create-flashcards. */
export function useSignOut(): () => void {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    queryClient.clear();
    removeKey(browserSessionStorage(), SESSION_KEYS.subscriptionStatus);
    void navigate({ to: FALLBACK_PATH });
  }, [signOut, queryClient, navigate]);
}
