import { useQuery, type QueryClient } from '@tanstack/react-query';
import { deckResponseSchema, type DeckResponse } from '@mnemo/contracts/api/decks';
import type { Source } from '@mnemo/contracts/entities/source';
import { api } from './api';

export const deckQueryKey = (deckId: string) => ['deck', deckId] as const;
export const deckSizeQueryKey = (deckId: string) => ['deck', deckId, 'size'] as const;
/** The edit screen's question pages: under the deck's key, so reloading the deck reloads them. */
export const deckQuestionsQueryKey = (deckId: string) => ['deck', deckId, 'questions'] as const;

/** GET /decks/:id: the deck with its sources and the caller's access flags. */
export function useDeck(deckId: string) {
  return useQuery({
    queryKey: deckQueryKey(deckId),
    queryFn: ({ signal }) =>
      api.get(`/decks/${encodeURIComponent(deckId)}`, { signal, schema: deckResponseSchema }),
  });
}

/** Reloads the deck and its size (after adding, removing or finishing a source). */
export function reloadDeck(queryClient: QueryClient, deckId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: deckQueryKey(deckId) });
}

/** Replaces one source of the cached deck (a poll answer, a local 'failed'), keeping the rest. */
export function patchDeckSource(
  queryClient: QueryClient,
  deckId: string,
  sourceId: string,
  patch: (source: Source) => Source,
): void {
  queryClient.setQueryData<DeckResponse>(deckQueryKey(deckId), (deck) =>
    deck
      ? { ...deck, sources: deck.sources.map((s) => (s._id === sourceId ? patch(s) : s)) }
      : deck,
  );
}
