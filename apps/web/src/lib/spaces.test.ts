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
        { id: 'a', title: 'A' },
        { id: 'b', title: 'B' },
      ],
    });
  });
});
