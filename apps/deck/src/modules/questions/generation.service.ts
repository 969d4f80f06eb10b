import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Job } from 'bullmq';
import {
  GENERATION_FAILURES,
  type GenerationStatusResponse,
  type LatestGenerationResponse,
} from '@mnemo/contracts/api/questions';
import type { QuestionType } from '@mnemo/contracts/entities/question';
import type { Plan } from '@mnemo/contracts/identity';
import { generateQuestionsJobSchema, jobIds, type GenerateQuestionsJob } from '@mnemo/contracts/jobs';
import { AppError } from '@mnemo/service-kit';
import type { DeckQueues } from '../../plugins/queue';
import { deckCardLimit, type Caller, type LimitsOf } from '../decks/limits';
import type { SourcesRepository } from '../sources/sources.repository';
import type { QuestionsRepository } from './questions.repository';

export const GENERATION_START_FAILED = 'Question generation could not be started. Please try again.';

export type GenerationRequest = {
  target: GenerateQuestionsJob['target'];
  questionTypes: QuestionType[];
  /** Already within 1-100 (the contract clamps it). */
  count: number;
  focusInstructions?: string | null | undefined;
  /** Only this source (POST /ai/generate-cards-from-source). */
  sourceId?: string;
};

export type StartedGeneration = { jobId: string; requestId: string; count: number };

const deckNotFound = () => new AppError('NOT_FOUND', 'Deck not found');
const generationNotFound = () => new AppError('NOT_FOUND', 'Generation not found');

const KNOWN_FAILURES: readonly string[] = Object.values(GENERATION_FAILURES);

/**
 * Why a finished job counts as failed, in the learner's words. The worker fails a job with one of
 * GENERATION_FAILURES when it knows why (no text, nothing written); anything else it failed with
 * is the AI provider's error after the retries, which a learner can only read as the service
 * being unavailable.
 */
const failureReason = (failedReason: string | undefined) =>
  failedReason && KNOWN_FAILURES.includes(failedReason) ? failedReason : GENERATION_FAILURES.aiUnavailable;

/** What the worker's handler returned for a run that ended without an error (its GenerationResult). */
type JobOutcome = { status?: string; reason?: string; created?: number; notes?: unknown } | null | undefined;
const sourceNotFound = () => new AppError('NOT_FOUND', 'Source not found');

/** 402 with limitReached (ADR 0005): the client opens the sign-in or upgrade dialog. */
export function cardLimitReached(plan: Plan, limit: number): AppError {
  const message =
    plan === 'anonymous'
      ? `Guests can have ${limit} cards in a deck, and this deck is full. Sign up for free to create more.`
      : `The free plan allows ${limit} cards per deck, and this deck is full. Upgrade to Scholar for unlimited cards.`;
  return new AppError('LIMIT_REACHED', message, {
    flags: { limitReached: true },
    details: { limit: 'cardsPerDeck', max: limit, plan },
  });
}

/** As long as BullMQ keeps a failed job (the longest it keeps any): a week. */
const LATEST_RUN_SECONDS = 7 * 24 * 3600;

/**
 * The id of each deck's latest generation job, in Redis beside the queue: BullMQ finds a job by
 * its id only, and a screen reloaded during a run has lost the id the generate call answered.
 */
export function createLatestGenerations({ redis, prefix }: { redis: Pick<Redis, 'get' | 'set'>; prefix: string }) {
  const key = (deckId: string) => `${prefix}:generation:latest:${deckId}`;
  return {
    remember: async (deckId: string, jobId: string) => {
      await redis.set(key(deckId), jobId, 'EX', LATEST_RUN_SECONDS);
    },
    recall: (deckId: string) => redis.get(key(deckId)),
  };
}
export type LatestGenerations = ReturnType<typeof createLatestGenerations>;

/**
 * Starts question (or card) generation for the caller's deck: checks the card limit of the caller's
 * plan, cuts the count to the room left, and enqueues one `generate-questions` job under a new
 * request id. Nothing is written before the enqueue, so there is nothing to commit first; the worker
 * writes the questions and checks the limit again in its own transaction.
 */
