import type { ChatMode } from '../../lib/chat-types';

/** Spec 02 §9: saved chat title cut, history preview cut, messages needed to save. */
export const TITLE_CHARS = 50;
export const PREVIEW_CHARS = 60;
export const SAVE_MIN_MESSAGES = 2;

type Message = { role: string; content: string };

/**
 * 'Source Discussion: ' or 'Study Session: ' and the first 50 characters of the chat's first user
 * message (whitespace collapsed, so a multi-line chip message makes a one-line title).
 */
export function savedChatTitle(mode: ChatMode, messages: readonly Message[]): string {
  const first = messages.find((m) => m.role === 'user')?.content ?? '';
  const text = first.replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS);
  return `${mode === 'source' ? 'Source Discussion: ' : 'Study Session: '}${text}`;
}

/** The history row's preview: the last message that is not a system message, cut at 60 characters. */
export function historyPreview(messages: readonly Message[]): string {
  const last = [...messages].reverse().find((m) => m.role !== 'system');
  if (!last) return '';
  const text = last.content.replace(/\s+/g, ' ').trim();
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}...` : text;
}

/** A history date, or 'Unknown date' when it is missing or unparseable. */
export function historyDate(value: string | null | undefined, locale?: string): string {
  if (!value) return 'Unknown date';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Newest first by updatedAt (then createdAt); unparseable dates sort last. */
export function newestFirst<T extends { updatedAt?: string | null; createdAt?: string | null }>(
  chats: readonly T[],
): T[] {
  const time = (c: T) => {
    const t = Date.parse(c.updatedAt ?? c.createdAt ?? '');
    return Number.isNaN(t) ? -Infinity : t;
  };
  return [...chats].sort((a, b) => time(b) - time(a));
}

/** Save Chat shows for an unsaved chat of at least 2 visible messages. */
export function canSaveChat(messages: readonly Message[], saved: boolean): boolean {
  return !saved && messages.filter((m) => m.role !== 'system').length >= SAVE_MIN_MESSAGES;
}
