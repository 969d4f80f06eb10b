import { useQuery } from '@tanstack/react-query';
import { listDecksResponseSchema } from '@mnemo/contracts/api/decks';
import { api } from './api';

/** Every deck list starts with 'decks', so creating or deleting a deck reloads them all at once. */
export const decksQueryKey = (studySpace?: string) => ['decks', studySpace ?? 'all'] as const;

/** GET /decks (optionally ?studySpace=): the caller's decks, newest first. */
export function useDecks(studySpace?: string) {
  return useQuery({
    queryKey: decksQueryKey(studySpace),
    queryFn: async ({ signal }) =>
      (
        await api.get('/decks', {
          query: { studySpace },
          signal,
          schema: listDecksResponseSchema,
        })
      ).data,
  });
}
