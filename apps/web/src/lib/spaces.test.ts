import { describe, expect, it } from 'vitest';
import { spaceInitials, spacesResponseSchema } from './spaces';

describe('spaces', () => {
  it('shows the first two letters of a space title in upper case', () => {
    expect(spaceInitials('biology 101')).toBe('BI');
    expect(spaceInitials('  x')).toBe('X');
  });

  it('reads spaces answered with _id or id', () => {
    expect(
      spacesResponseSchema.parse({
        data: [
          { _id: 'a', title: 'A' },
          { id: 'b', title: 'B', decks: [] },
        ],
      }),
    ).toEqual({
      data: [
        { id: 'a', title: 'A', deckCount: 0, deckIds: [] },
        { id: 'b', title: 'B', deckCount: 0, deckIds: [] },
      ],
    });
  });

  it('counts the decks of a space from its deck ids', () => {
    const parsed = spacesResponseSchema.parse({
      data: [{ _id: 'a', title: 'A', description: '', decks: ['d1', 'd2', 'd3'] }],
    });
    expect(parsed.data[0]?.deckCount).toBe(3);
    expect(parsed.data[0]?.deckIds).toEqual(['d1', 'd2', 'd3']);
  });

  it('keeps the ids of decks listed whole (the due counts of a space add them up)', () => {
    const parsed = spacesResponseSchema.parse({
      data: [{ _id: 'a', title: 'A', decks: [{ _id: 'd1', title: 'x' }, 42] }],
    });
    expect(parsed.data[0]?.deckIds).toEqual(['d1']);
    expect(parsed.data[0]?.deckCount).toBe(2);
  });
});
