import type { Redis } from 'ioredis';
import type { WindowCounter } from '../limits/window-counter';

/**
 * A fixed-window counter per client address in Redis, shared by every gateway replica. Hand-written
 * because @fastify/rate-limit keys one counter per route, and guests need a second one (per address)
 * beside their per-guest counter; an INCR and an EXPIRE are all it takes.
 */
export function createAddressCounter({ redis, key, windowSeconds }: { redis: Redis; key: (ip: string) => string; windowSeconds: number }) {
  return {
    /** Counts one more use by `ip` and answers how many this window has seen, with the seconds left. */
    async hit(ip: string): Promise<{ count: number; resetSeconds: number }> {
      const k = key(ip);
      const [[, count], [, ttl]] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec()) as [
        [Error | null, number],
        [Error | null, number],
        [Error | null, number],
      ];
      return { count, resetSeconds: ttl > 0 ? ttl : windowSeconds };
    },
  };
}
export type AddressCounter = ReturnType<typeof createAddressCounter> & {
  /** `hit` answered without a promise when it needs no Redis; undefined (nothing counted) otherwise. */
  hitLocally?: (ip: string) => { count: number; resetSeconds: number } | undefined;
};

/**
 * The same per-address count on a window counter shared with the rate limits: no Redis round trip
 * per guest request while the address is far from `max` (limits/window-counter.ts). For the
 * per-request guest limit; issuing guest ids (a few an hour) keeps the plain counter above.
 */
export function createBatchedAddressCounter({
  counter,
  key,
  windowSeconds,
  max,
}: {
  counter: WindowCounter;
  key: (ip: string) => string;
  windowSeconds: number;
  max: number;
}): AddressCounter {
  const answer = ({ count, resetMs }: { count: number; resetMs: number }) => ({ count, resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)) });
  return {
    async hit(ip) {
      return answer(await counter.hit(key(ip), windowSeconds * 1000, max));
    },
    hitLocally(ip) {
      const local = counter.hitLocally(key(ip), max);
      return local && answer(local);
    },
  };
}
