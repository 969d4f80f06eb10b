import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import {
  internalPlanPath,
  internalPlanResponseSchema,
  planCacheKey,
  planChangedChannel,
  type BillingPlan,
} from '@mnemo/contracts/internal/billing';
import type { InternalClient } from '@mnemo/service-kit/internal-client';
import type { TraceCarrier } from '@mnemo/service-kit';

/** How long an answer of billing is trusted without hearing of a change (seconds). */
export const PLAN_CACHE_SECONDS = 30;
/** After billing failed to answer, how long the fallback is used before asking again (ms). */
const FAILURE_BACKOFF_MS = 5_000;

/**
 * A signed-in user's plan, as the billing service answers it, cached in memory and in Redis for
 * 30 seconds. Billing drops the Redis copy and publishes the user id when a subscription changes;
 * every gateway then forgets its memory copy, so an upgrade counts from the next request.
 */
export function createPlanCache({
  billing,
  redis,
  subscriber,
  prefix,
  log,
  ttlSeconds = PLAN_CACHE_SECONDS,
}: {
  billing: Pick<InternalClient, 'get'>;
  redis: Redis;
  /** A connection in subscriber mode (shared with the progress relay: each ignores the other's channels). */
  subscriber: Redis;
  prefix: string;
  log: FastifyBaseLogger;
  ttlSeconds?: number;
}) {
  const memory = new Map<string, { plan: BillingPlan | null; expires: number }>();
  const channel = planChangedChannel(prefix);
  subscriber.on('message', (from: string, userId: string) => {
    if (from === channel) memory.delete(userId);
  });
  // The gateway must not miss an invalidation: subscribe before the first answer is cached.
  const subscribed = subscriber.subscribe(channel).catch((err: unknown) => log.warn({ err }, 'could not subscribe to plan changes'));

  async function ask(userId: string, trace: TraceCarrier | undefined): Promise<BillingPlan | null> {
    const key = planCacheKey(prefix, userId);
    const cached = await redis.get(key).catch(() => null);
    if (cached) {
      const parsed = internalPlanResponseSchema.safeParse(JSON.parse(cached));
      if (parsed.success) return parsed.data.plan;
    }
    try {
      const answer = internalPlanResponseSchema.parse(await billing.get(internalPlanPath(userId), { trace }));
      await redis.set(key, JSON.stringify(answer), 'EX', ttlSeconds).catch(() => {});
      return answer.plan;
    } catch (err) {
      log.warn({ err, userId }, 'billing did not answer the plan; using the token’s');
      return null;
    }
  }

  /**
   * One question to billing per user at a time: concurrent first requests (a page opening makes
   * several calls at once) share the answer instead of each asking billing.
   */
  const inFlight = new Map<string, Promise<BillingPlan | null>>();
  async function askOnce(userId: string, trace: TraceCarrier | undefined): Promise<BillingPlan | null> {
    const plan = await ask(userId, trace);
    memory.set(userId, { plan, expires: Date.now() + (plan ? ttlSeconds * 1000 : FAILURE_BACKOFF_MS) });
    // The map holds only recent callers: an entry past its time is dropped when the map grows.
    if (memory.size > 50_000) for (const [k, v] of memory) if (v.expires <= Date.now()) memory.delete(k);
    return plan;
  }

  return {
    /**
     * The user's plan, or null when billing could not say (the caller falls back). `trace`: the
     * request's, continued by the call to billing (the gateway makes no span active, see app.ts).
     */
    async planOf(userId: string, trace?: TraceCarrier): Promise<BillingPlan | null> {
      await subscribed;
      const hit = memory.get(userId);
      if (hit && hit.expires > Date.now()) return hit.plan;
      let pending = inFlight.get(userId);
      if (!pending) {
        pending = askOnce(userId, trace).finally(() => inFlight.delete(userId));
        inFlight.set(userId, pending);
      }
      return pending;
    },
  };
}
export type PlanCache = ReturnType<typeof createPlanCache>;
