import { describe, expect, it } from 'vitest';
import { canGoNext, canGoPrevious } from './pager';

describe('paging', () => {
  it('disables Previous on page 1 and Next on the last page', () => {
    expect(canGoPrevious(1)).toBe(false);
    expect(canGoPrevious(2)).toBe(true);
    expect(canGoNext(2, 3)).toBe(true);
    expect(canGoNext(3, 3)).toBe(false);
    expect(canGoNext(1, 0)).toBe(false);
  });
});
