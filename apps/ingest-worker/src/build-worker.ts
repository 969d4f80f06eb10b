import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Ai } from '@mnemo/ai/types';
import { resolveAiConfig } from '@mnemo/ai/env';
import { createAi, verifyEmbedder } from '@mnemo/ai/create';
import {
  jobIds,
  QUEUES,
  WORKER_HEARTBEAT_TTL_SECONDS,
  workerHeartbeatKey,
} from '@mnemo/contracts/jobs';
import { INTERNAL_USAGE_RECORD_PATH } from '@mnemo/contracts/internal/billing';
import { estimateTokens } from '@mnemo/contracts/tokens';
import type { Db } from '@mnemo/db/client';
import { createService } from '@mnemo/service-kit';
import { createInternalClient } from '@mnemo/service-kit/internal-client';
import { aiCallMetrics } from '@mnemo/service-kit/metrics';
import { dbPlugin } from '@mnemo/service-kit/plugins/db';
import { createRedis, redisPlugin } from '@mnemo/service-kit/plugins/redis';
import { createJobQueue, type JobQueue } from '@mnemo/service-kit/queue';
import { createStorage, type Storage } from '@mnemo/storage';
import { storageConfigFromEnv } from '@mnemo/storage/env';
import type { Env } from './env';
import { createSafeFetch } from './extract/safe-fetch';
import { startPdfPool } from './extract/pdf-pool';
import { collectGarbage } from '@mnemo/service-kit/memory';
import { createOcrEngine } from './extract/ocr-engine';
import { createProgressPublisher } from './progress/publisher';
import { createQueueProcessor, type QueueHandlers, type WorkerQueue } from './jobs/registry';
import { pipelineCheckJob } from './jobs/pipeline-check/job';
import { ingestSourceJob } from './jobs/ingest-source/job';
import type { IngestDeps } from './jobs/ingest-source/handler';
import { createIngestRepository, type IngestRepository } from './jobs/ingest-source/repository';
import { judgeFailure } from './jobs/ingest-source/failures';
import { createSourceExtractor } from './jobs/ingest-source/source-text';
import { reembedSourceJob } from './jobs/reembed-source/job';
import { sourcesToReembed } from './jobs/reembed-source/handler';
import { delayWhileWaiting, generateQuestionsJob } from './jobs/generate-questions/job';
import { createGenerationRepository } from './jobs/generate-questions/repository';
import { createJobMetrics, registerQueueDepth } from './metrics';
import { splitCurriculumJob } from './jobs/split-curriculum/job';
import { createCurriculumRepository } from './jobs/split-curriculum/repository';

export type WorkerDeps = {
  db?: Db;
  /**
   * The process's one Redis connection, shared by the BullMQ workers and queues, the progress
   * publisher and the heartbeat. BullMQ's kind (maxRetriesPerRequest null): workers refuse any
   * other. Closed by the caller when given, with the worker otherwise.
   */
  redis?: Redis;
  /** The AI that summarises, writes questions and embeds; built from the environment when not given. */
  ai?: Pick<Ai, 'study' | 'embedder'>;
  storage?: Storage;
  /** Tells billing of a processed source; the billing service's internal call when not given. */
  recordUsage?: IngestDeps['recordUsage'];
};

/** How often the heartbeat is written: well within its time to live, so one late beat is no gap. */
const HEARTBEAT_MS = 5_000;

/**
 * The ingest worker: one BullMQ worker per queue of the contracts' job map (QUEUES), each built
 * from that queue's handlers, and an HTTP app for health and metrics. Workers consume from the
 * moment this returns; closing the app drains them first (preClose), then closes the queues,
 * pools and Redis. Tests build it with their own database, Redis and AI.
 */
