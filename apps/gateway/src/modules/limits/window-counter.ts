import type { Redis } from 'ioredis';

/**
 * Adds `ARGV[1]` uses to a fixed-window counter, starting its window (`ARGV[2]` ms) when the key is
 * new (or was left without one), and answers the count with the milliseconds left: what
 * @fastify/rate-limit's Redis store does for one use, for any number.
 */
const ADD_USES = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
`;

type Entry = {
  windowMs: number;
  /** The count Redis answered at the last synchronisation (every replica's uses, ours included). */
  synced: number;
  /** Uses counted here since, not yet added in Redis. */
  pending: number;
  /** When the window ends (Date.now() clock), from Redis' PTTL. */
  resetAt: number;
};

export type WindowCount = { count: number; resetMs: number };

export type WindowCounterOptions = {
  redis: Redis;
  /** How often uses counted locally are added in Redis (one pipeline for every key). */
  flushMs?: number;
  /**
   * Below this share of the limit a use is counted locally; from it on, every use is a Redis round
   * trip, so the limit itself is decided on the shared count (exact, whatever the replicas).
   */
  nearLimit?: number;
  now?: () => number;
};

/**
 * Fixed-window counters in Redis, shared by every gateway replica, without a Redis round trip per
 * request while a caller is far from its limit. The first use of a key in a window asks Redis (the
 * window's count and end); later uses are counted here and added in Redis in batches, every
 * `flushMs`, in one pipeline. Once a caller reaches `nearLimit` of its limit, each use asks Redis
 * again, so the use that crosses the limit is found on the shared count: with one gateway the 429
 * comes exactly when it came before. With several, a replica sees the others' uses up to `flushMs`
 * late, so a caller could pass its limit only by making more than (1 - nearLimit) of it (120 of
 * 600 a minute) through other replicas within one `flushMs` (100 ms).
 *
 * A failed batch is not retried: its keys are forgotten, so their next use asks Redis and fails
 * like any call while Redis is down (the callers fail open, see plugins/rate-limit.ts).
 */
export function createWindowCounter({ redis, flushMs = 100, nearLimit = 0.8, now = Date.now }: WindowCounterOptions) {
  if (!('mnemoAddUses' in redis)) redis.defineCommand('mnemoAddUses', { numberOfKeys: 1, lua: ADD_USES });
  const addUses = (key: string, uses: number, windowMs: number) =>
    (redis as unknown as { mnemoAddUses(k: string, n: number, w: number): Promise<[number, number]> }).mnemoAddUses(key, uses, windowMs);
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;

  const remember = (key: string, windowMs: number, [count, ttl]: [number, number], pending: number) => {
    const entry = { windowMs, synced: count, pending, resetAt: now() + ttl };
    entries.set(key, entry);
    return entry;
  };

  async function flush(): Promise<void> {
    timer = undefined;
    const t = now();
    const batch: [string, Entry, number][] = [];
    for (const [key, entry] of entries) {
      if (entry.resetAt <= t) entries.delete(key);
      else if (entry.pending > 0) {
        batch.push([key, entry, entry.pending]);
        entry.pending = 0;
      }
    }
    if (batch.length === 0) return;
    const pipeline = redis.pipeline();
    for (const [key, entry, uses] of batch) (pipeline as unknown as { mnemoAddUses(...a: unknown[]): void }).mnemoAddUses(key, uses, entry.windowMs);
    let results: [Error | null, unknown][] | null;
    try {
      results = await pipeline.exec();
    } catch {
      results = null;
    }
    batch.forEach(([key, entry], i) => {
      const [error, value] = results?.[i] ?? [new Error('not sent'), null];
      if (error || !Array.isArray(value)) {
        if (entries.get(key) === entry) entries.delete(key);
        return;
      }
      const [count, ttl] = value as [number, number];
      entry.synced = count;
      entry.resetAt = now() + ttl;
    });
  }

  const schedule = () => {
    timer ??= setTimeout(() => void flush(), flushMs).unref();
  };

  /** The use counted here when the caller is far from its limit; undefined when Redis must be asked. */
  function hitLocally(key: string, max: number): WindowCount | undefined {
    const t = now();
    const entry = entries.get(key);
    if (entry && entry.resetAt > t && entry.synced + entry.pending + 1 < max * nearLimit) {
      entry.pending += 1;
      schedule();
      return { count: entry.synced + entry.pending, resetMs: entry.resetAt - t };
    }
    return undefined;
  }

  return {
    /** Counts one use of `key` in a window of `windowMs` and answers the count so far and the time left. */
    async hit(key: string, windowMs: number, max: number): Promise<WindowCount> {
      const local = hitLocally(key, max);
      if (local) return local;
      const t = now();
      const entry = entries.get(key);
      // Asks Redis, adding this use and any counted here still waiting for the batch.
      const carried = entry && entry.resetAt > t ? entry.pending : 0;
      if (entry) entry.pending = 0;
      let answer: [number, number];
      try {
        answer = await addUses(key, carried + 1, windowMs);
      } catch (error) {
        entries.delete(key);
        throw error;
      }
      const current = entries.get(key);
      // Uses counted here while Redis answered stay pending for the next batch.
      const fresh = remember(key, windowMs, answer, current && current !== entry ? current.pending : (current?.pending ?? 0));
      if (fresh.pending > 0) schedule();
      return { count: answer[0], resetMs: answer[1] };
    },
    /**
     * `hit` without a promise when the use is counted here (the caller far from its limit), for the
     * per-request hooks; undefined when it needs Redis, and then nothing was counted: call `hit`.
     */
    hitLocally,
    /** Adds what is still counted only here (at shutdown). */
    flush,
    /** Keys tracked here (tests). */
    size: () => entries.size,
  };
}
export type WindowCounter = ReturnType<typeof createWindowCounter>;
