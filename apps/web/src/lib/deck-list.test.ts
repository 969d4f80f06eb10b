import { describe, expect, it } from 'vitest';
import {
  LIBRARY_PAGE_SIZE,
  cardCountLabel,
  clampPage,
  deckCardCount,
  deckCountLabel,
  deckVisual,
  editedTitle,
  filterDecksByTitle,
  formatDeckDate,
  pageCount,
  pageItems,
  pageLabel,
} from './deck-list';

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('library paging', () => {
  it('shows six decks a page', () => {
    expect(LIBRARY_PAGE_SIZE).toBe(6);
    expect(pageItems(numbers(14), 1)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(numbers(14), 2)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(pageItems(numbers(14), 3)).toEqual([13, 14]);
  });

  it("counts pages for 'n of m'", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(6)).toBe(1);
    expect(pageCount(7)).toBe(2);
    expect(pageCount(13)).toBe(3);
    expect(pageLabel(2, 3)).toBe('2 of 3');
  });

  it('keeps the page within range when the list shrinks', () => {
    expect(clampPage(3, 7)).toBe(2);
    expect(clampPage(0, 7)).toBe(1);
    expect(pageItems(numbers(7), 3)).toEqual([7]);
  });
});

describe('the study-space search', () => {
  const decks = [{ title: 'Cell Biology' }, { title: 'Photosynthesis' }, { title: 'biology quiz' }];
  it('filters decks by title, ignoring case and surrounding spaces', () => {
    expect(filterDecksByTitle(decks, ' BIOLOGY ')).toEqual([
      { title: 'Cell Biology' },
      { title: 'biology quiz' },
    ]);
    expect(filterDecksByTitle(decks, '')).toEqual(decks);
    expect(filterDecksByTitle(decks, 'chemistry')).toEqual([]);
  });
});

describe('deck cards', () => {
  it("counts cards from the server's count, else the cards array", () => {
    expect(deckCardCount({ cards: ['a', 'b'], cardCount: 12 })).toBe(12);
    expect(deckCardCount({ cards: ['a', 'b'] })).toBe(2);
    expect(deckCardCount({ cards: [] })).toBe(0);
    expect(cardCountLabel(1)).toBe('1 card');
    expect(cardCountLabel(0)).toBe('0 cards');
    expect(deckCountLabel(1)).toBe('1 deck');
    expect(deckCountLabel(4)).toBe('4 decks');
  });

  it("shows a video deck's thumbnail, else its first source's type icon", () => {
    expect(
      deckVisual({
        sources: [
          { type: 'website', url: 'https://example.com' },
          { type: 'youtube', url: 'https://youtu.be/aircAruvnKk' },
        ],
      }),
    ).toEqual({
      kind: 'video',
      videoId: 'aircAruvnKk',
      thumbnail: 'https://i.ytimg.com/vi/aircAruvnKk/mqdefault.jpg',
    });
    expect(deckVisual({ sources: [{ type: 'document', url: null }] })).toEqual({
      kind: 'icon',
      type: 'document',
    });
    expect(deckVisual({ sources: [] })).toEqual({ kind: 'icon', type: 'deck' });
  });

  it('formats the creation date', () => {
    expect(formatDeckDate('2025-03-01T10:00:00.000Z')).toMatch(/^(Mar 1|Feb 28|Mar 2), 2025$/);
    expect(formatDeckDate('not a date')).toBe('');
  });
});

describe('inline title edit', () => {
  it('trims and refuses an empty title', () => {
    expect(editedTitle('  Biology 2 ')).toBe('Biology 2');
    expect(editedTitle('   ')).toBeNull();
  });
});
