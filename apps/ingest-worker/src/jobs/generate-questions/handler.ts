import { UnrecoverableError } from 'bullmq';
import { isUnusableTextError, type UnusableTextError } from '@mnemo/ai/errors';
import type { GeneratedQuestion, StudyAi, TextChunk } from '@mnemo/ai/types';
import type { QuestionType } from '@mnemo/contracts/entities/question';
import { GENERATION_FAILURES } from '@mnemo/contracts/api/questions';
import type { GenerateQuestionsJob } from '@mnemo/contracts/jobs';
import { PLAN_LIMITS } from '@mnemo/contracts/limits';
import { IN_FLIGHT_STATUSES } from '@mnemo/contracts/progress';
import type { JobContext } from '../registry';
import type { FailureVerdict } from '../ingest-source/handler';
import { countsByType, planGeneration } from './plan';
import type { GenerationRepository, SourceForGeneration } from './repository';

/** Sources the ingest job is still working on: their chunks are not final yet. */

/** How long a request waits for its deck's sources to finish processing, and how often it looks. */
export const SOURCE_WAIT_MS = 15 * 60_000;
export const SOURCE_RECHECK_MS = 5_000;

/** Failure reasons the deck's status route shows as they are (contracts' GENERATION_FAILURES). */
export const NO_CONTENT_MESSAGE = GENERATION_FAILURES.noText;

export type GenerateDeps = {
  repository: GenerationRepository;
  study: Pick<StudyAi, 'generateQuestions'>;
  /** Whether an AI failure may pass with time (retried) or not (the job fails at once). */
  judge: (error: unknown) => FailureVerdict;
  now?: () => number;
  sourceWaitMs?: number;
  sourceRecheckMs?: number;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
};

export type GenerationResult =
  /** Sources are still being processed: run again in `retryInMs` (job.ts delays the job). */
  | { status: 'waiting'; retryInMs: number; sourcesInFlight: number }
  | { status: 'skipped'; reason: 'deck-gone' | 'already-written' | 'limit-reached'; created: number }
  | {
      status: 'done';
      requested: number;
      created: number;
      bySource: Record<string, number>;
      byType: Partial<Record<QuestionType, number>>;
      /**
       * What the learner should know about how the questions were written ("Questions are in
       * English: …"), each once; the deck's status route shows them. Absent when none.
       */
      notes?: string[];
    };

const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The deck's card limit when the payload does not carry it: the lowest for this kind of owner, so a
 * job can never grant more than the plan would.
 */
const fallbackLimit = (owner: GenerateQuestionsJob['owner']) =>
  owner.userId ? PLAN_LIMITS.free.cardsPerDeck : PLAN_LIMITS.anonymous.cardsPerDeck;

