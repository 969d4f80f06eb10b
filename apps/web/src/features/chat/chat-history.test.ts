import { describe, expect, it } from 'vitest';
import {
  canSaveChat,
  historyDate,
  historyPreview,
  newestFirst,
  savedChatTitle,
} from './chat-history';

describe('savedChatTitle', () => {
  it('names source chats and study sessions from the first 50 characters of the first question', () => {
    const messages = [
      { role: 'system', content: 'You are a tutor' },
      { role: 'user', content: `What is   photosynthesis?\n${'x'.repeat(60)}` },
      { role: 'assistant', content: 'It is...' },
    ];
    expect(savedChatTitle('source', messages)).toBe(
      `Source Discussion: What is photosynthesis? ${'x'.repeat(26)}`,
    );
    expect(savedChatTitle('question', messages)).toMatch(
      /^Study Session: What is photosynthesis\?/,
    );
    expect(savedChatTitle('question', messages)).toHaveLength('Study Session: '.length + 50);
  });
});

describe('historyPreview', () => {
  it('shows the last message that is not a system message, cut at 60 characters', () => {
    expect(
      historyPreview([
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a'.repeat(70) },
        { role: 'system', content: 'hidden' },
      ]),
    ).toBe(`${'a'.repeat(60)}...`);
    expect(historyPreview([{ role: 'assistant', content: 'short' }])).toBe('short');
    expect(historyPreview([{ role: 'system', content: 'hidden' }])).toBe('');
  });
});

describe('historyDate and ordering', () => {
  it("says 'Unknown date' for a missing or bad date", () => {
    expect(historyDate('not a date')).toBe('Unknown date');
    expect(historyDate(undefined)).toBe('Unknown date');
    expect(historyDate('2025-03-01T10:00:00.000Z', 'en-US')).toBe('Mar 1, 2025');
  });

  it('orders chats newest first, bad dates last', () => {
    const chats = [
      { id: 'old', updatedAt: '2025-01-01T00:00:00Z' },
      { id: 'bad', updatedAt: 'x' },
      { id: 'new', updatedAt: '2025-02-01T00:00:00Z' },
    ];
    expect(newestFirst(chats).map((c) => c.id)).toEqual(['new', 'old', 'bad']);
  });
});

describe('canSaveChat', () => {
  it('needs two visible messages and an unsaved chat', () => {
    const two = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a' },
    ];
    expect(canSaveChat(two, false)).toBe(true);
    expect(canSaveChat(two, true)).toBe(false);
    expect(canSaveChat([{ role: 'system', content: 's' }, two[0]!], false)).toBe(false);
  });
});
