import { and, asc, eq } from 'drizzle-orm';
import { insertRows } from '@mnemo/db/bulk';
import type { Db, DbOrTx, Tx } from '@mnemo/db/client';
import { classMemberOf, deckRights } from '@mnemo/db/deck-access';
import { ownedBy, ownerValues, type Owner } from '@mnemo/db/owner';
import {
  decks,
  questions,
  reviewCards,
  reviewLogs,
  reviewSettings,
  sources,
  type NewQuestion,
  type NewSource,
  type NewReviewCardRow,
  type NewReviewLogRow,
} from '@mnemo/db/schema';
import { recountDeckDays } from '../review/review.repository';
import { deckOrder } from '../questions/questions.repository';

/**
 * What the exchange module reads and writes: a deck with its questions, sources and one learner's
 * review cards and log for export; a new deck's questions and the importer's schedule for import,
 * inside the import's one transaction.
 */
export function createExchangeRepository({ db }: { db: Db }) {
  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    /** The deck with the caller's rights over it (deck-access), or null when it does not exist. */
    async deck(owner: Owner, id: string) {
      const [row] = await db
        .select({
          id: decks.id,
          title: decks.title,
          description: decks.description,
          ownerUserId: decks.ownerUserId,
          ownerAnonId: decks.ownerAnonId,
          isPublished: decks.isPublished,
          classMember: classMemberOf(owner),
        })
        .from(decks)
        .where(eq(decks.id, id));
      return row ? { ...row, rights: deckRights(row, owner) } : null;
    },

    /** The deck's questions in deck order, each with the title of the source it was made from. */
    async questions(deckId: string) {
      return db
        .select({
          id: questions.id,
          question: questions.question,
          questionType: questions.questionType,
          options: questions.options,
          correctAnswerIndex: questions.correctAnswerIndex,
          correctAnswerText: questions.correctAnswerText,
          expectedAnswer: questions.expectedAnswer,
          caseContext: questions.caseContext,
          answer: questions.answer,
          concepts: questions.concepts,
          sourceTitle: sources.title,
        })
        .from(questions)
        .leftJoin(sources, eq(sources.id, questions.sourceId))
        .where(eq(questions.deckId, deckId))
        .orderBy(...deckOrder);
    },

    /** The deck's sources' metadata (never their extracted text). */
    async sources(deckId: string) {
      return db
        .select({
          title: sources.title,
          type: sources.type,
          url: sources.url,
          originalFilename: sources.originalFilename,
          summary: sources.summary,
          keyPoints: sources.keyPoints,
        })
        .from(sources)
        .where(eq(sources.deckId, deckId))
        .orderBy(asc(sources.createdAt));
    },

    /** The learner's log on the deck, oldest first; override rows included (the service applies them). */
    async reviewLogs(owner: Owner, deckId: string) {
      return db
        .select()
        .from(reviewLogs)
        .where(and(ownedBy(reviewLogs, owner), eq(reviewLogs.deckId, deckId)))
        .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.createdAt));
    },

    /** The learner's time zone and retention, or null for the defaults. */
    async settings(tx: DbOrTx, owner: Owner) {
      const [row] = await tx
        .select({ timeZone: reviewSettings.timeZone, desiredRetention: reviewSettings.desiredRetention })
        .from(reviewSettings)
        .where(ownedBy(reviewSettings, owner));
      return row ?? null;
    },

    /** Inserts an imported deck's sources (metadata only, each with its id given). */
    async insertSources(tx: Tx, rows: (NewSource & { id: string })[]): Promise<void> {
      await insertRows(tx, sources, rows);
    },

    /**
     * Inserts the questions, each with its id given (so no row comes back to match up). One
     * statement per table (insertRows) rather than drizzle's VALUES of 500 rows: a 5,000-card
     * import spent most of its time building and binding those (bench/README.md).
     */
    async insertQuestions(tx: Tx, rows: (NewQuestion & { id: string })[]): Promise<void> {
      await insertRows(tx, questions, rows);
    },

    /**
     * The importer's schedule: review cards and log rows, owned by them, and their day summaries
     * recounted for the days the imported log touches. The questions with a card were inserted as
     * `studied` (they leave the new ones).
     */
    async insertSchedule(
      tx: Tx,
      owner: Owner,
      schedule: {
        deckId: string;
        cards: Omit<NewReviewCardRow, 'ownerUserId' | 'ownerAnonId'>[];
        logs: Omit<NewReviewLogRow, 'ownerUserId' | 'ownerAnonId'>[];
        timeZone: string;
      },
    ): Promise<void> {
      const who = ownerValues(owner);
      await insertRows(tx, reviewCards, schedule.cards.map((c) => ({ ...who, ...c })));
      await insertRows(tx, reviewLogs, schedule.logs.map((l) => ({ ...who, ...l })));
      if (schedule.logs.length > 0) await recountDeckDays(tx, owner, schedule.deckId, schedule.timeZone);
    },
  };
}
export type ExchangeRepository = ReturnType<typeof createExchangeRepository>;
