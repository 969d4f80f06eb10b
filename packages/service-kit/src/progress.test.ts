import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { progressChannel, progressLatestKey, progressOwnerKey, type ProgressEvent } from '@mnemo/contracts/progress';
import { createProgressStore } from './progress';
import { createRedis } from './plugins/redis';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL);
// A subscriber as the gateway makes it (no ready check: redis/ioredis#2037).
const listener = createRedis(REDIS_URL, { subscriber: true });
const prefix = `test-progress-${randomUUID()}`;

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await listener.quit();
  await redis.quit();
});

describe('the progress store', () => {
  it('publishes each event, keeps it as the latest state, and names the watcher when told', async () => {
    const sourceId = randomUUID();
    const heard: ProgressEvent[] = [];
    await listener.subscribe(progressChannel(prefix, sourceId));
    listener.on('message', (_channel, message: string) => heard.push(JSON.parse(message) as ProgressEvent));
    const store = createProgressStore({ redis, prefix, now: () => new Date('2026-11-25T01:00:00.000Z') });

    expect(await store.latest(sourceId)).toBeNull();
    const first = await store.publish(
      { sourceId, step: 'starting', message: 'Waiting', progress: 0, details: { attempt: 1 } },
      { owner: 'anon:abc' },
    );
    expect(first).toEqual({
      sourceId,
      step: 'starting',
      message: 'Waiting',
      progress: 0,
      details: { attempt: 1 },
      timestamp: '2026-11-25T01:00:00.000Z',
    });
    expect(await redis.get(progressOwnerKey(prefix, sourceId))).toBe('anon:abc');
    expect(await redis.ttl(progressOwnerKey(prefix, sourceId))).toBeGreaterThan(0);

    const second = await store.publish({ sourceId, step: 'extracting', message: 'Reading', progress: 10 });
    expect(second.details).toBeNull();
    expect(await store.latest(sourceId)).toEqual(second);
    expect(await redis.ttl(progressLatestKey(prefix, sourceId))).toBeGreaterThan(0);
    // Pub/sub delivery is asynchronous: poll's 1 s default ran out once on a loaded CI runner.
    await expect.poll(() => heard.map((e) => e.step), { timeout: 10_000 }).toEqual(['starting', 'extracting']);

    await redis.set(progressLatestKey(prefix, sourceId), JSON.stringify({ not: 'an event' }));
    expect(await store.latest(sourceId)).toBeNull();
    // Room for the poll's 10 s above and the connections' first round trips: the default 5 s ran out
    // once in CI on a fresh clone (load ~5, two suites at a time). Nothing is timed.
  }, 30_000);

  it('refuses an event the contract does not allow, and writes nothing', async () => {
    const sourceId = randomUUID();
    const store = createProgressStore({ redis, prefix });
    await expect(store.publish({ sourceId, step: 'extracting', message: 'Reading', progress: 120 })).rejects.toThrow();
    expect(await store.latest(sourceId)).toBeNull();
  });
});