export async function buildWorker(env: Env, deps: WorkerDeps = {}) {
  // One connection for everything but BullMQ's blocking reads (each Worker duplicates it for
  // those). No request waits on the worker, so it waits out a Redis outage rather than fail a job:
  // BullMQ's kind, without a command timeout.
  const redis = deps.redis ?? createRedis(env.REDIS_URL, { blocking: true });
  const publishEvent = createProgressPublisher({ redis, prefix: env.REDIS_PREFIX });

  // Health for probes and the gateway's report: an HTTP server here, a heartbeat in Redis there.
  const app = createService({
    name: 'worker',
    logLevel: env.LOG_LEVEL,
    internalSecret: env.INTERNAL_SECRET,
    tracing: { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT },
  });
  const jobMetrics = createJobMetrics(app.metrics);
  // Every progress event also tells the failure counter which step a job had reached.
  const publish: typeof publishEvent = async (input) => {
    jobMetrics.stepReached(input.sourceId, input.step);
    return publishEvent(input);
  };
  await app.register(redisPlugin, { client: redis });
  await app.register(dbPlugin, deps.db ? { db: deps.db } : { url: env.DATABASE_URL, max: 4 });

  // A wrong key, model or vector size is found now, with a clear message, not in the first job.
  const ai = deps.ai ?? createAi(resolveAiConfig(env), { logger: app.log, observer: aiCallMetrics(app.metrics) });
  await verifyEmbedder(ai.embedder);

  // PDF threads start, with pdf.js loaded, at boot: a cold thread made the first PDF after a start
  // 1-6 s slower than the next ones. The pool replaces a thread once it is idle after work, which
  // returns the memory a large document grew (pdf-pool.ts).
  const pdfPool = startPdfPool({ threads: env.PDF_THREADS, timeoutMs: env.PDF_TIMEOUT_MS }, app.log);
  const ingestRepository = createIngestRepository({ db: app.db });
  // Once every warm-up has ended, what they left behind is collected: the worker then idles, and an
  // idle process makes no major GC of its own (issue 25, idle memory).
  void Promise.allSettled([pdfPool.warmed, warmUp({ ai, repository: ingestRepository }, app.log)]).then(() =>
    collectGarbage(),
  );
  // OCR threads likewise start with the first scan or picture, and end when idle.
  const ocr = createOcrEngine({
    threads: env.OCR_THREADS,
    pageTimeoutMs: env.OCR_PAGE_TIMEOUT_MS,
    memoryLimitMb: env.OCR_MEMORY_LIMIT_MB,
    languages: env.OCR_LANGUAGES,
  });

  const billing = createInternalClient({ baseUrl: env.BILLING_URL, secret: env.INTERNAL_SECRET, service: 'worker' });
  const recordUsage: IngestDeps['recordUsage'] =
    deps.recordUsage ?? ((usage) => billing.post(INTERNAL_USAGE_RECORD_PATH, usage));

  // The producer side, on the same connection: re-embedding is queued from here, a curriculum's
  // split queues its decks' ingestion and generation, and /metrics reads every queue's depth.
  const queues = {
    ingest: createJobQueue('ingest', { connection: redis, prefix: env.REDIS_PREFIX }),
    generate: createJobQueue('generate', { connection: redis, prefix: env.REDIS_PREFIX }),
    reembed: createJobQueue('reembed', { connection: redis, prefix: env.REDIS_PREFIX }),
  } satisfies { [Q in WorkerQueue]: JobQueue<Q> };
  // One reading of sources and course material (the split reads a document as its ingestion would).
  const extract = createSourceExtractor({
    storage: deps.storage ?? createStorage(storageConfigFromEnv(env)),
    fetch: createSafeFetch({ allowlist: env.SOURCE_FETCH_ALLOWLIST }),
    file: { pdf: { reader: pdfPool }, ocr },
    languages: env.YOUTUBE_CAPTION_LANGUAGES,
    youtube: { watchUrl: env.YOUTUBE_WATCH_URL, playerUrl: env.YOUTUBE_PLAYER_URL },
  });

  // Each queue of the job map: a handler per job, and how many of its jobs run at once.
  const consumers: { [Q in WorkerQueue]: { handlers: QueueHandlers<Q>; concurrency: number } } = {
    ingest: {
      concurrency: env.WORKER_CONCURRENCY,
      handlers: {
        'pipeline-check': pipelineCheckJob.create({ publish }),
        'ingest-source': ingestSourceJob.create({
          repository: ingestRepository,
          publish,
          extract,
          embedder: ai.embedder,
          study: ai.study,
          judge: judgeFailure,
          recordUsage,
          log: app.log,
        }),
        // Curriculum to space (docs/adr/0007): a deck per unit of a teacher's document.
        'split-curriculum': splitCurriculumJob.create({
          repository: createCurriculumRepository({ db: app.db }),
          publish,
          extract,
          judge: judgeFailure,
          enqueueIngest: (jobs) =>
            queues.ingest.addBulk(jobs.map((payload) => ({ name: 'ingest-source' as const, payload, options: { jobId: jobIds.ingest(payload.sourceId, payload.attempt) } }))),
          enqueueGenerate: (jobs) =>
            queues.generate.addBulk(jobs.map((payload) => ({ name: 'generate-questions' as const, payload, options: { jobId: jobIds.generate(payload.deckId, payload.requestId) } }))),
          log: app.log,
        }),
      },
    },
    // Question and card generation on a queue of its own, so a long ingestion never holds it up
    // (and a generation waiting for its deck's sources never holds up ingestion).
    generate: {
      concurrency: env.GENERATE_CONCURRENCY,
      handlers: {
        'generate-questions': generateQuestionsJob.create({
          repository: createGenerationRepository({ db: app.db }),
          study: ai.study,
          judge: judgeFailure,
          log: app.log,
        }),
      },
    },
    // Re-embedding runs one source at a time beside ingestion, so a model change never starves new sources.
    reembed: {
      concurrency: 1,
      handlers: { 'reembed-source': reembedSourceJob.create({ db: app.db, embedder: ai.embedder }) },
    },
  };
  const tracer = app.tracing.tracer;
  const processors: { [Q in WorkerQueue]: (job: Job, token?: string) => Promise<unknown> } = {
    ingest: createQueueProcessor('ingest', consumers.ingest.handlers, { tracer }),
    // A generation whose sources are still processing goes back to the queue, delayed.
    generate: delayWhileWaiting(createQueueProcessor('generate', consumers.generate.handlers, { tracer })),
    reembed: createQueueProcessor('reembed', consumers.reembed.handlers, { tracer }),
  };

  const workerQueues = Object.keys(QUEUES) as WorkerQueue[];
  const workers = workerQueues.map((queue) => {
    const worker = new Worker(QUEUES[queue], processors[queue], {
      connection: redis,
      prefix: env.REDIS_PREFIX,
      concurrency: consumers[queue].concurrency,
      lockDuration: env.WORKER_LOCK_MS,
      // Look for jobs of dead workers as often as their locks can expire.
      stalledInterval: env.WORKER_LOCK_MS,
      // A job may stall twice before it fails for good: once because its worker died (a kill, a
      // node drained) and once because a loaded machine held the event loop past a lock renewal
      // (seen at a load of 40 on two cores). Handlers are idempotent, so running it again is safe.
      maxStalledCount: 2,
    });
    jobMetrics.watch(worker);
    worker.on('failed', (job, err) =>
      app.log.warn(
        { jobId: job?.id, name: job?.name, traceparent: (job?.data as { traceparent?: string } | undefined)?.traceparent, err: err.message },
        'job failed',
      ),
    );
    worker.on('error', (err) => app.log.error({ err }, 'worker error'));
    return worker;
  });

  registerQueueDepth(app.metrics, Object.values(queues).map((q) => q.bull));

  /** Chunks embedded by another model (or not at all) get vectors of the configured one. */
  const queueReembedding = async () => {
    const stale = await sourcesToReembed(app.db, ai.embedder.model);
    if (stale.length === 0) return;
    await queues.reembed.addBulk(
      stale.map((sourceId) => ({
        name: 'reembed-source' as const,
        payload: { sourceId, model: ai.embedder.model },
        options: { jobId: jobIds.reembed(sourceId, ai.embedder.model) },
      })),
    );
    app.log.info({ sources: stale.length, model: ai.embedder.model }, 'queued re-embedding');
  };
  await queueReembedding().catch((err: unknown) => app.log.error({ err }, 'could not queue re-embedding'));

  // Connected before the first heartbeat, so the heartbeat means the queues are being consumed (and
  // a close right after the start does not cut a worker's connection while it is being opened).
  await Promise.all(workers.map((w) => w.waitUntilReady()));

  // The heartbeat says this process is alive, so it stays a timer of the process: a BullMQ job
  // scheduler runs once per interval for all replicas, and would wait behind busy workers.
  const beat = async () => {
    await redis
      .set(workerHeartbeatKey(env.REDIS_PREFIX), new Date().toISOString(), 'EX', WORKER_HEARTBEAT_TTL_SECONDS)
      .catch((err: unknown) => app.log.warn({ err }, 'heartbeat failed'));
  };
  await beat();
  const heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);

  // Drain on SIGTERM (KEDA scaling down, a rollout): stop taking jobs and finish those in hand while
  // the database pool and Redis are still open, so before the onClose hooks close them. Jobs not
  // finished by the grace period (just under the pod's 60 s) are not lost: their locks expire and
  // BullMQ gives them to another worker.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    await Promise.all(workers.map((w) => w.close()));
    app.log.info('worker drained');
  });
  app.addHook('onClose', async () => {
    await Promise.all(Object.values(queues).map((q) => q.close()));
    await Promise.all([pdfPool.close(), ocr.close()]);
    await redis.del(workerHeartbeatKey(env.REDIS_PREFIX)).catch(() => {});
    if (!deps.redis) await redis.quit().catch(() => redis.disconnect());
  });

  app.log.info(
    {
      queues: workerQueues.map((q) => QUEUES[q]),
      prefix: env.REDIS_PREFIX,
      ai: ai.study.provider,
      embedder: ai.embedder.model,
    },
    'worker consuming',
  );
  return app;
}

