import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAi } from '@mnemo/ai/create';
import { resolveAiConfig } from '@mnemo/ai/env';
import { jobIds, JOB_OPTIONS, workerHeartbeatKey } from '@mnemo/contracts/jobs';
import { progressChannel, type ProgressEvent } from '@mnemo/contracts/progress';
import { sourceChunks } from '@mnemo/db/schema';
import { createTestDatabase, type TestDatabase } from '@mnemo/db/testing';
import { createRedis } from '@mnemo/service-kit/plugins/redis';
import { createJobQueue } from '@mnemo/service-kit/queue';
import { buildWorker } from './build-worker';
import { insertSourceWithChunks } from './jobs/reembed-source/test-support';
import { envSchema } from './env';

/** The worker built in-process, as the services' tests build theirs with buildApp. */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-build-worker-${randomUUID()}`;
const envOf = (redisPrefix: string) =>
  envSchema.parse({
    DATABASE_URL: t.url,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    INTERNAL_SECRET: 'worker-test-secret-0123456789',
    LOG_LEVEL: 'warn',
    PDF_THREADS: '1',
    OCR_THREADS: '1',
  });
/** The offline AI (no provider configured): local NLP and the hashing embedder. */
const ai = createAi(resolveAiConfig(envSchema.parse({ DATABASE_URL: 'postgres://x', INTERNAL_SECRET: 'a-secret-of-16-chars' })));
const { embedder } = ai;

let t: TestDatabase;
let redis: Redis;
let worker: FastifyInstance;
let staleSource: string;

beforeAll(async () => {
  t = await createTestDatabase();
  redis = createRedis(REDIS_URL, { blocking: true });
  // Chunks embedded by another model before the worker starts: it queues their re-embedding at boot.
  staleSource = await insertSourceWithChunks(t.db, ['an-older-model', 'an-older-model']);
  worker = await buildWorker(envOf(prefix), { db: t.db, redis, ai, recordUsage: async () => undefined });
}, 120_000);

afterAll(async () => {
  await worker?.close();
  if (redis) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  await t?.close();
});

describe('buildWorker', () => {
  it('queues re-embedding at boot with the contracts’ job options, and its reembed worker runs it', async () => {
    const queue = createJobQueue('reembed', { connection: redis, prefix });
    try {
      const job = await queue.bull.getJob(jobIds.reembed(staleSource, embedder.model));
      expect(job?.opts.attempts).toBe(JOB_OPTIONS['reembed-source'].attempts);
      await expect
        .poll(
          async () =>
            (await t.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, staleSource))).map(
              (c) => c.embeddingModel,
            ),
          { timeout: 30_000, interval: 200 },
        )
        .toEqual([embedder.model, embedder.model]);
    } finally {
      await queue.close();
    }
  });

  it('consumes the ingest queue: a pipeline check publishes its steps to the end', async () => {
    const sourceId = randomUUID();
    const listener = new Redis(REDIS_URL);
    const events: ProgressEvent[] = [];
    const queue = createJobQueue('ingest', { connection: redis, prefix });
    try {
      await listener.subscribe(progressChannel(prefix, sourceId));
      listener.on('message', (_c, m) => events.push(JSON.parse(m) as ProgressEvent));
      await queue.add('pipeline-check', { sourceId, steps: 2 }, { jobId: jobIds.pipelineCheck(sourceId) });
      await expect.poll(() => events.at(-1)?.step, { timeout: 30_000, interval: 100 }).toBe('completed');
      expect(events.map((e) => e.step)).toEqual(['starting', 'extracting', 'extracting', 'completed']);
    } finally {
      await queue.close();
      await listener.quit();
    }
  });

  it('writes a heartbeat while it runs and answers its health check', async () => {
    expect(await redis.get(workerHeartbeatKey(prefix))).toBeTruthy();
    const health = await worker.inject({ method: 'GET', url: '/readyz' });
    expect(health.statusCode).toBe(200);
  });
});

describe('closing the worker', () => {
  it('drains, removes its heartbeat and leaves a Redis connection it was given open', async () => {
    const ownPrefix = `${prefix}-close`;
    const app = await buildWorker(envOf(ownPrefix), { db: t.db, redis, ai, recordUsage: async () => undefined });
    expect(await redis.get(workerHeartbeatKey(ownPrefix))).toBeTruthy();
    await app.close();
    expect(await redis.get(workerHeartbeatKey(ownPrefix))).toBeNull();
    expect(redis.status).toBe('ready');
  }, 60_000);
});
