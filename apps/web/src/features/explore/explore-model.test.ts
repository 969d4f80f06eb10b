import { describe, expect, it } from 'vitest';
import {
  EXPLORE_MESSAGES,
  decksFoundText,
  exploreEmptyState,
  exploreHeading,
  exploreLoadingText,
  pageWindow,
  parseExploreSearch,
  publishedByText,
  publishedCardCount,
  sourcesText,
} from './explore-model';

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres five numbers on the current page in the middle of a long list', () => {
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, 5]);
  });

  it('slides against either end instead of shrinking', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(11, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('keeps a page outside the range inside it, and has no numbers without pages', () => {
    expect(pageWindow(40, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(0, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('texts', () => {
  it('counts decks in the singular and the plural', () => {
    expect(decksFoundText(0)).toBe('0 decks found');
    expect(decksFoundText(1)).toBe('1 deck found');
    expect(decksFoundText(21)).toBe('21 decks found');
  });

  it('heads the list with the recent decks or the searched term', () => {
    expect(exploreHeading('')).toBe('Recently Published Decks');
    expect(exploreHeading('  ')).toBe('Recently Published Decks');
    expect(exploreHeading(' cells ')).toBe('Search Results for "cells"');
  });

  it('says what is loading and which list is empty', () => {
    expect(exploreLoadingText('')).toBe('Loading published decks...');
    expect(exploreLoadingText('cells')).toBe('Searching decks...');
    expect(exploreEmptyState('')).toEqual({
      title: 'No decks available yet',
      text: 'Be the first to publish a deck for others to explore!',
    });
    expect(exploreEmptyState('cells')).toEqual({
      title: 'No decks match your search',
      text: 'Try using different keywords or check back later.',
    });
    expect(EXPLORE_MESSAGES.loadFailed).toBe('Failed to load decks. Please try again later.');
  });

  it('names the publisher, or Anonymous', () => {
    expect(publishedByText({ publishedAnonymously: false, ownerName: 'Grace' })).toBe('by Grace');
    expect(publishedByText({ publishedAnonymously: true, ownerName: 'Grace' })).toBe(
      'by Anonymous',
    );
    expect(publishedByText({ publishedAnonymously: false, ownerName: null })).toBe('by Anonymous');
    expect(publishedByText({ publishedAnonymously: false, ownerName: '  ' })).toBe('by Anonymous');
  });

  it("tells a card's sources by the first title and how many more", () => {
    expect(sourcesText([])).toBeNull();
    expect(sourcesText([{ title: 'Mozilla' }])).toBe('Mozilla');
    expect(sourcesText([{ title: 'Mozilla' }, { title: 'Firefox' }, { title: 'Gecko' }])).toBe(
      'Mozilla + 2 more',
    );
  });
});

describe('publishedCardCount', () => {
  it("takes the server's count, else the cards' length, else 0", () => {
    expect(publishedCardCount({ cardCount: 7, cards: ['a'] })).toBe(7);
    expect(publishedCardCount({ cardCount: 0, cards: ['a'] })).toBe(0);
    expect(publishedCardCount({ cards: ['a', 'b'] })).toBe(2);
    expect(publishedCardCount({ cardCount: null, cards: null })).toBe(0);
    expect(publishedCardCount({})).toBe(0);
  });
});

describe('parseExploreSearch', () => {
  it('keeps a term and a page above 1, and drops the rest', () => {
    expect(parseExploreSearch({ search: ' cells ', page: 3 })).toEqual({
      search: 'cells',
      page: 3,
    });
    expect(parseExploreSearch({ search: '', page: 1 })).toEqual({});
    expect(parseExploreSearch({ search: 42, page: '2' })).toEqual({ search: '42', page: 2 });
    expect(parseExploreSearch({ page: -1 })).toEqual({});
    expect(parseExploreSearch({ page: 2.5 })).toEqual({});
    expect(parseExploreSearch({ page: 'x' })).toEqual({});
  });
});
