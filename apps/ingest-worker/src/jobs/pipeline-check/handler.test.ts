import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { progressChannel, progressLatestKey, type ProgressEvent } from '@mnemo/contracts/progress';
import { createProgressPublisher } from '../../progress/publisher';
import { createPipelineCheckHandler } from './handler';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(url);
const sub = new Redis(url);
afterAll(async () => {
  await redis.quit();
  await sub.quit();
});

describe('pipeline-check handler', () => {
  it('publishes starting, each step and completed in order, and keeps the last as latest state', async () => {
    const prefix = `test-${randomUUID()}`;
    const sourceId = randomUUID();
    const received: ProgressEvent[] = [];
    // Subscribe only once the connection is ready: a SUBSCRIBE sent before ioredis' ready check
    // puts the connection in subscriber mode, the check's INFO then fails, and the reconnect can
    // miss the events (seen on a loaded CI machine).
    if (sub.status !== 'ready') await new Promise<void>((resolve) => sub.once('ready', () => resolve()));
    await sub.subscribe(progressChannel(prefix, sourceId));
    sub.on('message', (_c, m) => received.push(JSON.parse(m) as ProgressEvent));

    const handle = createPipelineCheckHandler({
      publish: createProgressPublisher({ redis, prefix }),
    });
    await handle({ sourceId, steps: 3, delayMs: 0 });
    await expect.poll(() => received.length).toBe(5);

    expect(received.map((e) => e.step)).toEqual([
      'starting',
      'extracting',
      'extracting',
      'extracting',
      'completed',
    ]);
    expect(received.map((e) => e.progress)).toEqual([0, 25, 50, 75, 100]);
    const latest = JSON.parse(
      (await redis.get(progressLatestKey(prefix, sourceId)))!,
    ) as ProgressEvent;
    expect(latest).toMatchObject({ step: 'completed', progress: 100, sourceId });
    expect(await redis.ttl(progressLatestKey(prefix, sourceId))).toBeGreaterThan(0);
    await redis.del(progressLatestKey(prefix, sourceId));
  });
});
