/**
 * The Manage page's chat-history list (spec 02 §2): saved chats of the deck, newest first. This
 * first version only holds its place; the chat work of issue 7 fills it, keeping these props.
 */
export function ChatHistoryList(_props: {
  deckId: string;
  canEdit: boolean;
  /** Opens the chat in the Manage page's chat panel. */
  onOpen: (chatId: string) => void;
}) {
  return <section aria-label="Chat history" />;
}
