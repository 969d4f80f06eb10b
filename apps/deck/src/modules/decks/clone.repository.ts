import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@mnemo/db/client';
import { cards, decks, questions, sourceChunks, sources, uploads } from '@mnemo/db/schema';
import { ownerValues, type Owner } from '@mnemo/db/owner';
import { canView } from '@mnemo/db/deck-access';
import { IN_FLIGHT_STATUSES } from '@mnemo/contracts/progress';
import type { DeckRow } from './decks.repository';

/** A document source's file, and the copy the clone's source gets instead. */
export type DocumentCopy = {
  sourceId: string;
  storageRef: string;
  size: number;
  contentType: string;
  downloadUrl: string;
};

/**
 * The id a copied source or chunk gets: derived from the original's id and the new deck's, so the
 * copies of questions, cards and chunks can point at the copied sources and chunks inside one
 * INSERT ... SELECT each, with no id map held in the application (a deck may have thousands of
 * chunks). md5 spreads the pair over 128 bits; the version (4) and variant nibbles are set so the
 * result is a well-formed UUID.
 */
const copiedId = (id: SQL | unknown, deckId: string): SQL =>
  sql`overlay(overlay(md5(${id}::text || ':' || ${deckId}::text) placing '4' from 13) placing '8' from 17)::uuid`;

export function createCloneRepository({ db }: { db: Db }) {
  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    /**
     * The deck to copy, if the caller may view it (their own or a published one), locked against
     * changes and deletion until the copy commits. Null otherwise.
     */
    async lockViewable(tx: Tx, owner: Owner, id: string): Promise<DeckRow | null> {
      const [row] = await tx
        .select()
        .from(decks)
        .where(and(eq(decks.id, id), canView(owner)))
        .for('share');
      return row ?? null;
    },

    /** What decides whether the deck can be copied now: its card count and sources still in work. */
    async copyCheck(tx: Tx, deckId: string) {
      const result = await tx.execute<{ cards: number | string; in_flight: number | string }>(sql`
        select (select count(*) from ${questions} where ${questions.deckId} = ${deckId})
             + (select count(*) from ${cards} where ${cards.deckId} = ${deckId}) as cards,
               (select count(*) from ${sources} where ${sources.deckId} = ${deckId}
                  and ${inArray(sources.processingStatus, [...IN_FLIGHT_STATUSES])}) as in_flight`);
      const row = result.rows[0];
      return { cards: Number(row?.cards ?? 0), inFlight: Number(row?.in_flight ?? 0) };
    },

    /** The deck's document sources that have a stored file, for the files to copy. */
    async documentSources(tx: Tx, deckId: string) {
      return tx
        .select({ id: sources.id, storageRef: sources.storageRef, originalFilename: sources.originalFilename })
        .from(sources)
        .where(and(eq(sources.deckId, deckId), sql`${sources.storageRef} is not null`));
    },

    /**
     * Copies the deck into the owner's space, in the caller's transaction: the deck (private, with
     * `clonedFromId`), its sources with their text, summaries, key points, status and sizes (the
     * documents pointing at their copied files), their chunks with embeddings, and its questions and
     * fallback cards pointing at the copied sources and chunks. Chats are not copied. Each table is
     * one INSERT ... SELECT, so a large deck never passes through the application row by row.
     */
    async copyDeck(
      tx: Tx,
      { original, owner, spaceId, documents }: { original: DeckRow; owner: Owner; spaceId: string | null; documents: DocumentCopy[] },
    ): Promise<DeckRow> {
      const [deck] = await tx
        .insert(decks)
        .values({
          ...ownerValues(owner),
          studySpaceId: spaceId,
          title: original.title,
          description: original.description,
          focusInstructions: original.focusInstructions,
          systemPrompt: original.systemPrompt,
          length: original.length,
          questionTypes: original.questionTypes,
          clonedFromId: original.id,
        })
        .returning();
      const to = deck!.id;
      const from = original.id;
      // The copied documents' new files, by original source id (an empty list copies none).
      const files = sql`select * from unnest(
          ${sql.param(documents.map((d) => d.sourceId))}::uuid[],
          ${sql.param(documents.map((d) => d.storageRef))}::text[],
          ${sql.param(documents.map((d) => d.downloadUrl))}::text[]
        ) as f(source_id, storage_ref, download_url)`;
      // Sources keep their creation times, so the copy lists them in the original's order.
      await tx.execute(sql`
        insert into ${sources} (id, deck_id, type, url, original_filename, filename, storage_ref, download_url,
          content_type, size_in_bytes, title, summary, key_points, content, processing_status, processing_error,
          language, processing_attempt, created_at)
        select ${copiedId(sql`s.id`, to)}, ${to}, s.type, s.url, s.original_filename,
          case when s.storage_ref is null then s.filename else regexp_replace(f.storage_ref, '^.*/', '') end,
          case when s.storage_ref is null then null else f.storage_ref end,
          case when s.storage_ref is null then s.download_url else f.download_url end,
          s.content_type, s.size_in_bytes, s.title, s.summary, s.key_points, s.content, s.processing_status,
          s.processing_error, s.language, 0, s.created_at
        from ${sources} s left join (${files}) f on f.source_id = s.id
        where s.deck_id = ${from}`);
      await tx.execute(sql`
        insert into ${sourceChunks} (id, source_id, deck_id, chunk_index, content, token_count, position, embedding,
          embedding_model)
        select ${copiedId(sql`c.id`, to)}, ${copiedId(sql`c.source_id`, to)}, ${to}, c.chunk_index, c.content,
          c.token_count, c.position, c.embedding, c.embedding_model
        from ${sourceChunks} c where c.deck_id = ${from}`);
      await tx.execute(sql`
        insert into ${questions} (deck_id, source_id, chunk_id, question, question_type, options, correct_answer_index,
          correct_answer_text, expected_answer, case_context, answer, position, generation_request_id, concepts, created_at)
        select ${to},
          case when q.source_id is null then null else ${copiedId(sql`q.source_id`, to)} end,
          case when q.chunk_id is null then null else ${copiedId(sql`q.chunk_id`, to)} end,
          q.question, q.question_type, q.options, q.correct_answer_index, q.correct_answer_text, q.expected_answer,
          q.case_context, q.answer, q.position, null, q.concepts, q.created_at
        from ${questions} q where q.deck_id = ${from}`);
      await tx.execute(sql`
        insert into ${cards} (deck_id, source_id, front, back, options, correct_answer_index, position,
          generation_request_id, created_at)
        select ${to}, case when k.source_id is null then null else ${copiedId(sql`k.source_id`, to)} end,
          k.front, k.back, k.options, k.correct_answer_index, k.position, null, k.created_at
        from ${cards} k where k.deck_id = ${from}`);
      return deck!;
    },

    /** The caller's upload records for the copied files, each already taken by its new source. */
    async recordUploads(tx: Tx, owner: Owner, deckId: string, documents: (DocumentCopy & { originalFilename: string | null })[]) {
      if (documents.length === 0) return;
      await tx.insert(uploads).values(
        documents.map((d) => ({
          ...ownerValues(owner),
          storageRef: d.storageRef,
          originalFilename: d.originalFilename,
          contentType: d.contentType,
          sizeInBytes: d.size,
          sourceId: sql`${copiedId(d.sourceId, deckId)}`,
        })),
      );
    },
  };
}
export type CloneRepository = ReturnType<typeof createCloneRepository>;
