import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { QUEUES, workerHeartbeatKey } from '@mnemo/contracts/jobs';
import type { SystemHealth } from '@mnemo/contracts/health';
import { pingRedis } from '@mnemo/service-kit/plugins/redis';

type Component = SystemHealth['services'][string];

async function timed(fn: () => Promise<void>): Promise<Component> {
  const started = performance.now();
  try {
    await fn();
    return { status: 'ok', latencyMs: Math.round(performance.now() - started) };
  } catch (e) {
    return { status: 'down', error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Jobs any worker still has to run: BullMQ's wait and active lists and its delayed and prioritised
 * sets, for every queue.
 */
async function queuedJobs(redis: Redis, prefix: string): Promise<number> {
  const counts = await Promise.all(
    Object.values(QUEUES).flatMap((q) => [
      redis.llen(`${prefix}:${q}:wait`),
      redis.llen(`${prefix}:${q}:active`),
      redis.zcard(`${prefix}:${q}:delayed`),
      redis.zcard(`${prefix}:${q}:prioritized`),
    ]),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * GET /api/healthz: the gateway itself, each service's /readyz (database and Redis reachable), and
 * the ingest worker: its heartbeat in Redis, or, with no worker running (KEDA scales it to zero
 * when the queues are empty), no job left for one. 503 while anything is down.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { services, redis, redisPrefix }: { services: Record<string, string>; redis: Redis; redisPrefix: string },
) {
  // Callers that arrive while a check runs share its result: a burst of requests makes one round
  // of calls to the services, not one per request. A finished check is never reused.
  let running: Promise<SystemHealth> | undefined;
  app.get('/api/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    running ??= check().finally(() => {
      running = undefined;
    });
    const body = await running;
    reply.status(body.status === 'ok' ? 200 : 503);
    return body;
  });

  async function check(): Promise<SystemHealth> {
    const checks = await Promise.all([
      // Down at once while the connection is, rather than after a command timeout.
      ['gateway', timed(() => pingRedis(redis))] as const,
      ...Object.entries(services).map(
        ([name, url]) =>
          [
            name,
            timed(async () => {
              const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3000) });
              if (!res.ok) throw new Error(`readyz answered ${res.status}`);
            }),
          ] as const,
      ),
      [
        'worker',
        timed(async () => {
          const beat = await redis.get(workerHeartbeatKey(redisPrefix));
          if (beat) return;
          const queued = await queuedJobs(redis, redisPrefix);
          if (queued > 0) throw new Error(`no heartbeat from the ingest worker while ${queued} ${queued === 1 ? 'job waits' : 'jobs wait'}`);
        }),
      ] as const,
    ].map(async ([name, p]) => [name, await p] as const));
    return {
      status: checks.every(([, c]) => c.status === 'ok') ? 'ok' : 'degraded',
      services: Object.fromEntries(checks),
    };
  }
}
