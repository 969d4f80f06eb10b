import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
 * The worker as a process, as it runs in production: BullMQ, Redis, Postgres, the offline AI. A
 * worker killed in the middle of a job (SIGKILL: no chance to clean up) loses nothing, and a job
 * enqueued twice is processed once.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The worker runs in this very process, tsx only a loader inside it: through tsx's CLI the test
// would kill the CLI, and the worker it starts as a child of its own would go on running the job
// (and outlive the test).
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const prefix = `test-${randomUUID()}`;
const redis = new Redis(REDIS_URL);
const queue = new Queue(QUEUES.ingest, {
  connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }),
  prefix,
});
const JOB_OPTIONS = { attempts: 3, backoff: { type: 'exponential', delay: 1000 } } as const;

let t: TestDatabase;
let site: TestServer;
let dataDir: string;
/** Requests the slow page has received; the first one hangs until the worker is killed. */
let slowHits = 0;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'mnemo-worker-'));
  const page = readFileSync(fixturePath('web', 'wikipedia', 'source.html'));
  site = await startServer((req, res) => {
    if (req.url === '/slow' && ++slowHits === 1) return; // never answered: the worker dies waiting
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
}, 60_000);

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  await redis.quit();
  await site?.close();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * `lockMs` is how long the worker's job locks last and how often it looks for stalled jobs. The
 * worker that gets killed keeps it short so its job is picked up soon (5 s: at a load of 40 on two
 * cores a 2 s lock lapsed while that worker was still running the job, which counted the job's one
 * allowed stall before the kill, and the kill's stall then failed it); the one that finishes the
 * job keeps the production default (30 s: renewed every 15 s), so a loaded machine that delays its lock renewal
 * does not count a second stall, take the job from it and run it again.
 */
function startWorker(lockMs = 5000): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', tsxLoader, 'src/worker.ts'], {
    cwd: appDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: t.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      INTERNAL_SECRET: 'worker-test-secret-0123456789',
      WORKER_PORT: '0',
      WORKER_LOCK_MS: String(lockMs),
      MNEMO_DATA_DIR: dataDir,
      SOURCE_FETCH_ALLOWLIST: `127.0.0.1:${site.port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 150_000);
    const check = setInterval(async () => {
      // The heartbeat is written once the worker consumes.
      if (await redis.get(`${prefix}:worker:heartbeat`)) {
        clearInterval(check);
        clearTimeout(timer);
        resolvePromise(child);
      }
    }, 200);
    child.once('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}:\n${output}`));
    });
  });
}

async function newSource(url: string) {
  const { deck, source } = await insertProcessingSource(t.db, { url, deckTitle: 'Worker' });
  return { sourceId: source.id, deckId: deck.id, owner: { anonId: randomUUID() }, attempt: 1 };
}

const status = async (id: string) =>
  (await t.db.select().from(sources).where(eq(sources.id, id)))[0]!.processingStatus;
const chunkCount = async (id: string) =>
  (await t.db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, id))).length;

describe('the worker process', () => {
  it('finishes the job of a worker killed in the middle of it, once its lock expires', async () => {
    const first = await startWorker();
    const job = await newSource(`${site.base}/slow`);
    const events: ProgressEvent[] = [];
    const listener = new Redis(REDIS_URL);
    await listener.subscribe(progressChannel(prefix, job.sourceId));
    listener.on('message', (_c, m) => events.push(JSON.parse(m) as ProgressEvent));

    await queue.add('ingest-source', job, {
      ...JOB_OPTIONS,
      jobId: jobIds.ingest(job.sourceId, 1),
    });
    await expect
      .poll(() => events.some((e) => e.step === 'extracting'), { timeout: 60_000 })
      .toBe(true);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect(await status(job.sourceId)).toBe('processing');

    await startWorker(30_000);
    await expect
      .poll(() => status(job.sourceId), { timeout: 90_000, interval: 250 })
      .toBe('completed');
    // The page was asked for again after the kill. More than twice is fine: on a loaded machine the
    // first worker's fetch can time out and retry before the test has seen 'extracting' and killed it.
    expect(slowHits).toBeGreaterThanOrEqual(2);
    expect(await chunkCount(job.sourceId)).toBeGreaterThan(0);
    await expect.poll(() => events.at(-1)?.step, { timeout: 15_000 }).toBe('completed');
    // The source row is written before BullMQ hears that the job finished.
    await expect
      .poll(async () => (await queue.getJob(jobIds.ingest(job.sourceId, 1)))?.getState(), {
        timeout: 60_000,
        interval: 250,
      })
      .toBe('completed');
    await listener.quit();
  }, 400_000);

  it('processes a job enqueued twice only once', async () => {
    const job = await newSource(`${site.base}/page`);
    const a = await queue.add('ingest-source', job, {
      ...JOB_OPTIONS,
      jobId: jobIds.ingest(job.sourceId, 1),
    });
    const b = await queue.add('ingest-source', job, {
      ...JOB_OPTIONS,
      jobId: jobIds.ingest(job.sourceId, 1),
    });
    expect(b.id).toBe(a.id);
    await expect
      .poll(() => status(job.sourceId), { timeout: 90_000, interval: 250 })
      .toBe('completed');
    const chunks = await chunkCount(job.sourceId);
    expect(chunks).toBeGreaterThan(0);
    // The source row is written before BullMQ hears that the job finished.
    await expect
      .poll(async () => (await queue.getJob(a.id!))?.getState(), { timeout: 30_000, interval: 250 })
      .toBe('completed');
    // Enqueued again after completion: still the same job, nothing runs twice.
    await queue.add('ingest-source', job, {
      ...JOB_OPTIONS,
      jobId: jobIds.ingest(job.sourceId, 1),
    });
    expect(await queue.getJobCounts('wait', 'active', 'delayed')).toEqual({
      wait: 0,
      active: 0,
      delayed: 0,
    });
    expect(await chunkCount(job.sourceId)).toBe(chunks);
  }, 120_000);
});
