import { usageResponseSchema } from '@mnemo/contracts/api/payment';
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { useSession } from './session/session-context';
import { SESSION_KEYS, browserSessionStorage, readKey, writeKey } from './storage-keys';
import { onSubscriptionUpdated } from './subscription-events';

/**
 * The flag alone, picked from the contract's GET /payment/usage answer: the sidebar and the plans
 * page need only it, so an answer whose other fields fail their schema still says who subscribes.
 */
const usageSchema = usageResponseSchema.pick({ hasActiveSubscription: true }).loose();

/** The query that holds the visitor's subscription flag (refreshed by subscription-updated). */
export const SUBSCRIPTION_QUERY_KEY = ['payment', 'usage', 'subscription'] as const;

/** The flag cached in sessionStorage (spec 01 §3), or undefined when none is cached. */
export function cachedSubscriptionFlag(): boolean | undefined {
  const raw = readKey(browserSessionStorage(), SESSION_KEYS.subscriptionStatus);
  return raw === 'true' ? true : raw === 'false' ? false : undefined;
}

export function cacheSubscriptionFlag(active: boolean): void {
  writeKey(browserSessionStorage(), SESSION_KEYS.subscriptionStatus, String(active));
}

/**
 * Whether the visitor is a Scholar subscriber. Guests never are; for a user the answer of
 * GET /payment/usage is cached in sessionStorage (spec 01 §3) so the sidebar does not flicker, and
 * fetched again when a subscription-updated event says it changed (spec 01 §4.4).
 */
export function useIsSubscriber(): boolean {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const authenticated = session.status === 'authenticated';
  const query = useQuery({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await api.get('/payment/usage', { signal, schema: usageSchema })).hasActiveSubscription,
    enabled: authenticated,
    initialData: cachedSubscriptionFlag,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (query.data !== undefined) cacheSubscriptionFlag(query.data);
  }, [query.data]);
  useEffect(
    () =>
      onSubscriptionUpdated(({ hasActiveSubscription }) => {
        // Show the event's flag at once, then ask the server (the cached status is refreshed).
        queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, hasActiveSubscription);
        void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
      }),
    [queryClient],
  );
  if (!authenticated) return false;
  return query.data ?? false;
}
