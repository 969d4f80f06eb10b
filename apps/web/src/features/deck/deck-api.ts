import {
  deckResponseSchema,
  deleteDeckResponseSchema,
  type UpdateDeckBody,
} from '@mnemo/contracts/api/decks';
import { updateSystemMessagesResponseSchema } from '@mnemo/contracts/api/chat';
import { api, type ApiClient } from '../../lib/api';

const at = (id: string) => encodeURIComponent(id);

/** The deck calls of the deck header and Manage page (spec 02 §7). */
export function deckCalls(client: ApiClient = api) {
  return {
    /** PUT /decks/:id with only the fields to change (title, systemPrompt). */
    update(deckId: string, body: UpdateDeckBody) {
      return client.put(`/decks/${at(deckId)}`, body, { schema: deckResponseSchema });
    },
    /** DELETE /decks/:id: the deck with its sources, cards and chats. */
    remove(deckId: string) {
      return client.delete(`/decks/${at(deckId)}`, undefined, { schema: deleteDeckResponseSchema });
    },
    /** PUT /chat/deck/:deckId/system-messages: the deck's chats take up new custom instructions. */
    refreshChatSystemMessages(deckId: string, systemPrompt: string | null) {
      return client.put(
        `/chat/deck/${at(deckId)}/system-messages`,
        { systemPrompt },
        { schema: updateSystemMessagesResponseSchema },
      );
    },
  };
}

export const deckApi = deckCalls();
