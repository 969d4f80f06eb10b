import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { GeneratedQuestion, TextChunk } from '@mnemo/ai/types';
import type { GenerateQuestionsJob } from '@mnemo/contracts/jobs';
import { MULTIPLE_CHOICE_TYPES, normalizeConcepts, questionContent } from '@mnemo/contracts/entities/question';
import type { Db, Tx } from '@mnemo/db/client';
import { deckCardCount } from '@mnemo/db/deck-cards';
import { cards, decks, questions, sourceChunks, sources } from '@mnemo/db/schema';

export type GenerationTarget = GenerateQuestionsJob['target'];

/** A source of the deck with how much text its chunks hold (0 when it has none). */
export type SourceForGeneration = {
  id: string;
  title: string;
  processingStatus: (typeof sources.$inferSelect)['processingStatus'];
  contentChars: number;
};

export type InsertOutcome =
  | { outcome: 'inserted'; inserted: GeneratedQuestion[]; droppedForLimit: number; droppedGone: number }
  | { outcome: 'already-written'; created: number }
  | { outcome: 'deck-gone' };

const tableOf = (target: GenerationTarget) => (target === 'cards' ? cards : questions);

/** A question's answer as the card's back shows it: the correct option, or the expected answer. */
const answerOf = (q: GeneratedQuestion) =>
  MULTIPLE_CHOICE_TYPES.includes(q.questionType) ? q.correctAnswerText : q.expectedAnswer;

