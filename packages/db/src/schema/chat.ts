import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { decks } from './decks';
import { exactlyOneOwner, ownerColumns } from './owner';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chats_one_owner', exactlyOneOwner(t)),
    index('chats_deck_idx').on(t.deckId, t.updatedAt.desc()),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_messages_chat_position_uq').on(t.chatId, t.position)],
);
