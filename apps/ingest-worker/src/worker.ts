import { Queue, Worker } from 'bullmq';
import { resolveAiConfig } from '@mnemo/ai/env';
import { createAi, verifyEmbedder } from '@mnemo/ai/create';
import {
  jobIds,
  QUEUES,
  WORKER_HEARTBEAT_TTL_SECONDS,
  workerHeartbeatKey,
} from '@mnemo/contracts/jobs';
import { createService } from '@mnemo/service-kit';
import { createInternalClient } from '@mnemo/service-kit/internal-client';
import { INTERNAL_USAGE_RECORD_PATH } from '@mnemo/contracts/internal/billing';
import { dbPlugin } from '@mnemo/service-kit/plugins/db';
import { createRedis, redisPlugin } from '@mnemo/service-kit/plugins/redis';
import { runService } from '@mnemo/service-kit/server';
import { aiCallMetrics } from '@mnemo/service-kit/metrics';
import { createStorage } from '@mnemo/storage';
import { storageConfigFromEnv } from '@mnemo/storage/env';
import { loadEnv } from './env';
import { createSafeFetch } from './extract/safe-fetch';
import { startPdfPool } from './extract/pdf-pool';
import { createOcrEngine } from './extract/ocr-engine';
import { createProgressPublisher } from './progress/publisher';
import { createJobProcessor } from './jobs/registry';
import { pipelineCheckJob } from './jobs/pipeline-check/job';
import { ingestSourceJob } from './jobs/ingest-source/job';
import { createIngestRepository } from './jobs/ingest-source/repository';
import { judgeFailure } from './jobs/ingest-source/failures';
import { createSourceExtractor } from './jobs/ingest-source/source-text';
import { reembedSourceJob } from './jobs/reembed-source/job';
import { sourcesToReembed } from './jobs/reembed-source/handler';
import { delayWhileWaiting, generateQuestionsJob } from './jobs/generate-questions/job';
import { createGenerationRepository } from './jobs/generate-questions/repository';
import { createJobMetrics, registerQueueDepth } from './metrics';

const env = loadEnv();
// No request waits on the worker: its progress events wait out a Redis outage rather than fail a job.
const redis = createRedis(env.REDIS_URL, { blocking: true });
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
await app.register(dbPlugin, { url: env.DATABASE_URL, max: 4 });

// A wrong key, model or vector size is found now, with a clear message, not in the first job.
const ai = createAi(resolveAiConfig(env), { logger: app.log, observer: aiCallMetrics(app.metrics) });
await verifyEmbedder(ai.embedder);

// PDF threads start, with pdf.js loaded, at boot: a cold thread made the first PDF after a start
// 1-6 s slower than the next ones. The pool replaces a thread once it is idle after work, which
// returns the memory a large document grew (pdf-pool.ts).
const pdfPool = startPdfPool({ threads: env.PDF_THREADS, timeoutMs: env.PDF_TIMEOUT_MS }, app.log);
// OCR threads likewise start with the first scan or picture, and end when idle.
const ocr = createOcrEngine({
  threads: env.OCR_THREADS,
  pageTimeoutMs: env.OCR_PAGE_TIMEOUT_MS,
  languages: env.OCR_LANGUAGES,
});

const billing = createInternalClient({ baseUrl: env.BILLING_URL, secret: env.INTERNAL_SECRET, service: 'worker' });
const processor = createJobProcessor([
  {
    name: pipelineCheckJob.name,
    schema: pipelineCheckJob.schema,
    handle: pipelineCheckJob.create({ publish }),
  },
  {
    name: ingestSourceJob.name,
    schema: ingestSourceJob.schema,
    handle: ingestSourceJob.create({
      repository: createIngestRepository({ db: app.db }),
      publish,
      extract: createSourceExtractor({
        storage: createStorage(storageConfigFromEnv(env)),
        fetch: createSafeFetch({ allowlist: env.SOURCE_FETCH_ALLOWLIST }),
        file: { pdf: { reader: pdfPool }, ocr },
        languages: env.YOUTUBE_CAPTION_LANGUAGES,
        youtube: { watchUrl: env.YOUTUBE_WATCH_URL, playerUrl: env.YOUTUBE_PLAYER_URL },
      }),
      embedder: ai.embedder,
      study: ai.study,
      judge: judgeFailure,
      recordUsage: (usage) => billing.post(INTERNAL_USAGE_RECORD_PATH, usage),
      log: app.log,
    }),
  },
], { tracer: app.tracing.tracer });

// Workers block on their connections: BullMQ's kind, without a command timeout.
const workerOptions = {
  connection: createRedis(env.REDIS_URL, { blocking: true }),
  prefix: env.REDIS_PREFIX,
  lockDuration: env.WORKER_LOCK_MS,
  // Look for jobs of dead workers as often as their locks can expire.
  stalledInterval: env.WORKER_LOCK_MS,
};
const worker = new Worker(QUEUES.ingest, processor, {
  ...workerOptions,
  concurrency: env.WORKER_CONCURRENCY,
});

