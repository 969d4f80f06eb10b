import { describe, expect, it } from 'vitest';
import { SESSION_KEYS, type KeyValueStorage } from '../../lib/storage-keys';
import {
  canStartPreviewChat,
  deletePreviewChat,
  findPreviewChat,
  previewChatsOfDeck,
  savePreviewChat,
  type PreviewChat,
} from './preview-chats';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const chat = (id: string, deckId = 'deck-1'): PreviewChat => ({
  id,
  title: `Chat ${id}`,
  deckId,
  messages: [{ role: 'user', content: 'hi', timestamp: '2025-03-01T10:00:00.000Z' }],
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
});

describe('preview chats', () => {
  it("are stored under 'preview-chats' with the spec's fields and found again", () => {
    const storage = memoryStorage();
    expect(savePreviewChat(chat('a'), storage)).toEqual({ ok: true });
    const stored = JSON.parse(storage.data.get(SESSION_KEYS.previewChats) ?? '[]');
    expect(Object.keys(stored[0]).sort()).toEqual(
      ['createdAt', 'deckId', 'id', 'messages', 'title', 'updatedAt'].sort(),
    );
    expect(findPreviewChat('a', storage)?.title).toBe('Chat a');
  });

  it('update an existing chat in place', () => {
    const storage = memoryStorage();
    savePreviewChat(chat('a'), storage);
    savePreviewChat({ ...chat('a'), title: 'Renamed' }, storage);
    expect(previewChatsOfDeck('deck-1', storage).map((c) => c.title)).toEqual(['Renamed']);
  });

  it('refuse a 51st chat on a deck with the clone message, but not on another deck', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 50; i++) expect(savePreviewChat(chat(`c${i}`), storage).ok).toBe(true);
    expect(canStartPreviewChat('deck-1', storage)).toBe(false);
    expect(savePreviewChat(chat('extra'), storage)).toEqual({
      ok: false,
      error:
        "You've reached the maximum of 50 preview chats. Please clone this deck to continue chatting.",
    });
    expect(savePreviewChat({ ...chat('c3'), title: 'still updatable' }, storage).ok).toBe(true);
    expect(savePreviewChat(chat('other', 'deck-2'), storage).ok).toBe(true);
  });

  it('drop malformed entries and can be deleted', () => {
    const storage = memoryStorage();
    storage.setItem(SESSION_KEYS.previewChats, JSON.stringify([{ id: 1 }, chat('ok')]));
    expect(previewChatsOfDeck('deck-1', storage).map((c) => c.id)).toEqual(['ok']);
    deletePreviewChat('ok', storage);
    expect(previewChatsOfDeck('deck-1', storage)).toEqual([]);
    storage.setItem(SESSION_KEYS.previewChats, '{not json');
    expect(previewChatsOfDeck('deck-1', storage)).toEqual([]);
  });
});
