import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type client from 'prom-client';
import { REQUEST_ID_HEADER } from '@mnemo/contracts/identity';
import { bufferedStdout, fastifyLoggerOptions } from '@mnemo/logger';
import type { TracingOptions } from './trace';
import { errorsPlugin } from './plugins/errors';
import { healthPlugin, type ReadinessCheck } from './plugins/health';
import { identityPlugin } from './plugins/identity';
import { accessLogPlugin } from './plugins/access-log';
import { metricsPlugin } from './plugins/metrics';
import { requestBodyPlugin } from './plugins/request-body';
import { tracingPlugin } from './plugins/tracing';
import { lazyRequestLogger } from './request-logger';

export { AppError, errorBody, isAppError, notFound, unauthenticated } from './errors';
export { signIdentity, verifyIdentity } from './identity';
export { publicUrlOf, requireOwner, requireUser } from './plugins/identity';
export type { ReadinessCheck, ReadinessReport } from './plugins/health';
export { createOpsServer } from './ops-server';
export {
  contractResponse,
  contractSchema,
  internalContractSchema,
  type ContractSchema,
  type InternalContractSchema,
} from './contract-schemas';
export {
  createTracing,
  currentTraceCarrier,
  formatTraceparent,
  inSpan,
  SpanKind,
  spanTraceCarrier,
  TRACEPARENT_HEADER,
  type TraceCarrier,
  type TraceContext,
  type Tracing,
} from './trace';

declare module 'fastify' {
  interface FastifyInstance {
    serviceName: string;
  }
}

export type ServiceOptions = {
  name: string;
  logLevel?: string;
  internalSecret: string;
  /** Checked by /readyz: database, Redis, anything the service cannot work without. */
  readiness?: ReadinessCheck[];
  /** The gateway sets true: it resolves identity itself instead of trusting a header. */
  trustsNoIdentityHeader?: boolean;
  bodyLimit?: number;
  /**
   * Whose X-Forwarded-For/-Host/-Proto are believed (Fastify's trustProxy): true, a hop count, or
   * addresses, CIDRs and proxy-addr names ('loopback', '10.0.0.0/8,127.0.0.1'...). Unset: none, the
   * socket is the truth.
   */
  trustProxy?: boolean | number | string;
  /** Register metrics on a fresh registry (tests build many apps in one process). */
  metricsRegistry?: client.Registry;
  /** Span export (OTEL_EXPORTER_OTLP_ENDPOINT); spans are made either way. */
  tracing?: TracingOptions;
  /**
   * Where /metrics and /readyz are answered: `'app'` (the default) on the app's own port, which
   * only the cluster reaches for a service; `'ops-server'` only by `createOpsServer(app)` on a port
   * of its own, for an app whose port is public (the gateway). /healthz stays on the app either way.
   */
  opsEndpoints?: 'app' | 'ops-server';
  /**
   * The level of the one line each request logs: `'info'` at the edge (the gateway), `'debug'` (the
   * default) in services behind it. See plugins/access-log.ts.
   */
  accessLogLevel?: 'info' | 'debug';
  /**
   * Standard output written in blocks of lines (`bufferedStdout` of @mnemo/logger), for a process
   * that logs a line per request (the gateway's access line): lines reach the output up to 200 ms
   * later, the same lines in the same order.
   */
  bufferedLogs?: boolean;
};


export type ServiceApp = FastifyInstance & { withTypeProvider(): FastifyInstance };

/**
 * Builds a Fastify instance the same way for every service: request ids, zod validation, one error
 * handler, identity from the gateway's signed header, /healthz, /readyz and /metrics. Each concern
 * is a plugin of its own under plugins/, applied here at once (not through `register`), so its
 * decorators (`app.metrics`, `app.tracing`) exist as soon as this returns, and in this order: the
 * tracing hook runs first so every later log line carries the trace id.
 */
export function createService(options: ServiceOptions) {
  const app = Fastify({
    logger: options.bufferedLogs
      ? { ...fastifyLoggerOptions(options.name, options.logLevel), stream: bufferedStdout() }
      : fastifyLoggerOptions(options.name, options.logLevel),
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // A hop count as the function Fastify's types ask for (its runtime takes the number too).
    trustProxy:
      typeof options.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(options.trustProxy)
        : (options.trustProxy ?? false),
    // Graceful shutdown: stop taking new connections, let in-flight requests finish.
    forceCloseConnections: 'idle',
    // Replaced by one line per request at the level the service asks for (plugins/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A request's logger is made on its first line (request-logger.ts): most requests write none.
    childLoggerFactory: lazyRequestLogger,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('serviceName', options.name);
  tracingPlugin(app, { name: options.name, tracing: options.tracing });
  accessLogPlugin(app, { level: options.accessLogLevel ?? 'debug' });
  requestBodyPlugin(app);
  // A callback hook, not an async one: every request of every process runs it, and an async hook
  // costs a promise and a microtask turn per request for a header (issue 25).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
  errorsPlugin(app);
  const onApp = options.opsEndpoints !== 'ops-server';
  metricsPlugin(app, { name: options.name, registry: options.metricsRegistry, serve: onApp });
  healthPlugin(app, { name: options.name, readiness: options.readiness, serveReadyz: onApp });
  identityPlugin(app, { secret: options.trustsNoIdentityHeader ? null : options.internalSecret });

  return app;
}

export type Service = ReturnType<typeof createService>;

export { fp };

/** A module's routes plugin, typed so route schemas (zod) type request and reply. */
export type { FastifyPluginAsyncZod as RoutesPlugin } from 'fastify-type-provider-zod';
