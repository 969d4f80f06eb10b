import { describe, expect, it } from 'vitest';
import { estimateTokens, tokensForWords } from './tokens';

describe('token estimates', () => {
  it('count 4 tokens for every 3 words, rounded up', () => {
    expect(tokensForWords(0)).toBe(0);
    expect(tokensForWords(3)).toBe(4);
    expect(tokensForWords(4)).toBe(6);
    expect(tokensForWords(300)).toBe(400);
  });

  it('count a text by its whitespace-separated words', () => {
    expect(estimateTokens('  one two\nthree  ')).toBe(4);
    expect(estimateTokens('')).toBe(0);
  });

  it('agree with the count by words for any text', () => {
    for (const n of [1, 2, 5, 7, 11, 100, 1001]) {
      expect(estimateTokens(Array.from({ length: n }, () => 'w').join(' '))).toBe(
        Math.ceil((n * 4) / 3),
      );
    }
  });
});
