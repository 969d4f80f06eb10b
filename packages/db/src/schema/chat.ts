import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { decks } from './decks';
import { exactlyOneOwner, ownerColumns } from './owner';
import { createdAt, updatedAt } from './columns';

/** The shape of contracts' attribution (entities/chat.ts), kept here so the schema needs no zod. */
export type MessageAttribution = { sourceId: string; title: string; chunkIndexes: number[] };

export const chatRoleEnum = pgEnum('chat_role', ['system', 'user', 'assistant']);

export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    ...ownerColumns(),
    title: text('title').notNull(),
    isPreview: boolean('is_preview').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('chats_one_owner', exactlyOneOwner(t)),
    index('chats_deck_idx').on(t.deckId, t.updatedAt.desc()),
    // The history list: one owner's chats about one deck, newest first. A published deck collects
    // chats from many callers, so the deck alone is not selective enough.
    index('chats_deck_owner_user_idx')
      .on(t.deckId, t.ownerUserId, t.updatedAt.desc())
      .where(sql`${t.ownerUserId} is not null`),
    index('chats_deck_owner_anon_idx')
      .on(t.deckId, t.ownerAnonId, t.updatedAt.desc())
      .where(sql`${t.ownerAnonId} is not null`),
    index('chats_owner_user_idx').on(t.ownerUserId, t.updatedAt.desc()),
    index('chats_owner_anon_idx').on(t.ownerAnonId, t.updatedAt.desc()),
  ],
);

/** Messages keep their order in `position`: the spec edits a message by its index. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: chatRoleEnum('role').notNull(),
    content: text('content').notNull(),
    /**
     * The source chunks an assistant answer drew on (spec 02 §3 attribution), so a reloaded chat
     * shows the same citations; null for user and system messages.
     */
    attribution: jsonb('attribution').$type<MessageAttribution[]>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_messages_chat_position_uq').on(t.chatId, t.position)],
);

export const chatsRelations = relations(chats, ({ one, many }) => ({
  deck: one(decks, { fields: [chats.deckId], references: [decks.id] }),
  messages: many(chatMessages),
}));

export const chatMessagesRelations = relations(chatMessages, ({ one }) => ({
  chat: one(chats, { fields: [chatMessages.chatId], references: [chats.id] }),
}));

export type ChatRole = (typeof chatRoleEnum.enumValues)[number];
export type Chat = typeof chats.$inferSelect;
export type NewChat = typeof chats.$inferInsert;
export type ChatMessage = typeof chatMessages.$inferSelect;
export type NewChatMessage = typeof chatMessages.$inferInsert;
