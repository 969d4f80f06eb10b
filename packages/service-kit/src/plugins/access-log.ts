import type { FastifyInstance } from 'fastify';

/**
 * One line per request, when it completes (method, redacted URL, status, time), in place of
 * Fastify's two ("incoming request", "request completed"). The edge (the gateway) logs it at info:
 * one line per call the outside world made. Services log theirs at debug: the gateway's line
 * already tells the call happened, and at info every call cost a line in every process it crossed
 * (a quarter of a service's CPU at a few thousand calls a second, issue 25). Errors are logged
 * whatever the level, by the error handler (errors.ts). A route's own `logLevel` ('warn' on health
 * probes) silences its line as before.
 */
export function accessLogPlugin(app: FastifyInstance, { level }: { level: 'info' | 'debug' }) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