/** Takes one question from each list in turn, so types and sources alternate in deck order. */
function interleave<T>(lists: readonly T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

/**
 * The generate-questions job: questions (or plain cards) for a deck from its processed sources.
 *
 * - Waits (as a delayed job) while a source of the deck is still being processed, up to
 *   SOURCE_WAIT_MS after the request, then uses what is ready: the spec's creation flow asks for
 *   questions right after it starts processing the sources.
 * - The count is cut to the room under the deck's card limit, spread over the sources in
 *   proportion to their text (at least one each when the count allows) and over the chosen types
 *   evenly; each source is asked for its share of each type, with the focus instructions, the
 *   deck's custom instructions and every question the deck already has to avoid. A shortfall is
 *   asked once more of all the sources together.
 * - Idempotent: the rows carry the request id and are written in one transaction that first looks
 *   for them, so a retried or duplicated job writes nothing twice; the card limit is checked again
 *   in that transaction.
 */
export function createGenerateQuestionsHandler(deps: GenerateDeps) {
  const { repository, study } = deps;
  const now = deps.now ?? Date.now;
  const sourceWaitMs = deps.sourceWaitMs ?? SOURCE_WAIT_MS;
  const recheckMs = deps.sourceRecheckMs ?? SOURCE_RECHECK_MS;

  return async function handle(job: GenerateQuestionsJob, attempt?: JobContext): Promise<GenerationResult> {
    const { deckId, requestId, target } = job;
    const deck = await repository.findDeck(deckId);
    if (!deck) return { status: 'skipped', reason: 'deck-gone', created: 0 };
    // A retry after the write committed: skip the AI calls too.
    const written = await repository.writtenBy(deckId, requestId, target);
    if (written > 0) return { status: 'skipped', reason: 'already-written', created: written };

    const sources = await repository.sourcesOf(deckId, job.sourceIds);
    const inFlight = sources.filter((s) => IN_FLIGHT_STATUSES.includes(s.processingStatus));
    const waited = job.requestedAt === undefined ? Infinity : now() - job.requestedAt;
    if (inFlight.length > 0 && waited < sourceWaitMs) {
      return { status: 'waiting', retryInMs: recheckMs, sourcesInFlight: inFlight.length };
    }
    const ready = sources.filter((s) => !IN_FLIGHT_STATUSES.includes(s.processingStatus) && s.contentChars > 0);
    if (ready.length === 0) throw new UnrecoverableError(NO_CONTENT_MESSAGE);

    const cardLimit = job.cardLimit === undefined ? fallbackLimit(job.owner) : job.cardLimit;
    const room = cardLimit === null ? job.totalQuestions : Math.max(0, cardLimit - (await repository.cardCount(deckId)));
    const wanted = Math.min(job.totalQuestions, room);
    if (wanted === 0) return { status: 'skipped', reason: 'limit-reached', created: 0 };

    const items = await generate(job, deck.systemPrompt, ready, wanted, attempt);
    const outcome = await repository.insertGenerated({ deckId, requestId, target, cardLimit, items });
    if (outcome.outcome === 'deck-gone') return { status: 'skipped', reason: 'deck-gone', created: 0 };
    if (outcome.outcome === 'already-written') return { status: 'skipped', reason: 'already-written', created: outcome.created };
    const bySource: Record<string, number> = {};
    const byType: Partial<Record<QuestionType, number>> = {};
    for (const q of outcome.inserted) {
      bySource[q.sourceId] = (bySource[q.sourceId] ?? 0) + 1;
      byType[q.questionType] = (byType[q.questionType] ?? 0) + 1;
    }
    const created = outcome.inserted.length;
    // Nothing written is a failure the learner is told about, never a silent success; no retry
    // would write more from the same text.
    if (created === 0) throw new UnrecoverableError(GENERATION_FAILURES.noQuestions);
    if (created < job.totalQuestions) {
      deps.log?.info(
        {
          deckId,
          requestId,
          requested: job.totalQuestions,
          created,
          droppedForLimit: outcome.droppedForLimit,
          droppedGone: outcome.droppedGone,
        },
        'generated fewer questions than requested',
      );
    }
    const notes = [...new Set(items.flatMap((q) => (q.note ? [q.note] : [])))];
    return {
      status: 'done',
      requested: job.totalQuestions,
      created,
      bySource,
      byType,
      ...(notes.length > 0 ? { notes } : {}),
    };
  };

  async function generate(
    job: GenerateQuestionsJob,
    customInstructions: string | null,
    ready: SourceForGeneration[],
    wanted: number,
    attempt: JobContext | undefined,
  ): Promise<GeneratedQuestion[]> {
    const plan = planGeneration(
      wanted,
      job.questionTypes,
      ready.map((s) => ({ sourceId: s.id, weight: s.contentChars })),
    );
    const chunks = await repository.chunksOf(ready);
    const avoid = await repository.existingTexts(job.deckId);
    const seen = new Set(avoid.map(normalise));
    const accepted: GeneratedQuestion[][] = [];
    const have = new Map<QuestionType, number>();
    // A source that is filler (placeholder or repeated text, a cookie banner) gives no questions;
    // the others still do. Only when nothing came of any source does the learner read why.
    let unusable: UnusableTextError | undefined;

    const ask = async (pool: readonly TextChunk[], type: QuestionType, count: number) => {
      const chunkIds = new Set(pool.map((c) => c.chunkId));
      let generated: GeneratedQuestion[];
      try {
        generated = await study.generateQuestions({
          chunks: pool,
          count,
          types: [type],
          focusInstructions: job.focusInstructions ?? null,
          customInstructions,
          avoid: [...avoid, ...accepted.flat().map((q) => q.question)],
        });
      } catch (error) {
        if (isUnusableTextError(error)) {
          unusable ??= error;
          return;
        }
        const verdict = deps.judge(error);
        // A transient failure is retried by BullMQ (while tries remain); a permanent one is not.
        if (verdict.permanent) throw new UnrecoverableError(verdict.message);
        deps.log?.warn({ err: error, deckId: job.deckId, attempt }, 'question generation failed; the job will be retried');
        throw error;
      }
      const fresh: GeneratedQuestion[] = [];
      for (const q of generated) {
        if (fresh.length >= count) break;
        // Only what was asked for, from the chunks it was given, never twice.
        if (q.questionType !== type || !chunkIds.has(q.chunkId)) continue;
        const key = normalise(q.question);
        if (!key || seen.has(key)) continue;
        seen.add(key);
        fresh.push(q);
      }
      accepted.push(fresh);
      have.set(type, (have.get(type) ?? 0) + fresh.length);
    };

    for (const cell of plan) await ask(chunks.get(cell.sourceId) ?? [], cell.type, cell.count);

    // A source that had fewer questions in it than its share: ask the whole deck for the rest.
    const all = [...chunks.values()].flat();
    for (const [type, planned] of countsByType(plan)) {
      const missing = planned - (have.get(type) ?? 0);
      if (missing > 0 && ready.length > 1) await ask(all, type, missing);
    }
    // A type the text gives no good question of (the offline provider writes fewer rather than weak
    // ones): its share goes to the other chosen types, asked of the whole deck.
    const total = () => accepted.reduce((n, list) => n + list.length, 0);
    for (const type of job.questionTypes) {
      const short = wanted - total();
      if (short <= 0) break;
      await ask(all, type, short);
    }
    if (unusable && accepted.every((list) => list.length === 0))
      throw new UnrecoverableError(unusable.publicMessage);
    return interleave(accepted);
  }
}
