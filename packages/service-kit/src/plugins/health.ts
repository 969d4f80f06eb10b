import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plugins add what /readyz must check (database, Redis, storage). */
    addReadinessCheck(check: ReadinessCheck): void;
    /** Runs every readiness check: what /readyz answers, wherever it is served. */
    readiness(): Promise<ReadinessReport>;
  }
}

export type ReadinessCheck = { name: string; check: () => Promise<void> };
export type ReadinessReport = {
  status: 'ok' | 'down';
  service: string;
  checks: Record<string, { status: 'ok' } | { status: 'down'; error: string }>;
};

/**
 * /healthz (the process answers) and /readyz (every dependency the service cannot work without
 * answers; 503 naming the ones that do not). With `serveReadyz: false` the report is only
 * `app.readiness()`, which the ops server serves (ops-server.ts).
 */
export function healthPlugin(
  app: FastifyInstance,
  options: { name: string; readiness?: ReadinessCheck[] | undefined; serveReadyz?: boolean },
) {
  const checks: ReadinessCheck[] = [...(options.readiness ?? [])];
  app.decorate('addReadinessCheck', (check: ReadinessCheck) => {
    checks.push(check);
  });
  app.decorate('readiness', async (): Promise<ReadinessReport> => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await check();
          return [name, { status: 'ok' as const }] as const;
        } catch (e) {
          return [name, { status: 'down' as const, error: e instanceof Error ? e.message : String(e) }] as const;
        }
      }),
    );
    const ready = results.every(([, r]) => r.status === 'ok');
    return { status: ready ? 'ok' : 'down', service: options.name, checks: Object.fromEntries(results) };
  });
  app.get('/healthz', { config: { public: true }, logLevel: 'warn' }, async () => ({
    status: 'ok',
    service: options.name,
  }));
  if (options.serveReadyz === false) return;
  app.get('/readyz', { config: { public: true }, logLevel: 'warn' }, async (_req, reply) => {
    const report = await app.readiness();
    return reply.status(report.status === 'ok' ? 200 : 503).send(report);
  });
}
