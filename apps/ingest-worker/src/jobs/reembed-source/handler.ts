import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Embedder } from '@mnemo/ai/types';
import type { ReembedJob } from '@mnemo/contracts/jobs';
import type { Db } from '@mnemo/db/client';
import { sourceChunks } from '@mnemo/db/schema';

const BATCH = 64;

/** Chunks without a vector of `model`: never embedded, or embedded by another model. */
const notEmbeddedBy = (model: string): SQL =>
  sql`${sourceChunks.embeddingModel} is distinct from ${model}`;

/**
 * Gives every chunk of a source a vector from the current embedding model. Vectors of different
 * models (or sizes) mean nothing to each other, so a deployment that changes its model re-embeds
 * through these jobs, and retrieval only compares vectors of the model it queries with.
 * Idempotent: it only touches chunks whose model differs, so a rerun picks up where it stopped.
 */
export function createReembedSourceHandler({ db, embedder }: { db: Db; embedder: Embedder }) {
  return async function handle(job: ReembedJob) {
    // A job queued for another model (the configuration changed again since): the newer job wins.
    if (job.model !== embedder.model) return { skipped: true, updated: 0 };
    let updated = 0;
    for (;;) {
      const stale = await db
        .select({ id: sourceChunks.id, content: sourceChunks.content })
        .from(sourceChunks)
        .where(and(eq(sourceChunks.sourceId, job.sourceId), notEmbeddedBy(embedder.model)))
        .orderBy(asc(sourceChunks.chunkIndex))
        .limit(BATCH);
      if (stale.length === 0) return { skipped: false, updated };
      const vectors = await embedder.embed(stale.map((c) => c.content));
      await db.transaction(async (tx) => {
        for (const [i, chunk] of stale.entries()) {
          await tx
            .update(sourceChunks)
            .set({ embedding: vectors[i]!, embeddingModel: embedder.model })
            .where(eq(sourceChunks.id, chunk.id));
        }
      });
      updated += stale.length;
    }
  };
}

/** Sources with at least one chunk not embedded by `model` (never embedded, or by another model). */
export async function sourcesToReembed(db: Db, model: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ sourceId: sourceChunks.sourceId })
    .from(sourceChunks)
    .where(notEmbeddedBy(model));
  return rows.map((r) => r.sourceId);
}
