import { and, asc, desc, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { chatMessages, chats } from '@mnemo/db/schema';
import type { MessageAttribution } from '@mnemo/db/schema';
import { ownedBy, ownerValues, type Owner } from '@mnemo/db/owner';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type ChatWithMessages = ChatRow & { messages: MessageRow[] };
export type NewMessage = {
  role: MessageRow['role'];
  content: string;
  attribution?: MessageAttribution[] | null;
};

export function createChatsRepository({ db }: { db: Db }) {
  const messagesOf = (chatIds: string[]) =>
    chatIds.length === 0
      ? Promise.resolve([] as MessageRow[])
      : db.select().from(chatMessages).where(inArray(chatMessages.chatId, chatIds)).orderBy(asc(chatMessages.position));

  return {
    async listForDeck(owner: Owner, deckId: string): Promise<ChatWithMessages[]> {
      const rows = await db
        .select()
        .from(chats)
        .where(and(eq(chats.deckId, deckId), ownedBy(chats, owner)))
        .orderBy(desc(chats.updatedAt));
      const messages = await messagesOf(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, messages: messages.filter((m) => m.chatId === r.id) }));
    },

    /** The caller's chat with its messages in order; another caller's chat is null, like a missing one. */
    async findOwned(owner: Owner, id: string): Promise<ChatWithMessages | null> {
      const [row] = await db.select().from(chats).where(and(eq(chats.id, id), ownedBy(chats, owner)));
      if (!row) return null;
      return { ...row, messages: await messagesOf([row.id]) };
    },

    /** A chat and its first messages, positions from 0, in one transaction. */
    async create(input: { deckId: string; owner: Owner; title: string; messages: NewMessage[] }): Promise<ChatWithMessages> {
      return db.transaction(async (tx) => {
        const [chat] = await tx
          .insert(chats)
          .values({ deckId: input.deckId, ...ownerValues(input.owner), title: input.title })
          .returning();
        const messages =
          input.messages.length === 0
            ? []
            : await tx
                .insert(chatMessages)
                .values(input.messages.map((m, position) => ({ ...m, chatId: chat!.id, position })))
                .returning();
        return { ...chat!, messages: messages.sort((a, b) => a.position - b.position) };
      });
    },

    async remove(id: string): Promise<void> {
      await db.delete(chats).where(eq(chats.id, id));
    },

    /**
     * Appends messages after the last one. The chat row is locked first so two messages sent to
     * one chat at once take consecutive positions instead of colliding on the unique index.
     */
    async append(chatId: string, messages: NewMessage[]): Promise<MessageRow[]> {
      return db.transaction(async (tx) => {
        await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).for('update');
        const [last] = await tx
          .select({ position: max(chatMessages.position) })
          .from(chatMessages)
          .where(eq(chatMessages.chatId, chatId));
        const start = (last?.position ?? -1) + 1;
        const rows = await tx
          .insert(chatMessages)
          .values(messages.map((m, i) => ({ ...m, chatId, position: start + i })))
          .returning();
        await tx.update(chats).set({ updatedAt: new Date() }).where(eq(chats.id, chatId));
        return rows.sort((a, b) => a.position - b.position);
      });
    },

    async updateMessage(chatId: string, position: number, content: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(chatMessages)
          .set({ content })
          .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.position, position)));
        await tx.update(chats).set({ updatedAt: new Date() }).where(eq(chats.id, chatId));
      });
    },

    /** Rewrites the system message of the owner's chats of a deck; answers how many chats changed. */
    async updateSystemMessages(owner: Owner, deckId: string, content: string): Promise<number> {
      const ownChats = db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.deckId, deckId), ownedBy(chats, owner)));
      const rows = await db
        .update(chatMessages)
        .set({ content })
        .where(and(eq(chatMessages.role, 'system'), inArray(chatMessages.chatId, ownChats)))
        .returning({ chatId: chatMessages.chatId });
      return new Set(rows.map((r) => r.chatId)).size;
    },
  };
}
export type ChatsRepository = ReturnType<typeof createChatsRepository>;
