import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { PROGRESS_TTL_SECONDS, progressAccessPath, progressOwnerKey } from '@mnemo/contracts/progress';
import { createProgressRelay, type DeckClient } from './progress.service';
import { createRedis } from '@mnemo/service-kit/plugins/redis';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-progress-${randomUUID()}`;
const redis = new Redis(REDIS_URL);
// A subscriber as the gateway makes it (no ready check: redis/ioredis#2037).
const subscriber = createRedis(REDIS_URL, { subscriber: true });
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await Promise.all([redis.quit(), subscriber.quit()]);
});

/** The deck service's may-watch answers: who owns which source, and who asked. */
function deckOwning(owners: Map<string, string>) {
  const asked: { path: string; owner: string }[] = [];
  const deck: DeckClient = {
    async post<T>(path: string, body: unknown) {
      const { owner } = body as { owner: string };
      asked.push({ path, owner });
      const sourceId = [...owners.keys()].find((id) => path === progressAccessPath(id));
      return { allowed: sourceId !== undefined && owners.get(sourceId) === owner } as T;
    },
  };
  return { deck, asked };
}

describe('who may watch a source', () => {
  it("lets the account of a guest who signed up while the source processed watch it, though the owner key still names the guest", async () => {
    const sourceId = randomUUID();
    const guest = randomUUID();
    const userId = randomUUID();
    const key = progressOwnerKey(prefix, sourceId);
    await redis.set(key, `anon:${guest}`, 'EX', 600);
    // The deck has moved to the account (claims); the key was written before it did.
    const { deck, asked } = deckOwning(new Map([[sourceId, `user:${userId}`]]));
    const relay = createProgressRelay({ redis, subscriber, prefix, deck });

    expect(await relay.mayWatch(sourceId, { kind: 'user', userId, plan: 'free' })).toBe(true);
    expect(asked).toEqual([{ path: progressAccessPath(sourceId), owner: `user:${userId}` }]);
    // The yes is kept: the account's next look needs no call, and the key lives on.
    expect(await redis.get(key)).toBe(`user:${userId}`);
    expect(await redis.ttl(key)).toBeGreaterThan(PROGRESS_TTL_SECONDS - 60);
    expect(await relay.mayWatch(sourceId, { kind: 'user', userId, plan: 'free' })).toBe(true);
    expect(asked).toHaveLength(1);

    // Anyone else is asked about and refused, and changes nothing.
    expect(await relay.mayWatch(sourceId, { kind: 'anonymous', anonId: randomUUID(), plan: 'anonymous' })).toBe(false);
    expect(await redis.get(key)).toBe(`user:${userId}`);
  });

  it('says no to a key naming someone else when there is no deck service to ask', async () => {
    const sourceId = randomUUID();
    await redis.set(progressOwnerKey(prefix, sourceId), `anon:${randomUUID()}`, 'EX', 600);
    const relay = createProgressRelay({ redis, subscriber, prefix });
    expect(await relay.mayWatch(sourceId, { kind: 'user', userId: randomUUID(), plan: 'free' })).toBe(false);
  });
});
