import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  deckMasteryResponseSchema,
  overrideReviewResponseSchema,
  reviewDueCountsResponseSchema,
  reviewDueResponseSchema,
  reviewSettingsResponseSchema,
  reviewStatsResponseSchema,
  summaryQuizResponseSchema,
  type DueCounts,
  type OverrideReviewBody,
  type ReviewDueCountsResponse,
  type ReviewRating,
  type UpdateReviewSettingsBody,
} from '@mnemo/contracts/api/review';
import { api, type ApiClient } from './api';
import { useSession } from './session/session-context';

/**
 * The spaced-repetition calls (issue 20) and the queries several features share: the due counts
 * (sidebar, library, spaces, deck header), mastery, statistics and the learner's review settings.
 * Every key starts with 'review', so one invalidation after an answer refreshes them all.
 */
export const reviewQueryKey = ['review'] as const;
export const dueCountsQueryKey = ['review', 'due-counts'] as const;
export const dueQueueQueryKey = (deckId: string | null) =>
  ['review', 'due', deckId ?? 'all'] as const;
export const masteryQueryKey = (deckId: string) => ['review', 'mastery', deckId] as const;
export const statsQueryKey = (days: number) => ['review', 'stats', days] as const;
export const reviewSettingsQueryKey = ['review', 'settings'] as const;

const at = (id: string) => encodeURIComponent(id);

export function reviewCalls(client: ApiClient = api) {
  return {
    /** GET /review/due: the queue (due, then learning, then new), of one deck or every deck. */
    due: (deckId: string | null, signal?: AbortSignal) =>
      client.get('/review/due', {
        query: { deckId: deckId ?? undefined, limit: 500 },
        signal,
        schema: reviewDueResponseSchema,
      }),
    dueCounts: (signal?: AbortSignal) =>
      client.get('/review/due-counts', { signal, schema: reviewDueCountsResponseSchema }),
    /** POST /questions/:id/review: overrides the rating of the caller's last review of it. */
    override: (questionId: string, rating: ReviewRating) =>
      client.post(`/questions/${at(questionId)}/review`, { rating } satisfies OverrideReviewBody, {
        schema: overrideReviewResponseSchema,
      }),
    mastery: (deckId: string, signal?: AbortSignal) =>
      client.get(`/decks/${at(deckId)}/mastery`, { signal, schema: deckMasteryResponseSchema }),
    stats: (days: number, signal?: AbortSignal) =>
      client.get('/review/stats', { query: { days }, signal, schema: reviewStatsResponseSchema }),
    settings: (signal?: AbortSignal) =>
      client.get('/review/settings', { signal, schema: reviewSettingsResponseSchema }),
    updateSettings: (body: UpdateReviewSettingsBody) =>
      client.put('/review/settings', body, { schema: reviewSettingsResponseSchema }),
    quiz: (deckId: string, count: number, signal?: AbortSignal) =>
      client.get(`/decks/${at(deckId)}/quiz`, {
        query: { count },
        signal,
        schema: summaryQuizResponseSchema,
      }),
  };
}

export const reviewApi = reviewCalls();

/** Whether the visitor has a session the review calls can answer for (a user or a guest). */
function useHasStudySession(): boolean {
  const { session } = useSession();
  return session.status === 'authenticated' || session.status === 'anonymous';
}

/** GET /review/due-counts: one call for every place that shows what is due today. */
export function useDueCounts() {
  const enabled = useHasStudySession();
  return useQuery({
    queryKey: dueCountsQueryKey,
    queryFn: ({ signal }) => reviewApi.dueCounts(signal),
    enabled,
    // Counts change only when the learner answers (which invalidates them) or as time passes.
    staleTime: 60_000,
  });
}

/** What is left to study today: due, learning and new cards together. */
export function studyToday(counts: DueCounts | undefined | null): number {
  return counts ? counts.due + counts.learning + counts.new : 0;
}

/** The counts of one deck from the due-counts answer; a deck not listed has nothing due. */
export function deckDueCounts(
  answer: ReviewDueCountsResponse | undefined,
  deckId: string,
): DueCounts {
  return answer?.decks.find((d) => d.deckId === deckId) ?? { due: 0, new: 0, learning: 0 };
}

/** The sum over several decks (a study space's). */
export function decksDueTotal(
  answer: ReviewDueCountsResponse | undefined,
  deckIds: readonly string[],
): number {
  const wanted = new Set(deckIds);
  return (answer?.decks ?? [])
    .filter((d) => wanted.has(d.deckId))
    .reduce((sum, d) => sum + studyToday(d), 0);
}

/** After an answer or an override: counts, queues, mastery and statistics are all stale. */
export function invalidateReviewData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: reviewQueryKey,
    // The queue being studied stays as it was: it is the session's list, not a live view.
    predicate: (query) => query.queryKey[1] !== 'due',
  });
}
