import { describe, expect, it } from 'vitest';
import { stillOnScreen } from './generating-flag';

describe('the generating flag is written only on its own screen', () => {
  const screen = '/deck/5d3c1a2b-0000-4000-8000-000000000001/edit';
  it('is written on the screen, with or without a trailing slash', () => {
    expect(stillOnScreen(screen, screen)).toBe(true);
    expect(stillOnScreen(`${screen}/`, screen)).toBe(true);
  });
  it('is not written once the learner has gone to a space, another deck or another tab', () => {
    expect(stillOnScreen('/space/5d3c1a2b-0000-4000-8000-000000000002', screen)).toBe(false);
    expect(stillOnScreen('/deck/5d3c1a2b-0000-4000-8000-000000000003/edit', screen)).toBe(false);
    expect(stillOnScreen('/deck/5d3c1a2b-0000-4000-8000-000000000001/study', screen)).toBe(false);
  });
});
