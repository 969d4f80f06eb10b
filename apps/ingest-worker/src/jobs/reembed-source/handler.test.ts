import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '@mnemo/ai/types';
import { EMBEDDING_DIMENSIONS, sourceChunks } from '@mnemo/db/schema';
import { createTestDatabase, type TestDatabase } from '@mnemo/db/testing';
import { createReembedSourceHandler, sourcesToReembed } from './handler';
import { axis, insertSourceWithChunks } from './test-support';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

const embedderOf = (model: string, calls: string[][] = []): Embedder => ({
  provider: 'local',
  model,
  dimensions: EMBEDDING_DIMENSIONS,
  async embed(texts) {
    calls.push([...texts]);
    return texts.map((_, i) => axis(i + 1));
  },
});

const sourceWithChunks = (models: (string | null)[]) => insertSourceWithChunks(t.db, models);

describe('reembed-source', () => {
  it('finds sources with chunks of another model or none, and re-embeds only those chunks', async () => {
    const current = `model-${randomUUID()}`;
    const mixed = await sourceWithChunks(['old-model', current, null]);
    const done = await sourceWithChunks([current, current]);
    const pending = await sourcesToReembed(t.db, current);
    expect(pending).toContain(mixed);
    expect(pending).not.toContain(done);

    const calls: string[][] = [];
    const handle = createReembedSourceHandler({ db: t.db, embedder: embedderOf(current, calls) });
    expect(await handle({ sourceId: mixed, model: current })).toEqual({
      skipped: false,
      updated: 2,
    });
    expect(calls).toEqual([['chunk 0', 'chunk 2']]);
    const chunks = await t.db
      .select()
      .from(sourceChunks)
      .where(eq(sourceChunks.sourceId, mixed))
      .orderBy(sourceChunks.chunkIndex);
    expect(chunks.map((c) => c.embeddingModel)).toEqual([current, current, current]);
    expect(chunks[1]!.embedding).toEqual(axis(0)); // untouched
    expect(await sourcesToReembed(t.db, current)).not.toContain(mixed);

    // A rerun finds nothing left to do.
    expect(await handle({ sourceId: mixed, model: current })).toEqual({
      skipped: false,
      updated: 0,
    });
  });

  it('skips a job queued for a model that is no longer the configured one', async () => {
    const source = await sourceWithChunks(['old-model']);
    const handle = createReembedSourceHandler({ db: t.db, embedder: embedderOf('new-model') });
    expect(await handle({ sourceId: source, model: 'older-model' })).toEqual({
      skipped: true,
      updated: 0,
    });
  });
});
