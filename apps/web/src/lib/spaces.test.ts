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
        { id: 'a', title: 'A', deckCount: 0 },
        { id: 'b', title: 'B', deckCount: 0 },
      ],
    });
  });

  it('counts the decks of a space from its deck ids', () => {
    const parsed = spacesResponseSchema.parse({
      data: [{ _id: 'a', title: 'A', description: '', decks: ['d1', 'd2', 'd3'] }],
    });
    expect(parsed.data[0]?.deckCount).toBe(3);
  });
});
