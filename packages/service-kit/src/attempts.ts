import type { Redis } from 'ioredis';

/**
 * Counts events per key in a fixed window (Redis INCR + EXPIRE). Used for failed sign-ins per
 * account and per address (auth) and class join attempts per address and per code (deck): the
 * window ends by itself, so the real user is never locked out for good.
 */
export function createAttemptCounter({ redis, prefix }: { redis: Redis; prefix: string }) {
  const k = (key: string) => `${prefix}:attempts:${key}`;
  return {
    async count(key: string): Promise<{ count: number; retryAfterSeconds: number }> {
      const [[, count], [, ttl]] = (await redis.multi().get(k(key)).ttl(k(key)).exec()) as [[null, string | null], [null, number]];
      return { count: Number(count ?? 0), retryAfterSeconds: Math.max(ttl, 0) };
    },
    async hit(key: string, windowSeconds: number): Promise<number> {
      const [[, count]] = (await redis.multi().incr(k(key)).expire(k(key), windowSeconds, 'NX').exec()) as [[null, number]];
      return count;
    },
    async reset(key: string) {
      await redis.del(k(key));
    },
    /** True the first time in the window; false while the key is held. */
    async claimOnce(key: string, windowSeconds: number): Promise<boolean> {
      return (await redis.set(k(key), '1', 'EX', windowSeconds, 'NX')) === 'OK';
    },
  };
}
export type AttemptCounter = ReturnType<typeof createAttemptCounter>;
