import { describe, expect, it } from 'vitest';
import { AiError } from '../../errors';
import { chunkFixture, webFixtureText } from './fixture-text';
import { cosineSimilarity, createHashingEmbedder } from './hashing-embedder';

// Real pages through Readability and wink on a shared machine: a generous limit, nothing timed.
const slow = { timeout: 60_000 };

const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('createHashingEmbedder', slow, () => {
  const embedder = createHashingEmbedder({ dimensions: 384 });

  it('names the algorithm, its version and the size, as the vectors of another size are incomparable', () => {
    expect(embedder.provider).toBe('local');
    expect(embedder.model).toBe('mnemo-hash-v1-384');
    expect(embedder.dimensions).toBe(384);
    expect(createHashingEmbedder({ dimensions: 1536 }).model).toBe('mnemo-hash-v1-1536');
  });

  it('gives one unit-length vector of the configured size per text, in order', async () => {
    const texts = [
      'Mozilla is a free-software community.',
      '',
      '!!! ???',
      'Gecko is a layout engine.',
    ];
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(texts.length);
    for (const v of vectors) {
      expect(v).toHaveLength(384);
      expect(v.every(Number.isFinite)).toBe(true);
      expect(norm(v)).toBeCloseTo(1, 9);
    }
    const [again] = await embedder.embed([texts[3]!]);
    expect(again).toEqual(vectors[3]);
  });

  it('is deterministic across embedder instances', async () => {
    const text = webFixtureText('wikipedia').text.slice(0, 3000);
    const [a] = await embedder.embed([text]);
    const [b] = await createHashingEmbedder({ dimensions: 384 }).embed([text]);
    expect(a).toEqual(b);
  });

  it('puts related sentences closer than unrelated ones', async () => {
    const [firefox, paraphrase, morphology, whales] = await embedder.embed([
      'The Mozilla Foundation supports the Firefox web browser.',
      'Firefox, a browser, is backed by the foundation of Mozilla.',
      'Mozilla founded a foundation supporting browsers such as Firefox.',
      'Whales stranded on beaches in New Zealand.',
    ]);
    const related = cosineSimilarity(firefox!, paraphrase!);
    expect(related).toBeGreaterThan(cosineSimilarity(firefox!, whales!) + 0.2);
    expect(cosineSimilarity(firefox!, morphology!)).toBeGreaterThan(
      cosineSimilarity(firefox!, whales!) + 0.2,
    );
  });

  it('finds the fixture chunk a question is about among all chunks of the page', async () => {
    const chunks = chunkFixture(webFixtureText('google-sre-book-1'), { sourceId: 'sre' });
    const vectors = await embedder.embed(chunks.map((c) => c.content));
    const [query] = await embedder.embed(['What are the four golden signals of monitoring?']);
    const best = vectors
      .map((v, i) => ({ i, score: cosineSimilarity(query!, v) }))
      .sort((a, b) => b.score - a.score);
    const top3 = best.slice(0, 3).map((b) => chunks[b.i]!.content);
    expect(
      top3.some((c) =>
        c.includes(
          'The four golden signals of monitoring are latency, traffic, errors, and saturation',
        ),
      ),
    ).toBe(true);
  });

  it('stops when its signal fires', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(['a text'], { signal: controller.signal })).rejects.toSatisfy(
      (e) => e instanceof AiError && e.kind === 'aborted',
    );
  });

  it('refuses a size that cannot hold a vector', () => {
    expect(() => createHashingEmbedder({ dimensions: 0 })).toThrow(RangeError);
  });
});
