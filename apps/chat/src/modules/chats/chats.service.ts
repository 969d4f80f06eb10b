import { AppError } from '@mnemo/service-kit';
import type { Owner } from '@mnemo/db/owner';
import type { ChatsRepository, ChatRow, MessageRow } from './chats.repository';

export const presentChat = (c: ChatRow & { messages: MessageRow[] }) => ({
  _id: c.id,
  title: c.title,
  deckId: c.deckId,
  isPreview: c.isPreview,
  messages: c.messages.map((m) => ({ role: m.role, content: m.content, timestamp: m.createdAt.toISOString() })),
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

const owns = (deck: { ownerUserId: string | null; ownerAnonId: string | null }, owner: Owner) =>
  ('userId' in owner && owner.userId ? deck.ownerUserId === owner.userId : false) ||
  ('anonId' in owner && owner.anonId ? deck.ownerAnonId === owner.anonId : false);

export function createChatsService({ chats }: { chats: Pick<ChatsRepository, 'findDeckAccess' | 'listForDeck'> }) {
  return {
    /**
     * Saved chats of a deck. Server-stored history is for editors only (spec 02 §6): viewers of a
     * published deck keep preview chats in their browser, so for them the list is empty.
     */
    async listForDeck(owner: Owner, deckId: string) {
      const deck = await chats.findDeckAccess(deckId);
      if (!deck || (!owns(deck, owner) && !deck.isPublished)) throw new AppError('NOT_FOUND', 'Deck not found');
      if (!owns(deck, owner)) return [];
      return (await chats.listForDeck(owner, deckId)).map(presentChat);
    },
  };
}
export type ChatsService = ReturnType<typeof createChatsService>;
