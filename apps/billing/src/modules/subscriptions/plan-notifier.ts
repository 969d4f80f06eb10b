import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { planCacheKey, planChangedChannel } from '@mnemo/contracts/internal/billing';

/**
 * Tells the gateways a user's plan changed: the shared cached answer is dropped and the user id is
 * published, so every gateway drops its in-memory copy too and the next request asks billing again.
 * An upgrade then shows on the very next request instead of after the cache's 30 seconds.
 */
export function createPlanNotifier({ redis, prefix, log }: { redis: Redis; prefix: string; log: FastifyBaseLogger }) {
  return {
    async planChanged(userId: string) {
      try {
        await redis.multi().del(planCacheKey(prefix, userId)).publish(planChangedChannel(prefix), userId).exec();
      } catch (err) {
        // The state is committed; the gateways' caches expire on their own within 30 seconds.
        log.warn({ err, userId }, 'could not invalidate the cached plan');
      }
    },
  };
}
export type PlanNotifier = ReturnType<typeof createPlanNotifier>;
