import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@mnemo/contracts/jobs';
import { createService } from '@mnemo/service-kit';
import { promClient } from '@mnemo/service-kit/metrics';
import { createJobMetrics, registerQueueDepth } from './metrics';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-metrics-${randomUUID()}`;
const connection = () => new Redis(REDIS_URL, { maxRetriesPerRequest: null });
const closers: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
});

function service() {
  const app = createService({
    name: 'worker',
    internalSecret: 'metrics-test-secret-0123456789',
    metricsRegistry: new promClient.Registry(),
  });
  closers.push(() => app.close());
  return app;
}

/** The value of one sample in Prometheus text, found by its labels in any order. */
function sample(text: string, name: string, labels: Record<string, string>) {
  const line = text.split('\n').find((l) => {
    if (!l.startsWith(`${name}{`)) return false;
    return Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('worker metrics on /metrics', () => {
  it('report the queue depth while jobs wait with nobody consuming', async () => {
    const queues = [QUEUES.ingest, QUEUES.generate].map((name) => new Queue(name, { connection: connection(), prefix }));
    for (const q of queues) closers.push(() => q.obliterate({ force: true }).then(() => q.close()));
    const app = service();
    registerQueueDepth(app.metrics, queues);
    await queues[0]!.addBulk([1, 2, 3].map((n) => ({ name: 'ingest-source', data: { n } })));
    await queues[1]!.add('generate-questions', {}, { delay: 60_000 });

    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(sample(res.body, 'mnemo_queue_jobs', { queue: QUEUES.ingest, state: 'waiting' })).toBe(3);
    expect(sample(res.body, 'mnemo_queue_jobs', { queue: QUEUES.ingest, state: 'active' })).toBe(0);
    expect(sample(res.body, 'mnemo_queue_jobs', { queue: QUEUES.generate, state: 'delayed' })).toBe(1);
    expect(sample(res.body, 'mnemo_queue_jobs', { queue: QUEUES.generate, state: 'waiting' })).toBe(0);

    // Read at scrape time: one more job, one more on the next scrape.
    await queues[0]!.add('ingest-source', { n: 4 });
    const again = await app.inject({ method: 'GET', url: '/metrics' });
    expect(sample(again.body, 'mnemo_queue_jobs', { queue: QUEUES.ingest, state: 'waiting' })).toBe(4);
  });

  it('time jobs and count failures by the step they reached', async () => {
    const name = `${QUEUES.ingest}-jm`;
    const queue = new Queue(name, { connection: connection(), prefix });
    closers.push(() => queue.obliterate({ force: true }).then(() => queue.close()));
    const app = service();
    const metrics = createJobMetrics(app.metrics);
    const worker = new Worker(
      name,
      async (job) => {
        const { sourceId, fail } = job.data as { sourceId: string; fail: boolean };
        metrics.stepReached(sourceId, 'embedding');
        if (fail) throw new Error('provider down');
      },
      { connection: connection(), prefix },
    );
    closers.push(() => worker.close());
    metrics.watch(worker);
    const done = new Promise<void>((resolve) => {
      let seen = 0;
      const count = () => ++seen === 2 && resolve();
      worker.on('completed', count);
      worker.on('failed', count);
    });
    await queue.add('ingest-source', { sourceId: 's-ok', fail: false });
    await queue.add('ingest-source', { sourceId: 's-bad', fail: true });
    await done;

    const body = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(body, 'mnemo_job_failures_total', { queue: name, name: 'ingest-source', step: 'embedding' })).toBe(1);
    expect(
      sample(body, 'mnemo_job_duration_seconds_count', { queue: name, name: 'ingest-source', outcome: 'completed' }),
    ).toBe(1);
    expect(
      sample(body, 'mnemo_job_duration_seconds_count', { queue: name, name: 'ingest-source', outcome: 'failed' }),
    ).toBe(1);
  });
});
