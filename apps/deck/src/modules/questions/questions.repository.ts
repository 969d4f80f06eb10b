import { and, asc, count, eq, notInArray } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '@mnemo/db/client';
import { deckCardCount } from '@mnemo/db/deck-cards';
import { decks, questions, sources, type Question as QuestionRow, type QuestionType } from '@mnemo/db/schema';
import { ownedBy, type Owner } from '@mnemo/db/owner';
import { canView } from '@mnemo/db/deck-access';

export type { QuestionRow };
/** A question with the source it came from (null once that source is removed). */
export type QuestionWithSource = {
  question: QuestionRow;
  source: { id: string; type: 'website' | 'youtube' | 'document'; title: string } | null;
};

/** The fields PUT /questions/:id may change. */
export type QuestionChanges = Partial<
  Pick<
    QuestionRow,
    'question' | 'options' | 'correctAnswerIndex' | 'correctAnswerText' | 'expectedAnswer' | 'caseContext' | 'answer' | 'sourceId' | 'chunkId'
  >
>;

/** Deck order: the position the generation gave, then insertion order. Every list of a deck's questions uses it. */
export const deckOrder = [asc(questions.position), asc(questions.createdAt), asc(questions.id)];

export function createQuestionsRepository({ db }: { db: Db }) {
  const withSource = (tx: DbOrTx) =>
    tx
      .select({
        question: questions,
        source: { id: sources.id, type: sources.type, title: sources.title },
      })
      .from(questions)
      .leftJoin(sources, eq(sources.id, questions.sourceId));

  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    /** One page of the deck's questions in deck order, and how many there are in all. */
    async page(deckId: string, { offset, limit }: { offset: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        withSource(db)
          .where(eq(questions.deckId, deckId))
          .orderBy(...deckOrder)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(questions).where(eq(questions.deckId, deckId)),
      ]);
      return { rows: rows as QuestionWithSource[], total: total?.n ?? 0 };
    },

    /** Every question of the deck in deck order, of one type when given. */
    async all(deckId: string, questionType?: QuestionType): Promise<QuestionWithSource[]> {
      const rows = await withSource(db)
        .where(and(eq(questions.deckId, deckId), questionType ? eq(questions.questionType, questionType) : undefined))
        .orderBy(...deckOrder);
      return rows as QuestionWithSource[];
    },

    /**
     * A question of a deck the caller owns, or null: another caller's looks exactly like a missing
     * one. With `lock`, the question row stays locked for the rest of the transaction.
     */
    async findOwned(owner: Owner, id: string, tx: DbOrTx = db, { lock = false } = {}): Promise<QuestionWithSource | null> {
      const query = withSource(tx)
        .innerJoin(decks, eq(decks.id, questions.deckId))
        .where(and(eq(questions.id, id), ownedBy(decks, owner)));
      const [row] = lock ? await query.for('update', { of: questions }) : await query;
      return (row as QuestionWithSource | undefined) ?? null;
    },

    /**
     * A question the caller may study: one of their own decks' or of a published deck (spec 02 §6:
     * a non-owner interacts with a published deck). Null otherwise, like a missing one.
     */
    async findViewable(owner: Owner, id: string): Promise<QuestionWithSource | null> {
      const [row] = await withSource(db)
        .innerJoin(decks, eq(decks.id, questions.deckId))
        .where(and(eq(questions.id, id), canView(owner)));
      return (row as QuestionWithSource | undefined) ?? null;
    },

    async update(tx: Tx, id: string, changes: QuestionChanges): Promise<void> {
      await tx.update(questions).set(changes).where(eq(questions.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(questions).where(eq(questions.id, id));
    },

    /** A source of this deck, for relinking a question; null when the deck has no such source. */
    async sourceOfDeck(deckId: string, sourceId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: sources.id, type: sources.type, title: sources.title })
        .from(sources)
        .where(and(eq(sources.id, sourceId), eq(sources.deckId, deckId)));
      return row ?? null;
    },

    /** How many of the deck's sources are processed or being processed (not pending, not failed). */
    async generatableSources(deckId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(sources)
        .where(and(eq(sources.deckId, deckId), notInArray(sources.processingStatus, ['pending', 'failed'])));
      return row?.n ?? 0;
    },

    /** Questions and fallback cards together, what the card limit counts. */
    cardCount: (deckId: string, tx: DbOrTx = db): Promise<number> => deckCardCount(tx, deckId),
  };
}
export type QuestionsRepository = ReturnType<typeof createQuestionsRepository>;
