import {
  cloneDeckResponseSchema,
  publishDeckResponseSchema,
  type CloneDeckBody,
  type PublishDeckBody,
} from '@mnemo/contracts/api/decks';
import { api, type ApiClient } from '../../lib/api';

const at = (id: string) => encodeURIComponent(id);

/** Publishing and cloning (spec 01 §7, spec 02 §7). */
export function publishCloneCalls(client: ApiClient = api) {
  return {
    /** PUT /decks/:id/publish {isPublished, publishedAnonymously}: the deck as it is now. */
    publish(deckId: string, body: PublishDeckBody) {
      return client.put(`/decks/${at(deckId)}/publish`, body, {
        schema: publishDeckResponseSchema,
      });
    },
    /** POST /decks/:id/clone {studySpace}: the caller's new copy. */
    clone(deckId: string, body: CloneDeckBody) {
      return client.post(`/decks/${at(deckId)}/clone`, body, { schema: cloneDeckResponseSchema });
    },
  };
}

export const publishCloneApi = publishCloneCalls();
