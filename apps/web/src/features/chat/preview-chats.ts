import { z } from 'zod';
import {
  SESSION_KEYS,
  browserSessionStorage,
  readKey,
  writeKey,
  type KeyValueStorage,
} from '../../lib/storage-keys';

/** Spec 02 §9: preview chats kept per deck in session storage. */
export const PREVIEW_CHAT_LIMIT = 50;

export const previewLimitMessage = (limit: number = PREVIEW_CHAT_LIMIT) =>
  `You've reached the maximum of ${limit} preview chats. Please clone this deck to continue chatting.`;

const previewMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
  timestamp: z.string().optional(),
});

/** A preview chat as spec 02 §3 stores it: {id, title, deckId, messages, createdAt, updatedAt}. */
export const previewChatSchema = z.object({
  id: z.string(),
  title: z.string(),
  deckId: z.string(),
  messages: z.array(previewMessageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PreviewChat = z.infer<typeof previewChatSchema>;

/**
 * The preview chats of every deck in this tab. Entries that are not the stored shape (an older
 * version, a hand edit) are dropped instead of breaking the panel.
 */
export function readPreviewChats(
  storage: KeyValueStorage | null = browserSessionStorage(),
): PreviewChat[] {
  const raw = readKey(storage, SESSION_KEYS.previewChats);
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry) => {
    const chat = previewChatSchema.safeParse(entry);
    return chat.success ? [chat.data] : [];
  });
}

export function previewChatsOfDeck(
  deckId: string,
  storage: KeyValueStorage | null = browserSessionStorage(),
): PreviewChat[] {
  return readPreviewChats(storage).filter((chat) => chat.deckId === deckId);
}

export function findPreviewChat(
  id: string,
  storage: KeyValueStorage | null = browserSessionStorage(),
): PreviewChat | null {
  return readPreviewChats(storage).find((chat) => chat.id === id) ?? null;
}

/** Whether a new preview chat may still be started on the deck. */
export function canStartPreviewChat(
  deckId: string,
  storage: KeyValueStorage | null = browserSessionStorage(),
  limit: number = PREVIEW_CHAT_LIMIT,
): boolean {
  return previewChatsOfDeck(deckId, storage).length < limit;
}

export type SavePreviewResult = { ok: true } | { ok: false; error: string };

/**
 * Creates or updates a preview chat. A new one beyond the deck's 50 is refused with the spec's
 * message; updating an existing one always works.
 */
export function savePreviewChat(
  chat: PreviewChat,
  storage: KeyValueStorage | null = browserSessionStorage(),
  limit: number = PREVIEW_CHAT_LIMIT,
): SavePreviewResult {
  const all = readPreviewChats(storage);
  const index = all.findIndex((c) => c.id === chat.id);
  if (index === -1) {
    if (all.filter((c) => c.deckId === chat.deckId).length >= limit) {
      return { ok: false, error: previewLimitMessage(limit) };
    }
    all.push(chat);
  } else {
    all[index] = chat;
  }
  // A full or refused storage loses the preview chat but never the conversation on screen.
  writeKey(storage, SESSION_KEYS.previewChats, JSON.stringify(all));
  return { ok: true };
}

export function deletePreviewChat(
  id: string,
  storage: KeyValueStorage | null = browserSessionStorage(),
): void {
  const all = readPreviewChats(storage);
  writeKey(storage, SESSION_KEYS.previewChats, JSON.stringify(all.filter((c) => c.id !== id)));
}
