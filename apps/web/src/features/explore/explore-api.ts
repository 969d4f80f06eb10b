import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { exploreResponseSchema } from '@mnemo/contracts/api/decks';
import { publishedDeckCardSchema } from '@mnemo/contracts/entities/deck';
import { api } from '../../lib/api';
import { EXPLORE_LIMIT, publishedCardCount } from './explore-model';

/**
 * The card as the page reads it: spec 01 §3 lets `cardCount` be missing (the client then counts
 * `cards`, else shows 0), so the page accepts either rather than failing the whole list.
 */
const exploreCardSchema = publishedDeckCardSchema
  .extend({
    cardCount: z.number().int().min(0).nullish(),
    cards: z.array(z.unknown()).nullish(),
  })
  .transform(({ cards, ...card }) => ({
    ...card,
    cardCount: publishedCardCount({ ...card, cards }),
  }));

const exploreAnswerSchema = exploreResponseSchema.extend({ data: z.array(exploreCardSchema) });
export type ExploreAnswer = z.output<typeof exploreAnswerSchema>;
export type ExploreCard = ExploreAnswer['data'][number];

export const exploreQueryKey = (search: string, page: number) =>
  ['explore', { search, page }] as const;

/** GET /decks/explore: one page of published decks, newest first, for a term or for all. */
export function fetchExplore(search: string, page: number, signal?: AbortSignal) {
  return api.get('/decks/explore', {
    signal,
    query: { search: search || undefined, page, limit: EXPLORE_LIMIT, sort: 'newest' },
    schema: exploreAnswerSchema,
  });
}

/** The page's published decks. */
export function useExplore(search: string, page: number) {
  return useQuery({
    queryKey: exploreQueryKey(search, page),
    queryFn: ({ signal }) => fetchExplore(search, page, signal),
    // Published decks change while someone browses; a revisit asks again.
    staleTime: 0,
  });
}
