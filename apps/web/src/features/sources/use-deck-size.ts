import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { deckSizeQueryKey } from '../../lib/deck-queries';
import { sources as calls } from '../../lib/sources/source-api';
import type { DeckSizeState } from '../../lib/sources/source-size';

/** GET /decks/:id/size for the meter: loaded, failed (0 of 60 MB) or hidden after a 403. */
export function useDeckSize(deckId: string | null): DeckSizeState {
  const query = useQuery({
    queryKey: deckSizeQueryKey(deckId ?? ''),
    queryFn: ({ signal }) => calls.deckSize(deckId ?? '', signal),
    enabled: deckId !== null,
    meta: { quietAccessDenied: true },
  });
  if (deckId === null) return { kind: 'none' };
  if (query.data) return { kind: 'loaded', size: query.data };
  if (query.isError) {
    return isApiError(query.error) && query.error.accessDenied
      ? { kind: 'hidden' }
      : { kind: 'failed' };
  }
  return { kind: 'none' };
}
