import type { Redis } from 'ioredis';

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
export type AddressCounter = ReturnType<typeof createAddressCounter>;
