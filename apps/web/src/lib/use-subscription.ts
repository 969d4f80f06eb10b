import { z } from 'zod';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useSession } from './session/session-context';
import { SESSION_KEYS, browserSessionStorage, readKey, writeKey } from './storage-keys';

const usageSchema = z.object({ hasActiveSubscription: z.boolean() }).loose();

function cachedStatus(): boolean | undefined {
  const raw = readKey(browserSessionStorage(), SESSION_KEYS.subscriptionStatus);
  return raw === 'true' ? true : raw === 'false' ? false : undefined;
}

/**
 * Whether the visitor is a Scholar subscriber. Guests never are; for a user the answer of
 * GET /payment/usage is cached in sessionStorage (spec 01 §3) so the sidebar does not flicker.
 */
export function useIsSubscriber(): boolean {
  const { session } = useSession();
  const authenticated = session.status === 'authenticated';
  const query = useQuery({
    queryKey: ['payment', 'usage', 'subscription'],
    queryFn: async ({ signal }) =>
      (await api.get('/payment/usage', { signal, schema: usageSchema })).hasActiveSubscription,
    enabled: authenticated,
    initialData: cachedStatus,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (query.data !== undefined)
      writeKey(browserSessionStorage(), SESSION_KEYS.subscriptionStatus, String(query.data));
  }, [query.data]);
  if (!authenticated) return false;
  return query.data ?? session.user.hasActiveSubscription;
}
