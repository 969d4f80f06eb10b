import { randomUUID } from 'node:crypto';
import type { QuestionType } from '@mnemo/contracts/entities/question';
import type { Plan } from '@mnemo/contracts/identity';
import { generateQuestionsJobSchema, jobIds, type GenerateQuestionsJob } from '@mnemo/contracts/jobs';
import { AppError, currentTraceCarrier } from '@mnemo/service-kit';
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
}: {
  decks: Pick<SourcesRepository, 'ownsDeck'>;
  sources: Pick<SourcesRepository, 'findOwned'>;
  questions: Pick<QuestionsRepository, 'cardCount' | 'generatableSources'>;
  queue: Pick<DeckQueues['generate'], 'add'>;
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
        ...currentTraceCarrier(),
      });
      const jobId = jobIds.generate(deckId, requestId);
      try {
        // Tries and backoff: the contracts' JOB_OPTIONS, applied by the queue.
        await queue.add('generate-questions', job, { jobId });
      } catch (err) {
        throw new AppError('SERVICE_UNAVAILABLE', GENERATION_START_FAILED, { cause: err });
      }
      return { jobId, requestId, count };
    },
  };
}
export type GenerationService = ReturnType<typeof createGenerationService>;
