import { UnrecoverableError } from 'bullmq';
import type { IngestSourceJob } from '@mnemo/contracts/jobs';
import { detectLanguage } from '@mnemo/ai/language';
import { isUnusableTextError } from '@mnemo/ai/errors';
import type { Embedder, StudyAi } from '@mnemo/ai/types';
import { cutDeckTitle, placeholderDeckTitle } from '@mnemo/contracts/entities/deck';
import { cutSourceTitle } from '@mnemo/contracts/entities/source';
import { usageBytesOf } from '@mnemo/contracts/internal/billing';
import { tokensForWords } from '@mnemo/contracts/tokens';
import { chunkText, type ChunkSection } from '../../chunk/chunk';
import type { ProgressPublisher } from '../../progress/publisher';
import type { IngestRepository, StoredChunk } from './repository';
import type { JobContext as JobAttempt } from '../registry';

/** What the handler needs to know of a source to get its text. */
export type SourceToExtract = {
  id: string;
  type: 'website' | 'youtube' | 'document';
  url: string | null;
  storageRef: string | null;
  contentType: string | null;
  originalFilename: string | null;
  /**
   * A unit of course material (docs/adr/0007): its text, written by the curriculum split, is the
   * source's text; the shared file is not read again.
   */
  unit?: { index: number; text: string } | null;
};

export type ExtractedText = {
  title: string | null;
  text: string;
  sections: ChunkSection[];
  /** What the learner may miss: pages skipped or unreadable, named (the extractor's warnings). */
  warnings?: string[];
  /** Pages that could not be read (scans OCR could not read), for the source's details. */
  unreadablePages?: number[];
  /** A video's caption track, in words ("Captions in German (auto-generated)"). */
  captions?: string;
};

/** Pages read by OCR so far, reported by the extractor while it reads scans and pictures. */
export type ExtractProgress = { onOcrProgress?: (p: { done: number; total: number }) => void };

/**
 * How a failure is handled: permanent ones (the content itself) fail the source at once; transient
 * ones (a timeout, a rate limit, a provider outage) are retried by BullMQ with backoff, and fail
 * the source only when the last attempt fails too. `message` is what the learner reads.
 */
export type FailureVerdict = { permanent: boolean; message: string };

export type { JobContext as JobAttempt } from '../registry';

