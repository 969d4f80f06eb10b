import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMBEDDING_DIMENSIONS,
  decks,
  sourceChunkStats,
  sourceChunks,
  sourceTermStats,
  sources,
} from '@mnemo/db/schema';
import { createTestDatabase, type TestDatabase } from '@mnemo/db/testing';
import { createIngestRepository, type StoredChunk } from './repository';
import { insertProcessingSource } from './test-support';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const chunks = (n: number): StoredChunk[] =>
  Array.from({ length: n }, (_, i) => ({
    chunkIndex: i,
    content: `Rivers carve valleys over long ages, chunk ${i} of the warm-up text.`,
    tokenCount: 14,
    position: { page: i + 1 },
    embedding: Array.from({ length: EMBEDDING_DIMENSIONS }, (_, d) => (d === i % EMBEDDING_DIMENSIONS ? 1 : 0)),
    embeddingModel: 'test-model',
  }));

const rows = async () => {
  const n = async (table: typeof decks | typeof sources | typeof sourceChunks | typeof sourceTermStats | typeof sourceChunkStats) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    decks: await n(decks),
    sources: await n(sources),
    chunks: await n(sourceChunks),
    terms: await n(sourceTermStats),
    chunkStats: await n(sourceChunkStats),
  };
};

describe('warmUpStore', () => {
  it('stores chunks as a job would and leaves nothing behind, and a real store works after it', async () => {
    const repository = createIngestRepository({ db: t.db });
    const before = await rows();

    await repository.warmUpStore(chunks(16));
    expect(await rows()).toEqual(before);

    const { deck, source } = await insertProcessingSource(t.db, { url: 'https://example.com/a', deckTitle: 'Rivers' });
    await repository.replaceChunks(source.id, deck.id, chunks(3));
    const stored = await t.db.select({ n: count() }).from(sourceChunks).where(eq(sourceChunks.sourceId, source.id));
    expect(stored[0]!.n).toBe(3);
    expect((await rows()).terms).toBeGreaterThan(before.terms);
  });

  it('fails loudly on a store that cannot work (the caller logs it), rather than hiding it as the rollback', async () => {
    const repository = createIngestRepository({ db: t.db });
    const wrongSize = chunks(1).map((c) => ({ ...c, embedding: [1, 0, 0] }));
    await expect(repository.warmUpStore(wrongSize)).rejects.toThrow();
  });
});
