import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chats } from './chat-api';
import { CHAT_MESSAGES } from './chat-errors';
import { chatHistoryKey, useChatHistory } from './chat-history-query';
import { deletePreviewChat } from './preview-chats';

/**
 * The Manage page's chat-history list (spec 02 §2, §5, §6): editors see the deck's saved chats,
 * other viewers their preview chats of this tab; newest first, each with its last message.
 */
export function ChatHistoryList({
  deckId,
  canEdit,
  onOpen,
}: {
  deckId: string;
  canEdit: boolean;
  /** Opens the chat in the Manage page's chat panel. */
  onOpen: (chatId: string) => void;
}) {
  const queryClient = useQueryClient();
  const history = useChatHistory(deckId, canEdit);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function remove(id: string) {
    setDeleting(id);
    setError(null);
    try {
      if (canEdit) await chats.delete(id);
      else deletePreviewChat(id);
      await queryClient.invalidateQueries({ queryKey: chatHistoryKey(deckId, canEdit) });
    } catch {
      setError(CHAT_MESSAGES.deleteFailed);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section className="chat-history" aria-label="Chat history">
      <h2>Chat history</h2>
      {history.isPending && <p className="muted">Loading chats...</p>}
      {history.isError && (
        <p className="chat-error" role="alert">
          {CHAT_MESSAGES.historyFailed}
        </p>
      )}
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
      {history.data && history.data.length === 0 && (
        <p className="muted">
          {canEdit
            ? 'No saved chats yet. Use Save Chat to keep a conversation here.'
            : 'No chats yet in this preview.'}
        </p>
      )}
      {history.data && history.data.length > 0 && (
        <ul className="chat-history-list">
          {history.data.map((row) => (
            <li key={row.id} className="chat-history-row">
              <button type="button" className="chat-history-open" onClick={() => onOpen(row.id)}>
                <span className="chat-history-title">{row.title}</span>
                <span className="chat-history-preview">{row.preview}</span>
                <span className="chat-history-date muted">{row.date}</span>
              </button>
              <button
                type="button"
                className="btn chat-history-delete"
                aria-label={`Delete ${row.title}`}
                disabled={deleting === row.id}
                onClick={() => void remove(row.id)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
