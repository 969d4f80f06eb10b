import { describe, expect, it } from 'vitest';
import { deckDueCounts, decksDueTotal, studyToday } from './review';

const answer = {
  success: true as const,
  total: { due: 5, new: 3, learning: 1 },
  decks: [
    { deckId: 'a', due: 4, new: 1, learning: 0 },
    { deckId: 'b', due: 1, new: 2, learning: 1 },
  ],
};

describe('due counts', () => {
  it('adds due, learning and new into what is left today', () => {
    expect(studyToday(answer.total)).toBe(9);
    expect(studyToday(undefined)).toBe(0);
  });

  it('finds one deck, and zero for a deck with nothing due', () => {
    expect(deckDueCounts(answer, 'b')).toEqual({ deckId: 'b', due: 1, new: 2, learning: 1 });
    expect(deckDueCounts(answer, 'c')).toEqual({ due: 0, new: 0, learning: 0 });
    expect(deckDueCounts(undefined, 'a')).toEqual({ due: 0, new: 0, learning: 0 });
  });

  it('sums the decks of a space and ignores the others', () => {
    expect(decksDueTotal(answer, ['a', 'c'])).toBe(5);
    expect(decksDueTotal(answer, ['a', 'b'])).toBe(9);
    expect(decksDueTotal(undefined, ['a'])).toBe(0);
  });
});
