import { anonymousLimitsResponseSchema } from '@mnemo/contracts/api/auth';
import {
  createDeckBodySchema,
  deckResponseSchema,
  discardFailedCreationResponseSchema,
  type CreateDeckBody,
} from '@mnemo/contracts/api/decks';
import { spaceResponseSchema } from '@mnemo/contracts/api/spaces';
import { youtubeSearchResponseSchema } from '@mnemo/contracts/api/youtube';
import { api, type ApiClient } from '../../lib/api';
import { fetchSpaces } from '../../lib/spaces';
import { sources } from '../../lib/sources/source-api';

/** The calls of the creation flow (spec 01 §4.2, §7), answers checked against @mnemo/contracts. */
export function createCalls(client: ApiClient = api) {
  return {
    /** GET /spaces: a guest's own space is reused rather than a second one created. */
    listSpaces: (signal?: AbortSignal) => fetchSpaces(signal),
    /** POST /spaces {title, description}: answers the space in `data`. */
    async createSpace(title: string) {
      const answer = await client.post(
        '/spaces',
        { title, description: '' },
        { schema: spaceResponseSchema },
      );
      return answer.data;
    },
    /** POST /decks {title, description, sources, focusInstructions, studySpace, ...}: the deck. */
    createDeck(body: CreateDeckBody) {
      // The contract's own rules first (title length, at most 100 sources): a mistake here is ours.
      createDeckBodySchema.parse(body);
      return client.post('/decks', body, { schema: deckResponseSchema });
    },
    /** POST /ai/process-source {deckId, sourceId}: the source, now processing. */
    async processSource(deckId: string, sourceId: string) {
      return (await sources.processSource(deckId, sourceId)).source;
    },
    /**
     * POST /decks/:id/discard-failed-creation: every source of the new deck failed, so the deck
     * service removes it, and the space when this attempt made it (issue 18.3).
     */
    discardFailedCreation(deckId: string, removeSpace: boolean) {
      return client.post(
        `/decks/${encodeURIComponent(deckId)}/discard-failed-creation`,
        { removeSpace },
        { schema: discardFailedCreationResponseSchema },
      );
    },
  };
}
export type CreateCalls = ReturnType<typeof createCalls>;

/** GET /youtube/search?q=: the video browser's results. */
export function searchVideos(term: string, signal?: AbortSignal, client: ApiClient = api) {
  return client.get('/youtube/search', {
    query: { q: term },
    signal,
    schema: youtubeSearchResponseSchema,
  });
}

export const anonymousLimitsQueryKey = (sessionId: string) =>
  ['auth', 'anonymous-limits', sessionId] as const;

/** GET /auth/anonymous-limits/:sessionId: what a guest has used and may use. */
export function fetchAnonymousLimits(
  sessionId: string,
  signal?: AbortSignal,
  client: ApiClient = api,
) {
  return client.get(`/auth/anonymous-limits/${encodeURIComponent(sessionId)}`, {
    signal,
    schema: anonymousLimitsResponseSchema,
  });
}
