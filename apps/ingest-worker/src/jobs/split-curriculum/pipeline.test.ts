import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHashingEmbedder, createLocalStudyAi } from '@mnemo/ai/providers/local';
import { CURRICULUM_REQUEST_ID, jobIds, type SplitCurriculumJob } from '@mnemo/contracts/jobs';
import { curriculumImports, decks, EMBEDDING_DIMENSIONS, questions, sources, studySpaces, uploads, users } from '@mnemo/db/schema';
import { ownerValues } from '@mnemo/db/owner';
import { createTestDatabase, type TestDatabase } from '@mnemo/db/testing';
import { createRedis } from '@mnemo/service-kit/plugins/redis';
import { createJobQueue } from '@mnemo/service-kit/queue';
import { createStorage } from '@mnemo/storage';
import { CHAPTERS, chapteredMarkdown } from '@mnemo/testing/curriculum';
import { buildWorker } from '../../build-worker';
import { envSchema } from '../../env';

/**
 * Curriculum to space through the worker as it runs (buildWorker: the real queues, the split, the
 * ingestion and the generation jobs with their concurrency), on a real database and Redis, with
 * the offline AI: every unit deck of a chaptered document ends with its own questions. On the
 * embedded database this failed in every run while pglite-socket let the worker's connections'
 * queries interleave (a unit's generation "completed" with no questions, another unit's ingestion
 * stuck): @mnemo/db's embedded-server.ts runs each connection's batch whole.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-curriculum-pipeline-${randomUUID()}`;
let t: TestDatabase;
let redis: Redis;
let worker: FastifyInstance;
let filesDir: string;
const storage = () => createStorage({ driver: 'local', root: filesDir, publicBaseUrl: '/api/files' });

const markdown = chapteredMarkdown();

beforeAll(async () => {
  t = await createTestDatabase();
  filesDir = mkdtempSync(join(tmpdir(), 'mnemo-curriculum-pipeline-'));
  redis = createRedis(REDIS_URL, { blocking: true });
  const env = envSchema.parse({
    DATABASE_URL: t.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    INTERNAL_SECRET: 'worker-test-secret-0123456789',
    LOG_LEVEL: 'warn',
    PDF_THREADS: '1',
    OCR_THREADS: '1',
  });
  worker = await buildWorker(env, {
    db: t.db,
    redis,
    ai: { study: createLocalStudyAi(), embedder: createHashingEmbedder({ dimensions: EMBEDDING_DIMENSIONS }) },
    storage: storage(),
    recordUsage: async () => undefined,
  });
}, 120_000);

afterAll(async () => {
  await worker?.close();
  if (redis) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  await t?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

/** A teacher's space awaiting its split, as POST /classes/curriculum leaves it, and its queued split. */
async function startCurriculum() {
  const userId = randomUUID();
  await t.db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: 'Teacher' });
  const owner = { userId };
  const [space] = await t.db.insert(studySpaces).values({ ...ownerValues(owner), title: 'Biology 7B' }).returning();
  const body = Buffer.from(markdown);
  const { storageRef } = await storage().put({ body, contentType: 'text/markdown', prefix: 'documents' });
  await t.db.insert(uploads).values({ ...ownerValues(owner), storageRef, originalFilename: 'Biology 7B.md', contentType: 'text/markdown', sizeInBytes: body.length });
  await t.db.insert(curriculumImports).values({ spaceId: space!.id, storageRef, originalFilename: 'Biology 7B.md', contentType: 'text/markdown' });
  const job: SplitCurriculumJob = {
    spaceId: space!.id,
    owner,
    maxUnits: 10,
    questionsPerDeck: 10,
    questionTypes: ['multiple_choice', 'free_response'],
    cardLimit: 50,
  };
  const queue = createJobQueue('ingest', { connection: redis, prefix });
  try {
    await queue.add('split-curriculum', job, { jobId: jobIds.curriculum(space!.id) });
  } finally {
    await queue.close();
  }
  return space!.id;
}

/** Each unit deck of the space: its source's status, its questions, and where its generation job stands. */
async function unitDecks(spaceId: string) {
  const rows = await t.db
    .select({ deckId: decks.id, title: decks.title, status: sources.processingStatus })
    .from(decks)
    .innerJoin(sources, eq(sources.deckId, decks.id))
    .where(eq(decks.studySpaceId, spaceId))
    .orderBy(asc(sources.unitIndex));
  const ids = rows.map((r) => r.deckId);
  const counts = ids.length
    ? await t.db.select({ deckId: questions.deckId, n: count() }).from(questions).where(inArray(questions.deckId, ids)).groupBy(questions.deckId)
    : [];
  const generate = createJobQueue('generate', { connection: redis, prefix });
  try {
    return await Promise.all(
      rows.map(async (r) => {
        const job = await generate.bull.getJob(jobIds.generate(r.deckId, CURRICULUM_REQUEST_ID));
        return {
          title: r.title,
          status: r.status,
          questions: counts.find((c) => c.deckId === r.deckId)?.n ?? 0,
          generation: job ? await job.getState() : 'missing',
          failedReason: job?.failedReason ?? null,
        };
      }),
    );
  } finally {
    await generate.close();
  }
}

it('gives every unit deck of a chaptered document its own questions', async () => {
  const spaceId = await startCurriculum();
  const finished = (state: string) => state === 'completed' || state === 'failed';
  let units: Awaited<ReturnType<typeof unitDecks>> = [];
  await expect
    .poll(
      async () => {
        units = await unitDecks(spaceId);
        return units.length === CHAPTERS.length && units.every((u) => finished(u.generation));
      },
      { timeout: 120_000, interval: 250 },
    )
    .toBe(true);
  expect(units.map((u) => ({ title: u.title, status: u.status, generation: u.generation, failedReason: u.failedReason, some: u.questions > 0 }))).toEqual(
    CHAPTERS.map(([title]) => ({ title, status: 'completed', generation: 'completed', failedReason: null, some: true })),
  );
}, 180_000);
