import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dueQueueQueryKey, reviewApi } from '../../lib/review';
import { questionItem } from './study-items';

/**
 * GET /review/due for one deck or every deck: the session's list, loaded once. It is not refetched
 * behind the learner's back (an answered card would come back into the list); `reload` asks again.
 */
export function useReviewQueue(deckId: string | null, enabled = true) {
  const queryClient = useQueryClient();
  const load = useQuery({
    queryKey: dueQueueQueryKey(deckId),
    queryFn: ({ signal }) => reviewApi.due(deckId, signal),
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const items = useMemo(() => load.data?.questions.map(questionItem), [load.data]);
  return {
    load,
    items: items ?? [],
    /** undefined until loaded, so the session waits for it. */
    loaded: items,
    /** When the list was loaded: a new load restarts the session. */
    loadedAt: load.dataUpdatedAt,
    reload: () => queryClient.resetQueries({ queryKey: dueQueueQueryKey(deckId), exact: true }),
  };
}

export type ReviewQueue = ReturnType<typeof useReviewQueue>;
