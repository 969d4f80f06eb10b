import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A bare listener for what operators and probes ask, apart from the app's own port: /metrics (the
 * app's registry), /readyz (the app's readiness checks) and /healthz. For an app built with
 * `opsEndpoints: 'ops-server'` (the gateway, whose own port is public). It shares the app's logger
 * and is closed with the app; call it before the app is ready (it adds an onClose hook).
 */
export function createOpsServer(app: FastifyInstance) {
  const ops = Fastify({ loggerInstance: app.log.child({ listener: 'ops' }) });
  ops.get('/metrics', { logLevel: 'warn' }, async (_req, reply) => {
    reply.header('content-type', app.metrics.contentType);
    return app.metrics.metrics();
  });
  ops.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    const report = await app.readiness();
    return reply.status(report.status === 'ok' ? 200 : 503).send(report);
  });
  ops.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok', service: app.serviceName }));
  app.addHook('onClose', async () => {
    await ops.close();
  });
  return ops;
}
