import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobIds, QUEUES } from '@mnemo/contracts/jobs';
import { progressChannel, type ProgressEvent } from '@mnemo/contracts/progress';
import { sourceChunks, sources } from '@mnemo/db/schema';
import { createTestDatabase, type TestDatabase } from '@mnemo/db/testing';
import { fixturePath } from '@mnemo/testing/fixtures';
import { startServer, type TestServer } from '../src/extract/test-support';
import { insertProcessingSource } from '../src/jobs/ingest-source/test-support';

/**
 * Scaling down (KEDA, a rollout) sends SIGTERM to a worker that may hold a job. It must finish that
 * job before it exits, with code 0, and the job must run once: the source completed, its page
 * fetched once, its chunks written once, the BullMQ job completed on its first attempt.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const prefix = `test-drain-${randomUUID()}`;
const redis = new Redis(REDIS_URL);
const queue = new Queue(QUEUES.ingest, {
  connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }),
  prefix,
});

let t: TestDatabase;
let site: TestServer;
let dataDir: string;
let page: Buffer;
let hits = 0;
/** The page's answer, held until the worker has been told to stop. */
let held: ServerResponse | undefined;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'mnemo-drain-'));
  page = readFileSync(fixturePath('web', 'wikipedia', 'source.html'));
  site = await startServer((_req, res) => {
    hits++;
    held = res;
  });
}, 60_000);

afterAll(async () => {
  if (worker && worker.exitCode === null) worker.kill('SIGKILL');
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  await redis.quit();
  await site?.close();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a worker told to stop with a job in hand', () => {
  it('finishes the job, then exits 0; the job ran once', async () => {
    let output = '';
    worker = spawn(process.execPath, [tsx, 'src/worker.ts'], {
      cwd: appDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: t.url,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        INTERNAL_SECRET: 'worker-test-secret-0123456789',
        WORKER_PORT: '0',
        // Long locks: nobody may think the job stalled while this worker still has it.
        WORKER_LOCK_MS: '60000',
        MNEMO_DATA_DIR: dataDir,
        SOURCE_FETCH_ALLOWLIST: `127.0.0.1:${site.port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    worker.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((r) => worker!.once('exit', (code) => r(code)));
    await expect
      .poll(() => redis.get(`${prefix}:worker:heartbeat`), { timeout: 150_000, interval: 250 })
      .toBeTruthy();

    const { deck, source } = await insertProcessingSource(t.db, {
      url: `${site.base}/page`,
      deckTitle: 'Drain',
    });
    const events: ProgressEvent[] = [];
    const listener = new Redis(REDIS_URL);
    await listener.subscribe(progressChannel(prefix, source.id));
    listener.on('message', (_c, m) => events.push(JSON.parse(m) as ProgressEvent));
    const data = { sourceId: source.id, deckId: deck.id, owner: { anonId: randomUUID() }, attempt: 1 };
    await queue.add('ingest-source', data, {
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      jobId: jobIds.ingest(source.id, 1),
    });

    // The job is in hand: the worker is fetching the page, whose answer the test holds.
    await expect.poll(() => held !== undefined, { timeout: 60_000, interval: 100 }).toBe(true);
    worker.kill('SIGTERM');
    await expect
      .poll(() => output.includes('shutting down'), { timeout: 30_000, interval: 100 })
      .toBe(true);
    expect(worker.exitCode).toBeNull();
    held!.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);

    expect(await exited, output).toBe(0);
    const [row] = await t.db.select().from(sources).where(eq(sources.id, source.id));
    expect(row!.processingStatus).toBe('completed');
    expect(hits).toBe(1);
    const chunks = await t.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, source.id));
    expect(chunks.length).toBeGreaterThan(0);
    const job = await queue.getJob(jobIds.ingest(source.id, 1));
    expect(await job!.getState()).toBe('completed');
    expect(job!.attemptsMade).toBe(1);
    expect(output).toContain('worker drained');
    await expect.poll(() => events.at(-1)?.step, { timeout: 15_000 }).toBe('completed');
    await listener.quit();
  }, 300_000);
});
