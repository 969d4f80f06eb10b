import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { ProcessSourceResponse } from '@mnemo/contracts/api/ai';
import { ingestSourceJobSchema, jobIds, type IngestSourceJob } from '@mnemo/contracts/jobs';
import { usageBytesOf } from '@mnemo/contracts/internal/billing';
import { ownerFromTag, ownerTag, progressOwnerKey } from '@mnemo/contracts/progress';
import type { Owner } from '@mnemo/db/owner';
import { AppError, type TraceCarrier } from '@mnemo/service-kit';
import { createProgressStore } from '@mnemo/service-kit/progress';
import type { Storage } from '@mnemo/storage';
import type { DeckQueues } from '../../plugins/queue';
import { presentSource } from './sources.presenter';
import type { SourceRow, SourcesRepository } from './sources.repository';
import { sourceNotFound } from './sources.service';
import type { UsageGuard } from './usage-guard';

/** Replaces an owner key's value only if it is still the expected one; its expiry stays. */
const HAND_OVER_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
  return 1
end
return 0`;

export const START_FAILED_MESSAGE = 'Processing could not be started. Please try again.';

export function createProcessingService({
  sources,
  queue,
  redis,
  prefix,
  storage,
  log,
  usage,
}: {
  sources: Pick<SourcesRepository, 'startProcessing' | 'findOwned' | 'failAttempt' | 'ownsSource'>;
  /** The monthly processing allowance (billing's answer); absent in tests that do not need it. */
  usage?: Pick<UsageGuard, 'ensureAllowance'>;
  queue: Pick<DeckQueues['ingest'], 'add' | 'remove'>;
  redis: Redis;
  prefix: string;
  storage: Pick<Storage, 'downloadUrl'>;
  log: FastifyBaseLogger;
}) {
  const progress = createProgressStore({ redis, prefix });
  const jobOf = (owner: Owner, row: SourceRow, trace: TraceCarrier | undefined): IngestSourceJob =>
    ingestSourceJobSchema.parse({
      sourceId: row.id,
      deckId: row.deckId,
      owner,
      attempt: row.processingAttempt,
      // The request's trace: the worker's span for the job joins it.
      ...trace,
    });

  /**
   * Enqueues the attempt's job; its id makes a second add of the same attempt a no-op. Tries and
   * backoff are the contracts' JOB_OPTIONS: the worker marks the source failed on the last try only.
   */
  const enqueue = (job: IngestSourceJob) =>
    queue.add('ingest-source', job, { jobId: jobIds.ingest(job.sourceId, job.attempt) });

  /**
   * Lets the owner watch the progress stream (the gateway reads the owner key) and gives a client
   * that connects before the worker starts a first state, 'starting' at 0%. It also replaces the
   * 'error' a failed attempt left as the latest state, which would end a retry's stream at once.
   */
  async function announce(owner: Owner, row: SourceRow) {
    await progress.publish(
      {
        sourceId: row.id,
        step: 'starting',
        message: 'Waiting for processing to start',
        progress: 0,
        details: { attempt: row.processingAttempt },
      },
      { owner: ownerTag(owner)! },
    );
  }

  return {
    /**
     * POST /ai/process-source: a pending or failed source moves to processing with a new attempt
     * number (committed first), then its job is enqueued. A source that is already processing or
     * done is answered as it is; for one still processing, its current job is re-added under the
     * same id, which changes nothing if it exists and heals a start whose enqueue was lost.
     * `trace` is the request's (the job and billing's usage check continue it).
     */
    async process(owner: Owner, deckId: string, sourceId: string, trace?: TraceCarrier): Promise<ProcessSourceResponse> {
      if (usage) {
        // Counted when processing is accepted: a source that would pass the month's allowance stays
        // pending (402 limitReached), so it can be processed after an upgrade or next month.
        const current = await sources.findOwned(owner, deckId, sourceId);
        if (!current) throw sourceNotFound();
        if (current.processingStatus === 'pending' || current.processingStatus === 'failed') {
          await usage.ensureAllowance(owner, usageBytesOf(current), trace);
        }
      }
      const started = await sources.startProcessing(owner, deckId, sourceId);
      if (!started) {
        const current = await sources.findOwned(owner, deckId, sourceId);
        if (!current) throw sourceNotFound();
        if (current.processingStatus === 'processing' && current.processingAttempt > 0) {
          await enqueue(jobOf(owner, current, trace)).catch((err: unknown) => log.warn({ err, sourceId }, 'could not re-assert the ingest job'));
        }
        return { success: true, source: await presentSource(current, { storage, withContent: false }) };
      }
      try {
        await announce(owner, started);
        await enqueue(jobOf(owner, started, trace));
      } catch (err) {
        // The status was committed but no job exists: say so, rather than leave it processing forever.
        await sources.failAttempt(started.id, started.processingAttempt, START_FAILED_MESSAGE).catch(() => {});
        throw new AppError('SERVICE_UNAVAILABLE', START_FAILED_MESSAGE, { cause: err });
      }
      return { success: true, source: await presentSource(started, { storage, withContent: false }) };
    },

    /** Drops a removed source's job if it has not started (an active one finds its source gone). */
    async forget(source: { id: string; processingAttempt: number }) {
      if (source.processingAttempt > 0) await queue.remove(jobIds.ingest(source.id, source.processingAttempt));
    },

    /**
     * A guest's decks have moved to their account (claims): whoever the owner keys of those sources
     * name as the guest now names the account, keeping the keys' lifetimes, so the account can
     * follow a source the guest started before signing up. Only a key that still names the guest is
     * changed (one script per key, so a key rewritten meanwhile by a new attempt is left alone).
     */
    async handOver(from: Owner, to: Owner, sourceIds: readonly string[]) {
      const fromTag = ownerTag(from);
      const toTag = ownerTag(to);
      if (!fromTag || !toTag || sourceIds.length === 0) return 0;
      const pipeline = redis.pipeline();
      for (const id of sourceIds) pipeline.eval(HAND_OVER_SCRIPT, 1, progressOwnerKey(prefix, id), fromTag, toTag);
      const results = (await pipeline.exec()) ?? [];
      return results.filter(([err, changed]) => !err && changed === 1).length;
    },

    /** The gateway's fallback when the owner key has expired: does this owner own the source? */
    async mayWatch(tag: string, sourceId: string): Promise<boolean> {
      const owner = ownerFromTag(tag);
      return owner ? sources.ownsSource(owner as Owner, sourceId) : false;
    },
  };
}
export type ProcessingService = ReturnType<typeof createProcessingService>;
