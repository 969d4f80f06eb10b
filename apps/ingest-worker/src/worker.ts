import { Worker } from 'bullmq';
import { QUEUES, WORKER_HEARTBEAT_TTL_SECONDS, workerHeartbeatKey } from '@mnemo/contracts/jobs';
import { createService } from '@mnemo/service-kit';
import { dbPlugin } from '@mnemo/service-kit/plugins/db';
import { createRedis, redisPlugin } from '@mnemo/service-kit/plugins/redis';
import { runService } from '@mnemo/service-kit/server';
import { loadEnv } from './env';
import { createProgressPublisher } from './progress/publisher';
import { createJobProcessor } from './jobs/registry';
import { pipelineCheckJob } from './jobs/pipeline-check/job';

const env = loadEnv();
const redis = createRedis(env.REDIS_URL);
const publish = createProgressPublisher({ redis, prefix: env.REDIS_PREFIX });

const processor = createJobProcessor([
  { name: pipelineCheckJob.name, schema: pipelineCheckJob.schema, handle: pipelineCheckJob.create({ publish }) },
]);

const worker = new Worker(QUEUES.ingest, processor, {
  connection: createRedis(env.REDIS_URL),
  prefix: env.REDIS_PREFIX,
  concurrency: env.WORKER_CONCURRENCY,
});

// Health for probes and the gateway's report: an HTTP server here, a heartbeat in Redis there.
const app = createService({ name: 'worker', logLevel: env.LOG_LEVEL, internalSecret: env.INTERNAL_SECRET });
await app.register(redisPlugin, { client: redis });
await app.register(dbPlugin, { url: env.DATABASE_URL, max: 4 });
worker.on('failed', (job, err) => app.log.warn({ jobId: job?.id, name: job?.name, err: err.message }, 'job failed'));
worker.on('error', (err) => app.log.error({ err }, 'worker error'));

const beat = async () => {
  await redis.set(workerHeartbeatKey(env.REDIS_PREFIX), new Date().toISOString(), 'EX', WORKER_HEARTBEAT_TTL_SECONDS).catch((err) => {
    app.log.warn({ err }, 'heartbeat failed');
  });
};
await beat();
const heartbeat = setInterval(beat, 5_000);

await runService(app, { port: env.WORKER_PORT, host: env.HOST }, async () => {
  clearInterval(heartbeat);
  // Finish the jobs in hand; BullMQ hands unfinished ones to another worker after the lock expires.
  await worker.close();
  await redis.del(workerHeartbeatKey(env.REDIS_PREFIX)).catch(() => {});
  await redis.quit().catch(() => redis.disconnect());
});
app.log.info({ queue: QUEUES.ingest, prefix: env.REDIS_PREFIX }, 'worker consuming');