const WARM_UP_TEXT = [
  'The river rises in the northern hills and runs south through farmland before it reaches the sea.',
  'Its valley was settled early, and mills were built along its banks to grind grain and saw timber.',
  'Floods in the spring of most years shaped both the land and the towns that grew beside the water.',
].join(' ');

/**
 * What the first source after a start paid for and the next ones did not (bench/ingest-e2e.ts):
 * the offline provider's summary and key points load a language model on first use and its text
 * code runs cold, as does the hashing embedder's tokenizer on a chunk-sized text; and the first
 * store of chunks ran the driver's and the database's insert into the vector and text indexes
 * cold. A short text goes through them once at boot, in the background, and its chunks are stored
 * in a transaction that is rolled back. The AI calls only with the offline provider (a remote one
 * would bill them): otherwise the stored vectors are made up, of the embedder's size.
 */
function warmUp(
  { ai, repository }: { ai: Pick<Ai, 'study' | 'embedder'>; repository: Pick<IngestRepository, 'warmUpStore'> },
  log: {
    info: (obj: Record<string, unknown>, msg: string) => void;
    warn: (obj: Record<string, unknown>, msg: string) => void;
  },
) {
  const started = performance.now();
  const done = (what: string) => () => log.info({ ms: Math.round(performance.now() - started) }, what);
  const warming: Promise<unknown>[] = [];
  if (ai.study.provider === 'local') {
    const input = { title: 'Warm-up', text: WARM_UP_TEXT };
    warming.push(
      ai.study
        .summarize(input)
        .then(() => ai.study.keyPoints(input))
        .then(done('offline AI warmed up'))
        .catch((err: unknown) => log.warn({ err }, 'offline AI did not warm up; it starts with the first source')),
    );
  }
  // A batch the size of a short document's chunks (~300 words each), as the store step embeds them.
  const chunk = Array.from({ length: 6 }, () => WARM_UP_TEXT).join(' ');
  const texts = Array.from({ length: WARM_UP_CHUNKS }, (_, i) => `${i} ${chunk}`);
  const { dimensions } = ai.embedder;
  const vectors: Promise<number[][]> =
    ai.embedder.provider === 'local'
      ? ai.embedder.embed(texts)
      : Promise.resolve(texts.map((_, i) => madeUpVector(dimensions, i)));
  warming.push(
    vectors
      .then((embeddings) =>
        repository.warmUpStore(
          texts.map((content, i) => ({
            chunkIndex: i,
            content,
            tokenCount: estimateTokens(content),
            position: { page: i + 1 },
            embedding: embeddings[i] ?? null,
            embeddingModel: ai.embedder.model,
          })),
        ),
      )
      .then(done('chunk store warmed up'))
      .catch((err: unknown) => log.warn({ err }, 'the chunk store did not warm up; it starts with the first source')),
  );
  return Promise.all(warming);
}

/** Chunks the warm-up embeds and stores: as many as a short document has. */
const WARM_UP_CHUNKS = 16;

/** A unit vector of `dimensions` numbers, different for each `seed`, for a warm-up that stores no real text. */
function madeUpVector(dimensions: number, seed: number): number[] {
  const v = Array.from({ length: dimensions }, (_, d) => Math.sin(seed * 7.1 + d * 1.3));
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}
