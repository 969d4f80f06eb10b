import { describe, expect, it } from 'vitest';
import { parseStudySearch } from './study-search';
import { initialStudyMode, studyModeToRecord } from './study-session-page';

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

describe('the mode written into the address', () => {
  const none = { due: 0, learning: 0, new: 3 };
  const due = { due: 2, learning: 0, new: 3 };

  it('is the default once the counts settle it, while the address has none', () => {
    expect(studyModeToRecord(undefined, undefined)).toBeNull();
    expect(studyModeToRecord(undefined, due)).toBe('review');
    expect(studyModeToRecord(undefined, none)).toBe('practice');
    expect(studyModeToRecord(undefined, null)).toBe('practice');
  });

  it('is nothing once the address has a mode: the counts falling never move a review to Practice', () => {
    // The page remounted after a resize, with every due card answered: the address still says Review.
    expect(studyModeToRecord('review', none)).toBeNull();
    expect(initialStudyMode('review', none)).toBe('review');
    expect(studyModeToRecord('practice', due)).toBeNull();
    expect(initialStudyMode('practice', due)).toBe('practice');
  });
});