export type IngestDeps = {
  repository: IngestRepository;
  publish: ProgressPublisher;
  extract: (source: SourceToExtract, progress?: ExtractProgress) => Promise<ExtractedText>;
  embedder: Embedder;
  study: StudyAi;
  judge: (error: unknown) => FailureVerdict;
  /**
   * Reports a processed source to billing's monthly usage (idempotent per source and attempt, so a
   * rerun after a crash counts once). Absent where usage is not counted (tests of other steps).
   */
  recordUsage?: (usage: { owner: IngestSourceJob['owner']; sourceId: string; attempt: number; bytes: number }) => Promise<unknown>;
  log?: { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
};

const EMBED_BATCH = 64;

/**
 * The ingest-source job: extract → chunk → embed → store → summarise → key points, publishing each
 * step of spec 02 §4 and moving processingStatus processing → content-ready → completed (or failed).
 *
 * Safe to run twice: chunks are replaced in one transaction, the summary overwritten, and a job
 * older than the source's current attempt (a retry was requested since) does nothing. A worker
 * killed mid-job loses nothing: BullMQ hands the job to another worker once its lock expires, and
 * the rerun starts from the beginning.
 */
export function createIngestSourceHandler(deps: IngestDeps) {
  const { repository, publish } = deps;

  return async function handle(job: IngestSourceJob, attempt: JobAttempt) {
    const source = await repository.find(job.sourceId, job.deckId);
    // Deleted since it was queued, or superseded by a newer request: nothing to do.
    if (!source || source.processingAttempt > job.attempt) return { skipped: true };
    const step = (s: Parameters<ProgressPublisher>[0]) => publish(s);
    const sourceId = source.id;
    // Where the time goes, per step, in the log line of a completed source (the bench reads them).
    const timings: Record<string, number> = {};
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      timings[name] = Math.round(now - mark);
      mark = now;
    };

    try {
      await repository.setStatus(sourceId, 'processing');
      await step({
        sourceId,
        step: 'starting',
        message: 'Starting to process your source',
        progress: 5,
      });

      await step({
        sourceId,
        step: 'extracting',
        message: extractingMessage(source.type),
        progress: 10,
      });
      const extracted = await deps.extract(source, {
        // Scans and pictures: one event per page read, within the extracting step's share (10-24).
        // Not awaited (the pages go on being read); a lost progress event only costs the display.
        onOcrProgress: ({ done, total }) =>
          void publish({
            sourceId,
            step: 'ocr',
            message: `Reading scanned pages (${done} of ${total})`,
            progress: 10 + Math.floor((14 * done) / Math.max(1, total)),
            details: { pagesDone: done, pagesTotal: total },
          }).catch((err: unknown) => deps.log?.warn({ err, sourceId }, 'OCR progress not published')),
      });
      lap('extractMs');
      const text = extracted.text.trim();
      // A title the learner typed is kept; the placeholder the client gives (the link or file name,
      // cut to 50 characters) gives way to the document's own title.
      const placeholders = [source.url, source.originalFilename]
        .filter((v): v is string => Boolean(v))
        .map(cutSourceTitle);
      const keepTitle = Boolean(source.title) && !placeholders.includes(source.title);
      const title = !keepTitle && extracted.title ? cutSourceTitle(extracted.title) : undefined;
      await repository.saveContent(sourceId, {
        content: text,
        ...(title ? { title } : {}),
        language: detectLanguage(text),
        // Replaced on every run, so a reprocessed source never keeps an earlier run's notes.
        notes: [...(extracted.captions ? [extracted.captions] : []), ...(extracted.warnings ?? [])],
      });
      // A deck made from this source alone, titled with the create page's placeholder (its link or
      // file name), takes the document's title too (issue 21: "not its URL").
      const named = source.originalFilename
        ? { fileName: source.originalFilename }
        : source.url
          ? { url: source.url }
          : undefined;
      if (extracted.title && named) {
        await repository.adoptDeckTitle(
          source.deckId,
          placeholderDeckTitle(named),
          cutDeckTitle(extracted.title),
        );
      }
      await step({
        sourceId,
        step: 'content-extracted',
        message: 'Content extracted',
        progress: 25,
        details: {
          characters: text.length,
          words: text.split(/\s+/).length,
          ...(extracted.warnings?.length ? { warnings: extracted.warnings } : {}),
          ...(extracted.unreadablePages?.length ? { unreadablePages: extracted.unreadablePages } : {}),
        },
      });

      await step({
        sourceId,
        step: 'chunking',
        message: 'Splitting the content into sections',
        progress: 30,
      });
      const chunks = chunkText(extracted.sections.length ? extracted.sections : [{ text }]);
      lap('chunkMs');
      await step({
        sourceId,
        step: 'chunks-created',
        message: `Created ${chunks.length} sections`,
        progress: 40,
        details: { chunks: chunks.length },
      });

      // Embeddings: a provider that keeps failing leaves the chunks searchable by their words only.
      await step({ sourceId, step: 'embeddings', message: 'Creating embeddings', progress: 45 });
      let vectors: number[][] | null = [];
      try {
        for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
          const batch = chunks.slice(i, i + EMBED_BATCH);
          vectors.push(...(await deps.embedder.embed(batch.map((c) => c.content))));
          const done = Math.min(i + EMBED_BATCH, chunks.length);
          await step({
            sourceId,
            step: 'embeddings',
            message: `Created embeddings for ${done} of ${chunks.length} sections`,
            progress: 45 + Math.round((25 * done) / Math.max(1, chunks.length)),
            details: { done, total: chunks.length },
          });
        }
      } catch (e) {
        const verdict = deps.judge(e);
        if (!verdict.permanent && !isLastAttempt(attempt)) throw e;
        deps.log?.warn({ err: e, sourceId }, 'embeddings failed; storing chunks without vectors');
        vectors = null;
      }

      lap('embedMs');
      await step({ sourceId, step: 'storing-vectors', message: 'Saving sections', progress: 75 });
      const stored: StoredChunk[] = chunks.map((c, i) => ({
        chunkIndex: c.chunkIndex,
        content: c.content,
        tokenCount: tokensForWords(c.wordCount),
        position: c.position,
        embedding: vectors?.[i] ?? null,
        embeddingModel: vectors ? deps.embedder.model : null,
      }));
      await repository.replaceChunks(sourceId, source.deckId, stored);
      lap('storeMs');
      if (vectors) {
        await step({
          sourceId,
          step: 'vectors-ready',
          message: 'Sections are ready for search',
          progress: 80,
        });
      } else {
        await step({
          sourceId,
          step: 'vectors-warning',
          message:
            'Embeddings could not be created; the chat will search this source by its words only',
          progress: 80,
        });
      }

      const input = { title: title ?? source.title, text };
      // Why the summary or key points were refused (filler text), added to the source's notes.
      const refusals = new Set<string>();
      await step({
        sourceId,
        step: 'generating-summary',
        message: 'Writing a summary',
        progress: 85,
      });
      const summary = await optionalAi(
        () => deps.study.summarize(input),
        null,
        attempt,
        deps,
        sourceId,
        refusals,
      );
      lap('summaryMs');
      await step({
        sourceId,
        step: 'generating-keypoints',
        message: 'Finding the key points',
        progress: 92,
      });
      const keyPoints = await optionalAi(
        () => deps.study.keyPoints(input),
        [],
        attempt,
        deps,
        sourceId,
        refusals,
      );

      lap('keyPointsMs');
      await repository.complete(sourceId, {
        summary: summary || null,
        keyPoints,
        ...(refusals.size > 0 ? { addNotes: [...refusals] } : {}),
      });
      // Counted once processing succeeded. Billing being unreachable must not undo a finished
      // source (a retry would redo every step): the miss is logged instead (docs/decisions.md).
      await deps
        .recordUsage?.({ owner: job.owner, sourceId, attempt: job.attempt, bytes: usageBytesOf(source) })
        .catch((err: unknown) => deps.log?.warn({ err, sourceId }, 'could not report the processed source to billing'));
      await step({
        sourceId,
        step: 'completed',
        message: 'Your source is ready',
        progress: 100,
        details: { chunks: chunks.length },
      });
      lap('completeMs');
      deps.log?.info?.({ sourceId, chunks: chunks.length, characters: text.length, ...timings }, 'source processed');
      return { chunks: chunks.length, embedded: vectors !== null };
    } catch (e) {
      const verdict = deps.judge(e);
      if (!verdict.permanent && !isLastAttempt(attempt)) {
        // BullMQ retries with backoff; the learner sees the source still processing.
        throw e;
      }
      await repository.setStatus(sourceId, 'failed', verdict.message);
      await step({ sourceId, step: 'error', message: verdict.message, progress: 100 });
      throw new UnrecoverableError(verdict.message);
    }
  };
}

const isLastAttempt = (a: JobAttempt) => a.attemptsMade + 1 >= a.maxAttempts;

const extractingMessage = (type: SourceToExtract['type']) =>
  type === 'youtube'
    ? 'Fetching the video transcript'
    : type === 'website'
      ? 'Reading the web page'
      : 'Reading the document';

/**
 * A summary or key points that cannot be made do not fail a source whose text is stored and
 * searchable: a transient failure retries the job while attempts remain, then the source
 * completes without them ('No summary available yet').
 */
async function optionalAi<T>(
  run: () => Promise<T>,
  fallback: T,
  attempt: JobAttempt,
  deps: IngestDeps,
  sourceId: string,
  refusals: Set<string>,
) {
  try {
    return await run();
  } catch (e) {
    // Filler text: no summary quoting it, and the learner is told why (the source's notes).
    if (isUnusableTextError(e)) {
      refusals.add(e.summaryNote);
      return fallback;
    }
    const verdict = deps.judge(e);
    if (!verdict.permanent && !isLastAttempt(attempt)) throw e;
    deps.log?.warn({ err: e, sourceId }, 'summary or key points failed; completing without them');
    return fallback;
  }
}
