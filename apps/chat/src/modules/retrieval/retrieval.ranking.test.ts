import { describe, expect, it } from 'vitest';
import { estimateTokens } from '@mnemo/contracts/tokens';
import { attributionOf, calibrationFor, fitToBudget, fuse, truncateToTokens } from './retrieval.ranking';

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');
const chunk = (sourceId: string, chunkIndex: number, wordCount: number, score: number) => ({
  sourceId,
  chunkIndex,
  score,
  sourceTitle: `Title ${sourceId}`,
  content: words(wordCount, `${sourceId}${chunkIndex}`),
});

describe('calibrationFor', () => {
  it.each(['mnemo-hash-v1-384', 'mnemo-hash-v2-384', 'mnemo-hash-v2-1536'])(
    'puts the spec threshold on the weakest measured true match of the hashing embedder (%s)',
    (model) => {
      const hashing = calibrationFor({ model });
      expect(hashing(0.01)).toBe(0);
      expect(hashing(0.05)).toBeCloseTo(0.7, 9);
      expect(hashing(0.03)).toBeCloseTo(0.35, 9);
      expect(hashing(0.4)).toBe(1);
      expect(hashing(0.9)).toBe(1);
      expect(hashing(-0.2)).toBe(0);
    },
  );

  it('takes the cosine of a neural embedder as it is', () => {
    const neural = calibrationFor({ model: 'text-embedding-3-small' });
    expect(neural(0.72)).toBe(0.72);
    expect(neural(-0.1)).toBe(0);
  });
});

describe('fuse', () => {
  it('scores 1 for first in both lists, 0.5 for first in one, and ranks agreement above one list', () => {
    const fused = fuse([[{ id: 'a' }, { id: 'b' }], [{ id: 'a' }, { id: 'c' }]]);
    expect(fused[0]).toEqual({ id: 'a', score: 1 });
    expect(fused.map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(fused[1]!.score).toBeCloseTo(61 / 62 / 2, 9);
    expect(fuse([[], [{ id: 'x' }]])[0]).toEqual({ id: 'x', score: 0.5 });
  });
});

describe('token budget', () => {
  it('estimates tokens as words / 0.75', () => {
    expect(estimateTokens(words(75))).toBe(100);
    expect(estimateTokens(words(1))).toBe(2);
    expect(estimateTokens('')).toBe(0);
  });

  it('truncates to the remaining tokens, the ellipsis included', () => {
    const cut = truncateToTokens(words(300), 120);
    expect(cut.endsWith('…')).toBe(true);
    expect(estimateTokens(cut)).toBeLessThanOrEqual(120);
  });

  it('takes whole chunks by score, truncates the first that overflows when more than 100 tokens remain', () => {
    // 150 words = 200 tokens each; budget 550: two whole (400), 150 remain → the third is cut.
    const sorted = [chunk('a', 0, 150, 0.9), chunk('b', 3, 150, 0.8), chunk('a', 1, 150, 0.7), chunk('b', 4, 30, 0.6)];
    const { chunks, tokenCount } = fitToBudget(sorted, 550);
    expect(tokenCount).toBeLessThanOrEqual(550);
    expect(chunks.map((c) => `${c.sourceId}${c.chunkIndex}`)).toEqual(['a0', 'a1', 'b3']);
    expect(chunks[1]!.content.endsWith('…')).toBe(true);
  });

  it('stops without a fragment when 100 tokens or fewer remain', () => {
    const { chunks, tokenCount } = fitToBudget([chunk('a', 0, 150, 0.9), chunk('a', 1, 150, 0.8)], 300);
    expect(chunks).toHaveLength(1);
    expect(tokenCount).toBe(200);
  });

  it('groups by source in the order of each source’s best chunk and attributes them', () => {
    const sorted = [chunk('b', 2, 10, 0.9), chunk('a', 0, 10, 0.8), chunk('b', 0, 10, 0.7), chunk('a', 5, 10, 0.6)];
    const { chunks } = fitToBudget(sorted, 3000);
    expect(chunks.map((c) => `${c.sourceId}${c.chunkIndex}`)).toEqual(['b2', 'b0', 'a0', 'a5']);
    expect(attributionOf(chunks)).toEqual([
      { sourceId: 'b', title: 'Title b', chunkIndexes: [2, 0] },
      { sourceId: 'a', title: 'Title a', chunkIndexes: [0, 5] },
    ]);
  });
});
