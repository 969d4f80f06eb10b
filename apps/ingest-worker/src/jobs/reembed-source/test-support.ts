import { randomUUID } from 'node:crypto';
import type { Db } from '@mnemo/db/client';
import { decks, EMBEDDING_DIMENSIONS, sourceChunks, sources } from '@mnemo/db/schema';
import { ownerValues } from '@mnemo/db/owner';

/** A vector of the stored size pointing along axis `i`: distinct vectors without a model. */
export const axis = (i: number) =>
  Array.from({ length: EMBEDDING_DIMENSIONS }, (_, j) => (j === i ? 1 : 0));

/**
 * A guest's deck with one website source whose chunks were embedded by the given models, one chunk
 * each (null: never embedded): what re-embedding starts from. Answers the source's id.
 */
export async function insertSourceWithChunks(db: Db, models: (string | null)[]) {
  const [deck] = await db
    .insert(decks)
    .values({ ...ownerValues({ anonId: randomUUID() }), title: 'Cells' })
    .returning();
  const [source] = await db
    .insert(sources)
    .values({ deckId: deck!.id, type: 'website', title: 'Cells' })
    .returning();
  await db.insert(sourceChunks).values(
    models.map((model, i) => ({
      sourceId: source!.id,
      deckId: deck!.id,
      chunkIndex: i,
      content: `chunk ${i}`,
      tokenCount: 2,
      embedding: model ? axis(0) : null,
      embeddingModel: model,
    })),
  );
  return source!.id;
}
