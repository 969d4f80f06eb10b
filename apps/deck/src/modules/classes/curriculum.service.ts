import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { CurriculumSpaceResponse, curriculumSpaceBodySchema } from '@mnemo/contracts/api/classes';
import { SPACE_TITLE_MAX } from '@mnemo/contracts/entities/space';
import type { QuestionType } from '@mnemo/contracts/entities/question';
import { GENERATION_FAILURES } from '@mnemo/contracts/api/questions';
import { CURRICULUM_REQUEST_ID, jobIds, splitCurriculumJobSchema } from '@mnemo/contracts/jobs';
import { DECK_LENGTH_CARDS } from '@mnemo/contracts/limits';
import { ownerTag } from '@mnemo/contracts/progress';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import { createProgressStore } from '@mnemo/service-kit/progress';
import type { DeckQueues } from '../../plugins/queue';
import type { GenerationService } from '../questions/generation.service';
import { spaceNotFound } from '../decks/decks.service';
import type { Caller, LimitsOf } from '../decks/limits';
import type { UsageGuard } from '../sources/usage-guard';
import { presentSpace, type SpacesService } from '../spaces/spaces.service';
import type { UploadsRepository } from '../upload/upload.repository';
import type { CurriculumRepository } from './curriculum.repository';

export type CurriculumBody = z.output<typeof curriculumSpaceBodySchema>;

/** Each unit's deck asks for a short deck's questions: a teacher adds more per unit where they want them. */
const QUESTIONS_PER_UNIT = DECK_LENGTH_CARDS.short;
/** The create page's default mix: a unit is practised with choices and with the learner's own words. */
const UNIT_QUESTION_TYPES: QuestionType[] = ['multiple_choice', 'free_response'];

export const CURRICULUM_START_FAILED = 'Reading your document could not be started. Please try again.';

const fileInUse = () =>
  new AppError('CONFLICT', 'This file is already used by a deck or another class space. Please upload it again to use it twice.');

/** The space's name from the file's: "Biology 101.docx" → "Biology 101". */
const titleFromFilename = (name: string | null) => {
  const base = (name ?? '').replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[_]+/g, ' ').trim();
  return [...(base || 'Class space')].slice(0, SPACE_TITLE_MAX).join('');
};

/**
 * Curriculum to space (issue 23; docs/adr/0007), the deck service's half: checks the teacher's
 * upload, makes the space with the curriculum's record in one transaction, then queues the
 * worker's split-curriculum job, which makes one deck per unit. Commit before enqueue; a failed
 * enqueue removes the space again, so nothing is left that no job will fill.
 */
export function createCurriculumService({
  curriculum,
  uploads,
  spaces,
  queue,
  redis,
  prefix,
  limitsOf,
  usage,
  generation,
  log,
}: {
  curriculum: CurriculumRepository;
  uploads: Pick<UploadsRepository, 'findOwned'>;
  spaces: Pick<SpacesService, 'create' | 'remove'>;
  queue: Pick<DeckQueues['ingest'], 'add'>;
  redis: Redis;
  prefix: string;
  limitsOf: LimitsOf;
  /** The monthly processing allowance; absent in tests that do not need it. */
  usage?: Pick<UsageGuard, 'ensureAllowance'>;
  /** Where each unit's generation job stands (the generation service's status, by its job id). */
  generation: Pick<GenerationService, 'status'>;
  log: FastifyBaseLogger;
}) {
  const progress = createProgressStore({ redis, prefix });

  /** Why the unit's questions could not be written, once its generation job has failed; else null. */
  async function generationError(owner: Owner, deckId: string): Promise<string | null> {
    const answer = await generation
      .status({ owner, plan: 'free' }, deckId, jobIds.generate(deckId, CURRICULUM_REQUEST_ID))
      .catch(() => null);
    return answer?.state === 'failed' ? (answer.reason ?? GENERATION_FAILURES.noQuestions) : null;
  }

  async function present(owner: Owner, spaceId: string): Promise<CurriculumSpaceResponse> {
    const found = await curriculum.findOwned(owner, spaceId);
    if (!found) throw spaceNotFound();
    // One after the other: the decks appear while the worker splits, and the space's list and the
    // unit list should be read in that order (the unit list never names a deck the space lacks).
    const unitDecks = await curriculum.unitDecks(spaceId);
    const deckIds = await curriculum.deckIdsOf(spaceId);
    const { space, curriculum: record } = found;
    return {
      success: true,
      space: presentSpace({ ...space, deckIds }),
      curriculum: { status: record.status, error: record.error, originalFilename: record.originalFilename },
      decks: await Promise.all(
        unitDecks.map(async (d) => ({
          _id: d.id,
          title: d.title,
          processingStatus: d.processingStatus,
          processingError: d.processingError,
          questionCount: d.questionCount,
          generationError: d.processingStatus === 'completed' && d.questionCount === 0 ? await generationError(owner, d.id) : null,
        })),
      ),
    };
  }

  return {
    /** POST /classes/curriculum: 202 with the new space; the worker makes its decks. */
    async start(caller: Caller, body: CurriculumBody): Promise<CurriculumSpaceResponse> {
      const { owner, plan } = caller;
      const upload = await uploads.findOwned(owner, body.storageRef);
      if (!upload) throw new AppError('NOT_FOUND', 'Uploaded file not found. Please upload it again.');
      if (upload.sourceId || (await curriculum.fileTaken(upload.storageRef))) throw fileInUse();
      await usage?.ensureAllowance(owner, upload.sizeInBytes, caller.trace);

      const limits = limitsOf(plan);
      const originalFilename = upload.originalFilename ?? body.originalFilename ?? null;
      const space = await spaces.create(caller, { title: body.title ?? titleFromFilename(originalFilename) }, async (tx, spaceId) => {
        const recorded = await curriculum.insert(tx, {
          spaceId,
          storageRef: upload.storageRef,
          originalFilename,
          contentType: upload.contentType,
        });
        if (!recorded) throw fileInUse();
      });

      const job = splitCurriculumJobSchema.parse({
        spaceId: space._id,
        owner,
        maxUnits: limits.decksPerSpace,
        questionsPerDeck: Math.max(1, Math.min(QUESTIONS_PER_UNIT, limits.cardsPerDeck ?? QUESTIONS_PER_UNIT)),
        questionTypes: UNIT_QUESTION_TYPES,
        cardLimit: limits.cardsPerDeck,
        // The request's trace: the worker's span for the job joins it.
        ...caller.trace,
      });
      try {
        // The space's id stands in for a source's on the progress stream: its owner may watch it.
        await progress.publish(
          { sourceId: space._id, step: 'starting', message: 'Waiting to read your document', progress: 0 },
          { owner: ownerTag(owner)! },
        );
        await queue.add('split-curriculum', job, { jobId: jobIds.curriculum(space._id) });
      } catch (err) {
        await spaces.remove(owner, space._id).catch((e: unknown) => log.warn({ err: e, spaceId: space._id }, 'could not remove the space of an unstarted curriculum'));
        throw new AppError('SERVICE_UNAVAILABLE', CURRICULUM_START_FAILED, { cause: err });
      }
      return present(owner, space._id);
    },

    /** GET /classes/curriculum/:spaceId: where the split stands, and the decks it made. */
    status: (owner: Owner, spaceId: string) => present(owner, spaceId),
  };
}
export type CurriculumService = ReturnType<typeof createCurriculumService>;
