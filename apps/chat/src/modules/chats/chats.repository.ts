import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import type { chatMessages} from '@mnemo/db/schema';
import { chats, decks } from '@mnemo/db/schema';
import { ownedBy, type Owner } from '@mnemo/db/owner';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

export function createChatsRepository({ db }: { db: Db }) {
  return {
    /** Chat reads decks (never writes them) to check access; the deck service owns that table. */
    async findDeckAccess(deckId: string) {
      const [row] = await db
        .select({ id: decks.id, ownerUserId: decks.ownerUserId, ownerAnonId: decks.ownerAnonId, isPublished: decks.isPublished })
        .from(decks)
        .where(eq(decks.id, deckId));
      return row ?? null;
    },
    async listForDeck(owner: Owner, deckId: string): Promise<Array<ChatRow & { messages: MessageRow[] }>> {
      const rows = await db
        .select()
        .from(chats)
        .where(and(eq(chats.deckId, deckId), ownedBy(chats, owner)))
        .orderBy(desc(chats.updatedAt));
      if (rows.length === 0) return [];
      const messages = await db.query.chatMessages.findMany({
        where: (m, { inArray }) => inArray(m.chatId, rows.map((r) => r.id)),
        orderBy: (m, { asc }) => [asc(m.position)],
      });
      return rows.map((r) => ({ ...r, messages: messages.filter((m) => m.chatId === r.id) }));
    },
  };
}
export type ChatsRepository = ReturnType<typeof createChatsRepository>;