// Re-embedding runs one source at a time beside ingestion, so a model change never starves new sources.
const reembedQueue = new Queue(QUEUES.reembed, {
  connection: createRedis(env.REDIS_URL),
  prefix: env.REDIS_PREFIX,
});
const reembedWorker = new Worker(
  QUEUES.reembed,
  createJobProcessor([
    {
      name: reembedSourceJob.name,
      schema: reembedSourceJob.schema,
      handle: reembedSourceJob.create({ db: app.db, embedder: ai.embedder }),
    },
  ], { tracer: app.tracing.tracer }),
  { ...workerOptions, connection: createRedis(env.REDIS_URL, { blocking: true }), concurrency: 1 },
);

// Question and card generation on a queue of its own, so a long ingestion never holds it up (and
// a generation waiting for its deck's sources never holds up ingestion).
const generateWorker = new Worker(
  QUEUES.generate,
  delayWhileWaiting(
    createJobProcessor([
      {
        name: generateQuestionsJob.name,
        schema: generateQuestionsJob.schema,
        handle: generateQuestionsJob.create({
          repository: createGenerationRepository({ db: app.db }),
          study: ai.study,
          judge: judgeFailure,
          log: app.log,
        }),
      },
    ], { tracer: app.tracing.tracer }),
  ),
  { ...workerOptions, connection: createRedis(env.REDIS_URL, { blocking: true }), concurrency: env.GENERATE_CONCURRENCY },
);

// Queue depth for /metrics, from handles that only count (they never take jobs).
const depthQueues = [QUEUES.ingest, QUEUES.generate, QUEUES.reembed].map(
  (name) => new Queue(name, { connection: createRedis(env.REDIS_URL), prefix: env.REDIS_PREFIX }),
);
registerQueueDepth(app.metrics, depthQueues);

for (const w of [worker, reembedWorker, generateWorker]) {
  jobMetrics.watch(w);
  w.on('failed', (job, err) =>
    app.log.warn(
      { jobId: job?.id, name: job?.name, traceparent: (job?.data as { traceparent?: string } | undefined)?.traceparent, err: err.message },
      'job failed',
    ),
  );
  w.on('error', (err) => app.log.error({ err }, 'worker error'));
}

/** Chunks embedded by another model (or not at all) get vectors of the configured one. */
async function queueReembedding() {
  const stale = await sourcesToReembed(app.db, ai.embedder.model);
  if (stale.length === 0) return;
  await reembedQueue.addBulk(
    stale.map((sourceId) => ({
      name: reembedSourceJob.name,
      data: { sourceId, model: ai.embedder.model },
      opts: {
        jobId: jobIds.reembed(sourceId, ai.embedder.model),
        attempts: 5,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      },
    })),
  );
  app.log.info({ sources: stale.length, model: ai.embedder.model }, 'queued re-embedding');
}
await queueReembedding().catch((err: unknown) =>
  app.log.error({ err }, 'could not queue re-embedding'),
);

const beat = async () => {
  await redis
    .set(
      workerHeartbeatKey(env.REDIS_PREFIX),
      new Date().toISOString(),
      'EX',
      WORKER_HEARTBEAT_TTL_SECONDS,
    )
    .catch((err) => {
      app.log.warn({ err }, 'heartbeat failed');
    });
};
await beat();
const heartbeat = setInterval(beat, 5_000);

// Drain on SIGTERM (KEDA scaling down, a rollout): stop taking jobs and finish those in hand while
// the database pool and Redis are still open, so before Fastify's onClose hooks close them. Jobs
// not finished by the grace period (just under the pod's 60 s) are not lost: their locks expire
// and BullMQ gives them to another worker.
app.addHook('preClose', async () => {
  clearInterval(heartbeat);
  await Promise.all([worker.close(), reembedWorker.close(), generateWorker.close()]);
  app.log.info('worker drained');
});

await runService(app, { port: env.WORKER_PORT, host: env.HOST, graceMs: 55_000 }, async () => {
  await reembedQueue.close();
  await Promise.all(depthQueues.map((q) => q.close()));
  await Promise.all([pdfPool.close(), ocr.close()]);
  await redis.del(workerHeartbeatKey(env.REDIS_PREFIX)).catch(() => {});
  await redis.quit().catch(() => redis.disconnect());
});
app.log.info(
  {
    queues: [QUEUES.ingest, QUEUES.reembed, QUEUES.generate],
    prefix: env.REDIS_PREFIX,
    ai: ai.study.provider,
    embedder: ai.embedder.model,
  },
  'worker consuming',
);
