import type { FastifyInstance } from 'fastify';
import { serializeRequest, writeLine, type Logger } from '@mnemo/logger';
import type { TraceContext } from '../trace';

/**
 * One line per request, when it completes (method, redacted URL, status, time), in place of
 * Fastify's two ("incoming request", "request completed"). The edge (the gateway) logs it at info:
 * one line per call the outside world made. Services log theirs at debug: the gateway's line
 * already tells the call happened, and at info every call cost a line in every process it crossed
 * (a quarter of a service's CPU at a few thousand calls a second, issue 25). Errors are logged
 * whatever the level, by the error handler (errors.ts). A route's own `logLevel` ('warn' on health
 * probes) silences its line as before.
 *
 * The line is written by a child of the app's logger without redaction paths: its fields are only
 * what the serialisers make of the request (method, URL with its credentials already censored by
 * `redactUrl`, host, address, port: no headers) and of the reply (status code), the request and
 * trace ids and the time, none of them secret. Running the logger's redaction over every key of it
 * (the wildcard paths apply to each one) made the line about 5× dearer (12 µs against 2.3 µs,
 * measured in-process), at the one process every call crosses.
 */
export function accessLogPlugin(app: FastifyInstance, { level }: { level: 'info' | 'debug' }) {
  const lines = (app.log as Logger).child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    // The request's logger carries the route's level (probes at 'warn') and the service's.
    if ((request.log as Logger).isLevelEnabled(level)) {
      const trace = request.trace as TraceContext | null;
      // The line `lines[level]({ reqId, traceId, spanId, req: request, res: reply, responseTime }, …)`
      // wrote, with the serialisers the logger has (Fastify's options from @mnemo/logger) applied
      // here: one JSON.stringify rather than pino's walk over each key (writeLine).
      writeLine(
        lines,
        level,
        {
          reqId: request.id,
          // The ids the tracing plugin bound to the request's logger (absent if it never ran).
          traceId: trace?.traceId,
          spanId: trace?.spanId,
          req: serializeRequest(request),
          // Fastify's own `res` serialiser.
          res: { statusCode: reply.statusCode },
          responseTime: reply.elapsedTime,
        },
        'request completed',
      );
    }
    done();
  });
}
