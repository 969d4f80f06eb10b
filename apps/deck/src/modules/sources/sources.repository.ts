import { and, count, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '@mnemo/db/client';
import { cards, decks, questions, sources, uploads, type NewSource } from '@mnemo/db/schema';
import { ownedBy, type Owner } from '@mnemo/db/owner';
import { canStudy, canView } from '@mnemo/db/deck-access';
import { IN_FLIGHT_STATUSES, type ProcessingStatus } from '@mnemo/contracts/progress';

export type SourceRow = typeof sources.$inferSelect;

/** Statuses from which processing may (re)start: 'Process Now' on pending, Retry on failed. */
export const STARTABLE_STATUSES: ProcessingStatus[] = ['pending', 'failed'];

export function createSourcesRepository({ db }: { db: Db }) {
  const ownedDeck = (tx: DbOrTx, owner: Owner, deckId: string) =>
    tx
      .select({ one: sql`1` })
      .from(decks)
      .where(and(eq(decks.id, deckId), ownedBy(decks, owner)));

  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    /** Whether the caller owns the deck. */
    async ownsDeck(owner: Owner, deckId: string, tx: DbOrTx = db): Promise<boolean> {
      return (await ownedDeck(tx, owner, deckId)).length > 0;
    },

    /**
     * Whether the caller may study the deck: their own, a class's they are a member of, or a
     * published one (spec 02 §6: a non-owner interacts with a published deck; reading its questions
     * and cards is part of studying it).
     */
    async viewsDeck(owner: Owner, deckId: string): Promise<boolean> {
      const rows = await db
        .select({ id: decks.id })
        .from(decks)
        .where(and(eq(decks.id, deckId), canView(owner)));
      return rows.length > 0;
    },

    /** Whether the caller's answers to the deck are scheduled for them: their own or a class's deck. */
    async schedulesDeck(owner: Owner, deckId: string): Promise<boolean> {
      const rows = await db
        .select({ id: decks.id })
        .from(decks)
        .where(and(eq(decks.id, deckId), canStudy(owner)));
      return rows.length > 0;
    },

    /**
     * Locks the caller's deck row for the rest of the transaction, so two sources added at once
     * cannot both pass the size check. False when the deck is not the caller's.
     */
    async lockOwnedDeck(tx: Tx, owner: Owner, deckId: string): Promise<boolean> {
      const rows = await tx
        .select({ id: decks.id })
        .from(decks)
        .where(and(eq(decks.id, deckId), ownedBy(decks, owner)))
        .for('update');
      return rows.length > 0;
    },

    /** What the deck holds, for its size and for the one-at-a-time processing rule. */
    async deckContents(deckId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          documentBytes: sql<number>`coalesce(sum(${sources.sizeInBytes}) filter (where ${sources.type} = 'document'), 0)::bigint`.mapWith(Number),
          links: sql<number>`count(*) filter (where ${sources.type} <> 'document')`.mapWith(Number),
          inFlight: sql<number>`count(*) filter (where ${inArray(sources.processingStatus, [...IN_FLIGHT_STATUSES])})`.mapWith(Number),
        })
        .from(sources)
        .where(eq(sources.deckId, deckId));
      return row ?? { documentBytes: 0, links: 0, inFlight: 0 };
    },

    /**
     * Inserts a source stamped with the wall-clock time rather than the transaction's start, so the
     * sources POST /decks adds in one transaction keep the order they were sent in.
     */
    async insert(tx: Tx, values: Omit<NewSource, 'createdAt'>): Promise<SourceRow> {
      const [row] = await tx
        .insert(sources)
        .values({ ...values, createdAt: sql`clock_timestamp()` })
        .returning();
      return row!;
    },

    /** Gives the caller's unused upload to a source; false when it is gone, not theirs, or taken. */
    async attachUpload(tx: Tx, owner: Owner, storageRef: string, sourceId: string): Promise<boolean> {
      const rows = await tx
        .update(uploads)
        .set({ sourceId })
        .where(and(eq(uploads.storageRef, storageRef), ownedBy(uploads, owner), sql`${uploads.sourceId} is null`))
        .returning({ storageRef: uploads.storageRef });
      return rows.length > 0;
    },

    /** A source of the caller's deck, or null: another caller's looks exactly like a missing one. */
    async findOwned(owner: Owner, deckId: string, sourceId: string, tx: DbOrTx = db): Promise<SourceRow | null> {
      const [row] = await tx
        .select()
        .from(sources)
        .where(and(eq(sources.id, sourceId), eq(sources.deckId, deckId), exists(ownedDeck(tx, owner, deckId))));
      return row ?? null;
    },

    /** Whether this owner owns the deck the source belongs to. */
    async ownsSource(owner: Owner, sourceId: string): Promise<boolean> {
      const rows = await db
        .select({ id: sources.id })
        .from(sources)
        .innerJoin(decks, eq(decks.id, sources.deckId))
        .where(and(eq(sources.id, sourceId), ownedBy(decks, owner)));
      return rows.length > 0;
    },

    /**
     * Deletes a source (its chunks cascade) and its upload record; with `deleteCards`, the questions
     * and fallback cards made from it too (otherwise they stay, no longer pointing at a source).
     * Returns how many questions and cards went.
     */
    async remove(tx: Tx, sourceId: string, deleteCards: boolean): Promise<number> {
      let cardsDeleted = 0;
      if (deleteCards) {
        const q = await tx.delete(questions).where(eq(questions.sourceId, sourceId)).returning({ id: questions.id });
        const c = await tx.delete(cards).where(eq(cards.sourceId, sourceId)).returning({ id: cards.id });
        cardsDeleted = q.length + c.length;
      }
      await tx.delete(uploads).where(eq(uploads.sourceId, sourceId));
      await tx.delete(sources).where(eq(sources.id, sourceId));
      return cardsDeleted;
    },

    /** How many sources still use a stored file (a cloned deck may share its original's). */
    async countUsing(storageRef: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(sources).where(eq(sources.storageRef, storageRef));
      return row?.n ?? 0;
    },

    /**
     * Moves a pending or failed source of the caller's deck to processing with the next attempt
     * number, in one conditional UPDATE: of two calls at once, exactly one gets the row back.
     */
    async startProcessing(owner: Owner, deckId: string, sourceId: string): Promise<SourceRow | null> {
      const [row] = await db
        .update(sources)
        .set({
          processingStatus: 'processing',
          processingError: null,
          processingAttempt: sql`${sources.processingAttempt} + 1`,
        })
        .where(
          and(
            eq(sources.id, sourceId),
            eq(sources.deckId, deckId),
            inArray(sources.processingStatus, STARTABLE_STATUSES),
            exists(ownedDeck(db, owner, deckId)),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Marks an attempt failed, unless the worker has moved the source on meanwhile. */
    async failAttempt(sourceId: string, attempt: number, message: string): Promise<void> {
      await db
        .update(sources)
        .set({ processingStatus: 'failed', processingError: message })
        .where(and(eq(sources.id, sourceId), eq(sources.processingAttempt, attempt), eq(sources.processingStatus, 'processing')));
    },
  };
}
export type SourcesRepository = ReturnType<typeof createSourcesRepository>;
