import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { workerHeartbeatKey } from '@mnemo/contracts/jobs';
import type { SystemHealth } from '@mnemo/contracts/health';

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
 * GET /api/healthz: the gateway itself, each service's /readyz (database and Redis reachable), and
 * the ingest worker's heartbeat in Redis. 503 while anything is down.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { services, redis, redisPrefix }: { services: Record<string, string>; redis: Redis; redisPrefix: string },
) {
  app.get('/api/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    const checks = await Promise.all([
      ['gateway', timed(async () => void (await redis.ping()))] as const,
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
          if (!beat) throw new Error('no heartbeat from the ingest worker');
        }),
      ] as const,
    ].map(async ([name, p]) => [name, await p] as const));
    const body: SystemHealth = {
      status: checks.every(([, c]) => c.status === 'ok') ? 'ok' : 'degraded',
      services: Object.fromEntries(checks),
    };
    reply.status(body.status === 'ok' ? 200 : 503);
    return body;
  });
}
