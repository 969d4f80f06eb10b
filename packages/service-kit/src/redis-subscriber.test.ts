import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedis } from './plugins/redis';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const publisher = createRedis(REDIS_URL);
const opened: ReturnType<typeof createRedis>[] = [];

afterAll(async () => {
  await Promise.all(opened.map((c) => c.quit().catch(() => c.disconnect())));
  await publisher.quit();
});

describe('a subscriber connection', () => {
  // The gateway subscribes as its connection starts (plan invalidations at boot). With ioredis'
  // ready check a SUBSCRIBE sent between connecting and ready can overtake the check's INFO: the connection then reconnects in a
  // loop and hears nothing (redis/ioredis#2037; without `subscriber: true` none of the 30 heard
  // anything here). Many fresh connections, each subscribing as it connects, must all hear.
  it('hears what is published when it subscribed while still connecting', async () => {
    const channels = Array.from({ length: 30 }, () => `test-subscriber-${randomUUID()}`);
    const heard = new Set<string>();
    await Promise.all(
      channels.map(async (channel) => {
        const subscriber = createRedis(REDIS_URL, { subscriber: true });
        opened.push(subscriber);
        subscriber.on('message', (from: string) => heard.add(from));
        // Connected, handshake under way: the window in which the race happens.
        await new Promise((resolve) => subscriber.once('connect', resolve));
        await subscriber.subscribe(channel);
      }),
    );
    await expect
      .poll(
        async () => {
          for (const channel of channels) if (!heard.has(channel)) await publisher.publish(channel, 'hello');
          return heard.size;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(channels.length);
  }, 30_000);
});
