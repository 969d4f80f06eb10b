import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createWindowCounter } from './window-counter';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
afterAll(() => redis.quit());
const key = () => `test-window-counter:${randomUUID()}`;
const inRedis = async (k: string) => Number((await redis.get(k)) ?? 0);

describe('the window counter', () => {
  it('answers the same counts as one Redis round trip per use would, the limit crossed on the same use', async () => {
    const counter = createWindowCounter({ redis, flushMs: 60_000 });
    const k = key();
    const counts = [];
    for (let i = 0; i < 12; i++) counts.push((await counter.hit(k, 60_000, 10)).count);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // From 80% of the limit on, every use was added in Redis at once.
    expect(await inRedis(k)).toBe(12);
    expect(await redis.pttl(k)).toBeGreaterThan(50_000);
  });

  it('far from the limit, asks Redis for the first use only and adds the rest in one batch', async () => {
    const counter = createWindowCounter({ redis, flushMs: 60_000 });
    const k = key();
    for (let i = 0; i < 50; i++) await counter.hit(k, 60_000, 600);
    expect(await inRedis(k)).toBe(1);
    await counter.flush();
    expect(await inRedis(k)).toBe(50);
    const next = await counter.hit(k, 60_000, 600);
    expect(next.count).toBe(51);
    expect(next.resetMs).toBeGreaterThan(50_000);
    expect(next.resetMs).toBeLessThanOrEqual(60_000);
  });

  it('adds its batch on its own after flushMs', async () => {
    const counter = createWindowCounter({ redis, flushMs: 20 });
    const k = key();
    for (let i = 0; i < 5; i++) await counter.hit(k, 60_000, 600);
    for (let tries = 0; (await inRedis(k)) !== 5 && tries < 200; tries++) await new Promise((r) => setTimeout(r, 25));
    expect(await inRedis(k)).toBe(5);
  });

  it('counts every replica together: uses made elsewhere are seen once synchronised, and near the limit at once', async () => {
    const a = createWindowCounter({ redis, flushMs: 60_000 });
    const b = createWindowCounter({ redis, flushMs: 60_000 });
    const k = key();
    for (let i = 0; i < 3; i++) await a.hit(k, 60_000, 10);
    await a.flush();
    expect((await b.hit(k, 60_000, 10)).count).toBe(4);
    for (let i = 0; i < 3; i++) await b.hit(k, 60_000, 10);
    await b.flush();
    // Far from the limit a's view lags (it last knew 3; Redis holds 7): counted here, no round trip.
    expect((await a.hit(k, 60_000, 10)).count).toBe(4);
    await a.flush();
    expect(await inRedis(k)).toBe(8);
    // Near the limit every use, on either replica, is counted on the shared count.
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await (i % 2 ? a : b).hit(k, 60_000, 10)).count);
    expect(answers).toEqual([9, 10, 11, 12]);
  });

  it('starts a new window when the old one has ended', async () => {
    let clock = Date.now();
    const counter = createWindowCounter({ redis, flushMs: 60_000, now: () => clock });
    const k = key();
    for (let i = 0; i < 3; i++) await counter.hit(k, 200, 600);
    await counter.flush();
    await new Promise((r) => setTimeout(r, 300));
    clock += 300;
    expect((await counter.hit(k, 200, 600)).count).toBe(1);
  });

  it('fails like Redis when Redis is unreachable, and forgets what it could not add', async () => {
    const down = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    const counter = createWindowCounter({ redis: down, flushMs: 60_000 });
    await expect(counter.hit(key(), 60_000, 600)).rejects.toThrow();
    expect(counter.size()).toBe(0);
    down.disconnect();
  });
});
