import { describe, expect, it } from 'vitest';
import { logLibrarySearch } from './library-search';

describe('library search', () => {
  it('only logs the term', () => {
    const logged: unknown[][] = [];
    expect(logLibrarySearch('  photosynthesis ', (...args) => logged.push(args))).toBe(
      'photosynthesis',
    );
    expect(logLibrarySearch('   ', (...args) => logged.push(args))).toBeNull();
    expect(logged).toEqual([['Library search', 'photosynthesis']]);
  });
});
