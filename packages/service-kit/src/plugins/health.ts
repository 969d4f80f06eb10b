import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plugins add what /readyz must check (database, Redis, storage). */
    addReadinessCheck(check: ReadinessCheck): void;
  }
}

export type ReadinessCheck = { name: string; check: () => Promise<void> };

/**
 * /healthz (the process answers) and /readyz (every dependency the service cannot work without
 * answers; 503 naming the ones that do not).
 */
export function healthPlugin(app: FastifyInstance, options: { name: string; readiness?: ReadinessCheck[] | undefined }) {
  const checks: ReadinessCheck[] = [...(options.readiness ?? [])];
  app.decorate('addReadinessCheck', (check: ReadinessCheck) => {
    checks.push(check);
  });
  app.get('/healthz', { config: { public: true }, logLevel: 'warn' }, async () => ({
    status: 'ok',
    service: options.name,
  }));
  app.get('/readyz', { config: { public: true }, logLevel: 'warn' }, async (_req, reply) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await check();
          return [name, { status: 'ok' }] as const;
        } catch (e) {
          return [
            name,
            { status: 'down', error: e instanceof Error ? e.message : String(e) },
          ] as const;
        }
      }),
    );
    const ready = results.every(([, r]) => r.status === 'ok');
    reply.status(ready ? 200 : 503);
    return {
      status: ready ? 'ok' : 'down',
      service: options.name,
      checks: Object.fromEntries(results),
    };
  });
}
