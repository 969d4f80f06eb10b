import { and, asc, eq, inArray } from 'drizzle-orm';
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
  type NewReviewCardRow,
  type NewReviewLogRow,
} from '@mnemo/db/schema';
import { recountAllDays } from '../review/review.repository';
import { deckOrder } from '../questions/questions.repository';

/** Rows per insert statement: Postgres takes at most 65,535 parameters in one. */
const INSERT_CHUNK = 500;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

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
        .select({ title: sources.title, type: sources.type, url: sources.url, summary: sources.summary, keyPoints: sources.keyPoints })
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

    /** Inserts the questions in order and answers their ids in the same order. */
    async insertQuestions(tx: Tx, rows: NewQuestion[]): Promise<string[]> {
      const ids: string[] = [];
      await insertChunked(rows, async (chunk) => {
        const inserted = await tx.insert(questions).values(chunk).returning({ id: questions.id });
        ids.push(...inserted.map((r) => r.id));
      });
      return ids;
    },

    /**
     * The importer's schedule: review cards and log rows, owned by them; the questions with a card
     * leave the new ones (`studied`), and the learner's day summaries are recounted from the log.
     */
    async insertSchedule(
      tx: Tx,
      owner: Owner,
      schedule: {
        cards: Omit<NewReviewCardRow, 'ownerUserId' | 'ownerAnonId'>[];
        logs: Omit<NewReviewLogRow, 'ownerUserId' | 'ownerAnonId'>[];
        timeZone: string;
      },
    ): Promise<void> {
      const who = ownerValues(owner);
      await insertChunked(schedule.cards, (chunk) => tx.insert(reviewCards).values(chunk.map((c) => ({ ...who, ...c }))));
      await insertChunked(schedule.logs, (chunk) => tx.insert(reviewLogs).values(chunk.map((l) => ({ ...who, ...l }))));
      const studied = schedule.cards.map((c) => c.questionId);
      for (let i = 0; i < studied.length; i += INSERT_CHUNK) {
        await tx.update(questions).set({ studied: true }).where(inArray(questions.id, studied.slice(i, i + INSERT_CHUNK)));
      }
      if (schedule.logs.length > 0) await recountAllDays(tx, owner, schedule.timeZone);
    },
  };
}
export type ExchangeRepository = ReturnType<typeof createExchangeRepository>;
