import { UnrecoverableError } from 'bullmq';
import { splitUnits } from '@mnemo/contracts/curriculum';
import { cutDeckTitle } from '@mnemo/contracts/entities/deck';
import { cutSourceTitle } from '@mnemo/contracts/entities/source';
import {
  CURRICULUM_REQUEST_ID,
  generateQuestionsJobSchema,
  ingestSourceJobSchema,
  type GenerateQuestionsJobInput,
  type IngestSourceJob,
  type SplitCurriculumJob,
} from '@mnemo/contracts/jobs';
import { ownerTag } from '@mnemo/contracts/progress';
import type { ProgressPublisher } from '../../progress/publisher';
import type { ExtractedText, FailureVerdict, SourceToExtract } from '../ingest-source/handler';
import type { JobContext } from '../registry';
import type { CurriculumRepository, UnitDeck } from './repository';

/** What the teacher reads when the document has no text to make decks from. */
export const NO_UNITS_MESSAGE = 'This document has no text to make decks from. Please upload one with text in it.';

/** One generation per unit deck (its id names the deck), so a rerun of the split queues nothing twice. */
export { CURRICULUM_REQUEST_ID };

export type SplitCurriculumDeps = {
  repository: CurriculumRepository;
  publish: ProgressPublisher;
  /** The ingest job's extractor (`createSourceExtractor`): the same reading of the same file. */
  extract: (source: SourceToExtract) => Promise<ExtractedText>;
  judge: (error: unknown) => FailureVerdict;
  /** Queue each unit source's ingest-source job and each deck's generate-questions job (ids make repeats no-ops). */
  enqueueIngest: (jobs: IngestSourceJob[]) => Promise<unknown>;
  enqueueGenerate: (jobs: GenerateQuestionsJobInput[]) => Promise<unknown>;
  now?: () => number;
  log?: { info?: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
};

const isLastAttempt = (a: JobContext) => a.attemptsMade + 1 >= a.maxAttempts;

/**
 * The split-curriculum job (issue 23; docs/adr/0007): reads the teacher's document with the ingest
 * job's extractor, splits it into units (`splitUnits`, the rule the contracts keep), makes one
 * deck per unit in the space with a source holding only that unit's text, then queues each
 * source's ingestion and each deck's question generation, as the create flow does for a new deck.
 * Progress goes out under the space's id (the deck service let the teacher watch it).
 *
 * Safe to run twice: the decks are made in one transaction that first looks at the curriculum's
 * status, and the jobs it queues have ids derived from the sources and decks.
 */
export function createSplitCurriculumHandler(deps: SplitCurriculumDeps) {
  const { repository, publish } = deps;
  const now = deps.now ?? Date.now;

  async function queueUnits(job: SplitCurriculumJob, made: UnitDeck[]) {
    const trace = { ...(job.traceparent ? { traceparent: job.traceparent } : {}), ...(job.tracestate ? { tracestate: job.tracestate } : {}) };
    await deps.enqueueIngest(
      made.map((u) => ingestSourceJobSchema.parse({ sourceId: u.sourceId, deckId: u.deckId, owner: job.owner, attempt: u.processingAttempt, ...trace })),
    );
    await deps.enqueueGenerate(
      made.map((u) =>
        generateQuestionsJobSchema.parse({
          deckId: u.deckId,
          owner: job.owner,
          questionTypes: job.questionTypes,
          totalQuestions: job.questionsPerDeck,
          requestId: CURRICULUM_REQUEST_ID,
          target: 'questions',
          cardLimit: job.cardLimit,
          // The generation waits for the unit's source to be processed, as after the create page.
          requestedAt: now(),
          ...trace,
        }),
      ),
    );
  }

  return async function handle(job: SplitCurriculumJob, attempt: JobContext) {
    const { spaceId } = job;
    const record = await repository.find(spaceId);
    if (!record || record.status === 'failed') return { skipped: true };
    if (record.status === 'ready') {
      // A rerun after the decks were committed: queue their jobs again (no-ops if they exist).
      const made = await repository.unitDecks(spaceId);
      await queueUnits(job, made);
      return { decks: made.length, again: true };
    }

    try {
      await publish({ sourceId: spaceId, step: 'extracting', message: 'Reading your document', progress: 10 });
      const extracted = await deps.extract({
        id: spaceId,
        type: 'document',
        url: null,
        storageRef: record.storageRef,
        contentType: record.contentType,
        originalFilename: record.originalFilename,
      });
      const units = splitUnits(extracted.sections.length ? extracted.sections : [{ text: extracted.text }], {
        maxUnits: job.maxUnits,
        fallbackTitle: extracted.title ?? record.originalFilename?.replace(/\.[a-z0-9]{1,5}$/i, '') ?? null,
      });
      if (units.length === 0) throw new UnrecoverableError(NO_UNITS_MESSAGE);
      await publish({
        sourceId: spaceId,
        step: 'content-extracted',
        message: `Found ${units.length} ${units.length === 1 ? 'unit' : 'units'}`,
        progress: 60,
        details: { units: units.map((u) => u.title) },
      });

      const made = await repository.createUnits({
        spaceId,
        owner: job.owner,
        units: units.map((u) => ({ deckTitle: cutDeckTitle(u.title), sourceTitle: cutSourceTitle(u.title), text: u.text })),
      });
      // The space was deleted meanwhile: nothing to make.
      if (!made) return { skipped: true };
      // Each unit's source may be watched by its owner from now, as after POST /ai/process-source.
      const owner = ownerTag(job.owner)!;
      for (const u of made) {
        await publish({ sourceId: u.sourceId, step: 'starting', message: 'Waiting for processing to start', progress: 0, details: { attempt: u.processingAttempt } }, { owner });
      }
      await queueUnits(job, made);
      await publish({
        sourceId: spaceId,
        step: 'completed',
        message: `Made ${made.length} ${made.length === 1 ? 'deck' : 'decks'}`,
        progress: 100,
        details: { decks: made.map((u) => u.deckId) },
      });
      deps.log?.info?.({ spaceId, units: made.length }, 'curriculum split');
      return { decks: made.length };
    } catch (e) {
      const verdict: FailureVerdict = e instanceof UnrecoverableError ? { permanent: true, message: e.message } : deps.judge(e);
      if (!verdict.permanent && !isLastAttempt(attempt)) throw e;
      await repository.fail(spaceId, verdict.message);
      await publish({ sourceId: spaceId, step: 'error', message: verdict.message, progress: 100 });
      throw new UnrecoverableError(verdict.message);
    }
  };
}
