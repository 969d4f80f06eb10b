import { describe, expect, it } from 'vitest';
import { parseStudySearch } from './study-search';
import { initialStudyMode } from './study-session-page';

describe('the study address', () => {
  it('keeps a known mode and a list of concepts', () => {
    expect(parseStudySearch({ mode: 'review', concepts: ['Osmosis', ' Cells '] })).toEqual({
      mode: 'review',
      concepts: ['Osmosis', 'Cells'],
    });
    expect(parseStudySearch({ concepts: 'Osmosis' })).toEqual({ concepts: ['Osmosis'] });
  });

  it('drops an unknown mode and empty or odd concepts', () => {
    expect(parseStudySearch({ mode: 'cram', concepts: ['', 3, null] })).toEqual({});
  });
});

describe('the mode the session opens in', () => {
  it('is the one asked for, else Review when cards are due now, else Practice', () => {
    expect(initialStudyMode('practice', { due: 5, learning: 0, new: 0 })).toBe('practice');
    expect(initialStudyMode(undefined, { due: 5, learning: 0, new: 0 })).toBe('review');
    expect(initialStudyMode(undefined, { due: 0, learning: 1, new: 0 })).toBe('review');
    expect(initialStudyMode(undefined, null)).toBe('practice');
    expect(initialStudyMode(undefined, undefined)).toBeNull();
  });

  it('opens a deck with only new cards in Practice', () => {
    expect(initialStudyMode(undefined, { due: 0, learning: 0, new: 12 })).toBe('practice');
  });
});