export function createGenerationService({
  decks,
  sources,
  questions,
  queue,
  limitsOf,
  latest,
}: {
  /** Each deck's latest run; without it, GET .../generation answers no run. */
  latest?: LatestGenerations;
  decks: Pick<SourcesRepository, 'ownsDeck'>;
  sources: Pick<SourcesRepository, 'findOwned'>;
  questions: Pick<QuestionsRepository, 'cardCount' | 'generatableSources'>;
  queue: Pick<DeckQueues['generate'], 'add' | 'bull'>;
  limitsOf: LimitsOf;
}) {
  return {
    async start(caller: Caller, deckId: string, request: GenerationRequest): Promise<StartedGeneration> {
      const { owner, plan } = caller;
      if (request.sourceId) {
        const source = await sources.findOwned(owner, deckId, request.sourceId);
        if (!source) throw sourceNotFound();
        if (source.processingStatus === 'pending' || source.processingStatus === 'failed') {
          throw new AppError('CONFLICT', 'This source has not been processed yet. Process it first, then generate cards from it.');
        }
      } else {
        if (!(await decks.ownsDeck(owner, deckId))) throw deckNotFound();
        // A deck whose sources were never processed would leave the client polling for ever.
        if ((await questions.generatableSources(deckId)) === 0) {
          throw new AppError('CONFLICT', 'This deck has no processed sources yet. Add a source and process it first.');
        }
      }

      const limit = deckCardLimit(limitsOf, plan);
      let count = request.count;
      if (limit !== null) {
        const room = limit - (await questions.cardCount(deckId));
        if (room <= 0) throw cardLimitReached(plan, limit);
        count = Math.min(count, room);
      }

      const requestId = randomUUID();
      const job = generateQuestionsJobSchema.parse({
        deckId,
        owner,
        questionTypes: request.questionTypes,
        totalQuestions: count,
        ...(request.focusInstructions ? { focusInstructions: request.focusInstructions } : {}),
        requestId,
        target: request.target,
        ...(request.sourceId ? { sourceIds: [request.sourceId] } : {}),
        cardLimit: limit,
        requestedAt: Date.now(),
        // The request's trace: the worker's span for the job joins it.
        ...caller.trace,
      });
      const jobId = jobIds.generate(deckId, requestId);
      try {
        // Tries and backoff: the contracts' JOB_OPTIONS, applied by the queue.
        await queue.add('generate-questions', job, { jobId });
      } catch (err) {
        throw new AppError('SERVICE_UNAVAILABLE', GENERATION_START_FAILED, { cause: err });
      }
      // Losing this only costs a reloaded screen the run (it falls back to watching the list).
      await latest?.remember(deckId, jobId).catch(() => undefined);
      return { jobId, requestId, count };
    },

    /**
     * Where a generation job of the caller's deck stands, from the queue, which keeps a finished
     * job for a day (a failed one a week). A run that wrote nothing is a failure with its reason.
     */
    async status(caller: Caller, deckId: string, jobId: string): Promise<GenerationStatusResponse> {
      if (!(await decks.ownsDeck(caller.owner, deckId))) throw deckNotFound();
      // Only this deck's jobs: the id names the deck (jobIds.generate).
      if (!jobId.startsWith(jobIds.generate(deckId, ''))) throw generationNotFound();
      const job = await queue.bull.getJob(jobId);
      if (!job) throw generationNotFound();
      return { success: true, ...(await describeJob(job, jobId)) };
    },

    /** The deck's latest run, with what it asked for; null when the queue no longer has it. */
    async latest(caller: Caller, deckId: string): Promise<LatestGenerationResponse> {
      if (!(await decks.ownsDeck(caller.owner, deckId))) throw deckNotFound();
      const jobId = await latest?.recall(deckId);
      const job = jobId ? await queue.bull.getJob(jobId) : undefined;
      if (!jobId || !job) return { success: true, generation: null };
      const data = generateQuestionsJobSchema.safeParse(job.data);
      if (!data.success) return { success: true, generation: null };
      return {
        success: true,
        generation: {
          ...(await describeJob(job, jobId)),
          request: {
            questionTypes: data.data.questionTypes,
            totalQuestions: data.data.totalQuestions,
            ...(data.data.focusInstructions ? { focusInstructions: data.data.focusInstructions } : {}),
          },
        },
      };
    },
  };
}

/** Where a job stands, in the contract's words. A run that wrote nothing is a failure with its reason. */
async function describeJob(job: Job, jobId: string): Promise<Omit<GenerationStatusResponse, 'success'>> {
  const state = await job.getState();
  const base = { jobId };
  if (state === 'completed') {
    const outcome = job.returnvalue as JobOutcome;
    const created = outcome?.created ?? 0;
    if (created > 0) {
      // The worker's notes on how the questions were written (issue 21: "Questions are in English: …").
      const notes = Array.isArray(outcome?.notes)
        ? outcome.notes.filter((n): n is string => typeof n === 'string' && n.length > 0)
        : [];
      return { ...base, state: 'completed', created, ...(notes.length > 0 ? { notes } : {}) };
    }
    const reason =
      outcome?.reason === 'limit-reached'
        ? GENERATION_FAILURES.deckFull
        : outcome?.reason === 'deck-gone'
          ? GENERATION_FAILURES.deckGone
          : GENERATION_FAILURES.noQuestions;
    return { ...base, state: 'failed', reason };
  }
  if (state === 'failed') return { ...base, state: 'failed', reason: failureReason(job.failedReason) };
  // A job delayed after a failed try is being retried; one delayed before any try waits for
  // its sources to finish processing.
  if (state === 'active' || (state === 'delayed' && job.attemptsMade > 0)) return { ...base, state: 'running' };
  return { ...base, state: 'queued' };
}
export type GenerationService = ReturnType<typeof createGenerationService>;
