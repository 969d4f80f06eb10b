import { useQuery } from '@tanstack/react-query';
import { chats } from './chat-api';
import { historyDate, historyPreview, newestFirst } from './chat-history';
import { previewChatsOfDeck } from './preview-chats';

/** One cache entry per deck and kind of viewer: server chats for editors, preview chats otherwise. */
export const chatHistoryKey = (deckId: string, canEdit: boolean) =>
  ['chat-history', deckId, canEdit ? 'saved' : 'preview'] as const;

export type HistoryRow = { id: string; title: string; preview: string; date: string };

/**
 * The rows of the chat-history list (spec 02 §2, §5, §6): editors' saved chats from the server,
 * other viewers' preview chats from session storage, newest first either way.
 */
export function useChatHistory(deckId: string, canEdit: boolean) {
  return useQuery({
    queryKey: chatHistoryKey(deckId, canEdit),
    queryFn: async ({ signal }): Promise<HistoryRow[]> => {
      if (!canEdit) {
        return newestFirst(previewChatsOfDeck(deckId)).map((chat) => ({
          id: chat.id,
          title: chat.title,
          preview: historyPreview(chat.messages),
          date: historyDate(chat.updatedAt),
        }));
      }
      const { chats: saved } = await chats.listForDeck(deckId, signal);
      return newestFirst(saved).map((chat) => ({
        id: chat._id,
        title: chat.title,
        preview: historyPreview(chat.messages),
        date: historyDate(chat.updatedAt),
      }));
    },
    // Session storage changes only through this tab, which invalidates the key itself.
    staleTime: canEdit ? 30_000 : Infinity,
  });
}