/** The worker's reads and writes for question (and card) generation. */
export function createGenerationRepository({ db }: { db: Db }) {
  return {
    async findDeck(deckId: string) {
      const [row] = await db
        .select({ id: decks.id, systemPrompt: decks.systemPrompt })
        .from(decks)
        .where(eq(decks.id, deckId));
      return row ?? null;
    },

    /** Rows this request has written already (a retry after a commit whose completion was lost). */
    async writtenBy(deckId: string, requestId: string, target: GenerationTarget): Promise<number> {
      const table = tableOf(target);
      const [row] = await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.deckId, deckId), eq(table.generationRequestId, requestId)));
      return row?.n ?? 0;
    },

    /** The deck's sources (or the named ones), oldest first, with the length of their chunks' text. */
    async sourcesOf(deckId: string, sourceIds?: readonly string[]): Promise<SourceForGeneration[]> {
      return db
        .select({
          id: sources.id,
          title: sources.title,
          processingStatus: sources.processingStatus,
          contentChars: sql<number>`coalesce(sum(length(${sourceChunks.content})), 0)::bigint`.mapWith(Number),
        })
        .from(sources)
        .leftJoin(sourceChunks, eq(sourceChunks.sourceId, sources.id))
        .where(and(eq(sources.deckId, deckId), sourceIds?.length ? inArray(sources.id, [...sourceIds]) : undefined))
        .groupBy(sources.id)
        .orderBy(asc(sources.createdAt), asc(sources.id));
    },

    /** The chunks of these sources in reading order, grouped by source. */
    async chunksOf(sourceRows: readonly Pick<SourceForGeneration, 'id' | 'title'>[]): Promise<Map<string, TextChunk[]>> {
      const bySource = new Map<string, TextChunk[]>(sourceRows.map((s) => [s.id, []]));
      if (sourceRows.length === 0) return bySource;
      const titles = new Map(sourceRows.map((s) => [s.id, s.title]));
      const rows = await db
        .select({
          chunkId: sourceChunks.id,
          sourceId: sourceChunks.sourceId,
          chunkIndex: sourceChunks.chunkIndex,
          content: sourceChunks.content,
        })
        .from(sourceChunks)
        .where(inArray(sourceChunks.sourceId, [...bySource.keys()]))
        .orderBy(asc(sourceChunks.sourceId), asc(sourceChunks.chunkIndex));
      for (const r of rows) bySource.get(r.sourceId)?.push({ ...r, sourceTitle: titles.get(r.sourceId) ?? '' });
      return bySource;
    },

    /** Every question text and card front of the deck: what new questions must not repeat. */
    async existingTexts(deckId: string): Promise<string[]> {
      const [q, c] = await Promise.all([
        db.select({ text: questions.question }).from(questions).where(eq(questions.deckId, deckId)),
        db.select({ text: cards.front }).from(cards).where(eq(cards.deckId, deckId)),
      ]);
      return [...q, ...c].map((r) => r.text);
    },

    cardCount: (deckId: string) => deckCardCount(db, deckId),

    /**
     * Writes the generated questions (or cards) in one transaction, with the deck row locked so two
     * jobs of one deck take turns: nothing if this request has written before (a retried job),
     * never past the card limit (counted again here), never a question of a source deleted since
     * it was generated. A chunk replaced since (the source was processed again) leaves the
     * question linked to its source only.
     */
    async insertGenerated({
      deckId,
      requestId,
      target,
      cardLimit,
      items,
    }: {
      deckId: string;
      requestId: string;
      target: GenerationTarget;
      cardLimit: number | null;
      items: readonly GeneratedQuestion[];
    }): Promise<InsertOutcome> {
      return db.transaction(async (tx) => {
        const [deck] = await tx.select({ id: decks.id }).from(decks).where(eq(decks.id, deckId)).for('update');
        if (!deck) return { outcome: 'deck-gone' };
        const table = tableOf(target);
        const [done] = await tx
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.deckId, deckId), eq(table.generationRequestId, requestId)));
        if ((done?.n ?? 0) > 0) return { outcome: 'already-written', created: done!.n };

        const { liveSources, liveChunks } = await stillThere(tx, deckId, items);
        const kept = items.filter((q) => liveSources.has(q.sourceId));
        const room = cardLimit === null ? kept.length : Math.max(0, cardLimit - (await deckCardCount(tx, deckId)));
        const take = kept.slice(0, room);
        if (take.length > 0) {
          const [last] = await tx
            .select({ max: sql<number | null>`max(${table.position})` })
            .from(table)
            .where(eq(table.deckId, deckId));
          const start = (last?.max ?? -1) + 1;
          if (target === 'cards') {
            await tx.insert(cards).values(
              take.map((q, i) => {
                const mc = MULTIPLE_CHOICE_TYPES.includes(q.questionType);
                return {
                  deckId,
                  sourceId: q.sourceId,
                  front: q.caseContext ? `${q.caseContext}\n\n${q.question}` : q.question,
                  back: answerOf(q) ?? '',
                  options: mc ? q.options : [],
                  correctAnswerIndex: mc ? q.correctAnswerIndex : null,
                  position: start + i,
                  generationRequestId: requestId,
                };
              }),
            );
          } else {
            await tx.insert(questions).values(
              take.map((q, i) => ({
                deckId,
                sourceId: q.sourceId,
                chunkId: liveChunks.has(q.chunkId) ? q.chunkId : null,
                ...questionContent(q),
                caseContext: q.caseContext,
                answer: answerOf(q),
                position: start + i,
                generationRequestId: requestId,
                concepts: normalizeConcepts(q.concepts ?? []),
              })),
            );
          }
        }
        return {
          outcome: 'inserted',
          inserted: take,
          droppedForLimit: kept.length - take.length,
          droppedGone: items.length - kept.length,
        };
      });
    },
  };
}
export type GenerationRepository = ReturnType<typeof createGenerationRepository>;

/** Which of the items' sources (of this deck) and chunks still exist. */
async function stillThere(tx: Tx, deckId: string, items: readonly GeneratedQuestion[]) {
  const sourceIds = [...new Set(items.map((q) => q.sourceId))];
  const chunkIds = [...new Set(items.map((q) => q.chunkId))];
  const [liveSourceRows, liveChunkRows] = await Promise.all([
    sourceIds.length
      ? tx.select({ id: sources.id }).from(sources).where(and(eq(sources.deckId, deckId), inArray(sources.id, sourceIds)))
      : Promise.resolve([]),
    chunkIds.length
      ? tx.select({ id: sourceChunks.id }).from(sourceChunks).where(inArray(sourceChunks.id, chunkIds))
      : Promise.resolve([]),
  ]);
  return { liveSources: new Set(liveSourceRows.map((r) => r.id)), liveChunks: new Set(liveChunkRows.map((r) => r.id)) };
}
