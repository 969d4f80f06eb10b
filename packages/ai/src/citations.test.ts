import { describe, expect, it } from 'vitest';
import { citationsFrom, citedNumbers } from './citations';
import type { RetrievedChunk } from './types';

const chunk = (sourceId: string, chunkIndex: number): RetrievedChunk => ({
  chunkId: `${sourceId}-${chunkIndex}`,
  sourceId,
  sourceTitle: sourceId.toUpperCase(),
  chunkIndex,
  content: '',
  score: 0.8,
});

describe('citations', () => {
  it('reads single, listed, ranged and adjacent markers in order of first use', () => {
    expect(citedNumbers('A [2]. B [1, 3]. C [4-5][2]. D [10–11].')).toEqual([
      2, 1, 3, 4, 5, 10, 11,
    ]);
    expect(citedNumbers('No citations here, just [brackets] and [x].')).toEqual([]);
  });

  it('groups the cited chunks per source and ignores numbers outside the context', () => {
    const context = [{ ...chunk('a', 7), page: 4 }, { ...chunk('b', 2), startSeconds: 95 }, chunk('a', 1)];
    expect(citationsFrom('x [2] y [3][1] z [1] w [8]', context)).toEqual([
      { sourceId: 'b', title: 'B', chunkIndexes: [2], passages: [{ n: 2, chunkIndex: 2, startSeconds: 95 }] },
      {
        sourceId: 'a',
        title: 'A',
        chunkIndexes: [1, 7],
        // Each marker once, in order of first use, with the page its chunk starts on.
        passages: [
          { n: 3, chunkIndex: 1 },
          { n: 1, chunkIndex: 7, page: 4 },
        ],
      },
    ]);
    expect(citationsFrom('nothing cited', context)).toEqual([]);
  });
});
