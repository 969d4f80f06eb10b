import { randomUUID } from 'node:crypto';
import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import { ownerValues } from '@mnemo/db/owner';
import { decks, sourceChunks, sources, type ChunkPosition } from '@mnemo/db/schema';
import type { ProcessingStatus } from '@mnemo/contracts/progress';

export type StoredChunk = {
  chunkIndex: number;
  content: string;
  tokenCount: number;
  position: ChunkPosition;
  embedding: number[] | null;
  embeddingModel: string | null;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A source's chunks, in batches that keep each statement's parameter count well under Postgres's 65535. */
async function insertChunks(tx: Tx, sourceId: string, deckId: string, chunks: readonly StoredChunk[]) {
  for (let i = 0; i < chunks.length; i += 200) {
    await tx.insert(sourceChunks).values(
      chunks.slice(i, i + 200).map((c) => ({
        sourceId,
        deckId,
        chunkIndex: c.chunkIndex,
        content: c.content,
        tokenCount: c.tokenCount,
        position: c.position,
        embedding: c.embedding,
        embeddingModel: c.embeddingModel,
      })),
    );
  }
}

/** The worker's reads and writes of a source and its chunks. */
export function createIngestRepository({ db }: { db: Db }) {
  return {
    async find(sourceId: string, deckId: string) {
      const [row] = await db
        .select({
          id: sources.id,
          deckId: sources.deckId,
          type: sources.type,
          url: sources.url,
          title: sources.title,
          storageRef: sources.storageRef,
          contentType: sources.contentType,
          originalFilename: sources.originalFilename,
          processingStatus: sources.processingStatus,
          processingAttempt: sources.processingAttempt,
          sizeInBytes: sources.sizeInBytes,
          unitIndex: sources.unitIndex,
          content: sources.content,
        })
        .from(sources)
        .where(and(eq(sources.id, sourceId), eq(sources.deckId, deckId)));
      if (!row) return null;
      const { unitIndex, content, ...source } = row;
      return { ...source, unit: unitIndex === null ? null : { index: unitIndex, text: content ?? '' } };
    },

    async setStatus(
      sourceId: string,
      status: ProcessingStatus,
      processingError: string | null = null,
    ) {
      await db
        .update(sources)
        .set({ processingStatus: status, processingError })
        .where(eq(sources.id, sourceId));
    },

    async saveContent(
      sourceId: string,
      values: { content: string; title?: string; language?: string | null; notes?: string[] },
    ) {
      await db
        .update(sources)
        .set({
          content: values.content,
          ...(values.title ? { title: values.title } : {}),
          ...(values.language !== undefined ? { language: values.language } : {}),
          ...(values.notes !== undefined ? { notes: values.notes } : {}),
          processingStatus: 'content-ready',
        })
        .where(eq(sources.id, sourceId));
    },

    /**
     * Gives a deck made from this one source the document's title, but only while the deck still
     * carries the placeholder the create page gave it and has no other source: one statement, so a
     * learner who renames the deck or adds a source meanwhile keeps what they did. True when renamed.
     */
    async adoptDeckTitle(deckId: string, placeholder: string, title: string) {
      const renamed = await db
        .update(decks)
        .set({ title })
        .where(
          and(
            eq(decks.id, deckId),
            eq(decks.title, placeholder),
            sql`(select count(*) from ${sources} where ${sources.deckId} = ${deckId}) = 1`,
          ),
        )
        .returning({ id: decks.id });
      return renamed.length > 0;
    },

    /**
     * Replaces the source's chunks in one transaction: a retried or duplicated job leaves exactly
     * one set, and a reader never sees a half-written one.
     */
    async replaceChunks(sourceId: string, deckId: string, chunks: readonly StoredChunk[]) {
      await db.transaction(async (tx) => {
        await tx.delete(sourceChunks).where(eq(sourceChunks.sourceId, sourceId));
        await insertChunks(tx, sourceId, deckId, chunks);
      });
    },

    /**
     * Stores chunks as a job does (a deck and a source to hang them on, then the chunks into the
     * vector and text indexes and their triggers) in a transaction that is rolled back: nothing is
     * left, but the first real store after a start no longer pays for the database's and the
     * driver's cold code (bench/ingest-e2e.ts: the store step of the first PDF took 1.2-1.9x the
     * later ones').
     */
    async warmUpStore(chunks: readonly StoredChunk[]) {
      try {
        await db.transaction(async (tx) => {
          const [deck] = await tx
            .insert(decks)
            .values({ ...ownerValues({ anonId: randomUUID() }), title: 'Warm-up' })
            .returning({ id: decks.id });
          const [source] = await tx
            .insert(sources)
            .values({ deckId: deck!.id, type: 'document', title: 'Warm-up' })
            .returning({ id: sources.id });
          await insertChunks(tx, source!.id, deck!.id, chunks);
          tx.rollback();
        });
      } catch (err) {
        if (!(err instanceof TransactionRollbackError)) throw err;
      }
    },

    async complete(
      sourceId: string,
      values: { summary: string | null; keyPoints: string[]; addNotes?: string[] },
    ) {
      await db
        .update(sources)
        .set({
          summary: values.summary,
          keyPoints: values.keyPoints,
          // Appended to the notes reading the text left (saveContent replaced them this run).
          ...(values.addNotes?.length
            ? { notes: sql`${sources.notes} || ${JSON.stringify(values.addNotes)}::jsonb` }
            : {}),
          processingStatus: 'completed',
          processingError: null,
        })
        .where(eq(sources.id, sourceId));
    },

    async chunkCount(sourceId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sourceChunks)
        .where(eq(sourceChunks.sourceId, sourceId));
      return row?.n ?? 0;
    },
  };
}
export type IngestRepository = ReturnType<typeof createIngestRepository>;
