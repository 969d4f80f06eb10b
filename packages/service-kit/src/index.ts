import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import client from 'prom-client';
import { IDENTITY_HEADER, REQUEST_ID_HEADER, type Identity } from '@mnemo/contracts/identity';
import { ERROR_STATUS, type ErrorBody } from '@mnemo/contracts/errors';
import { findUnstorableText } from '@mnemo/contracts/text';
import { fastifyLoggerOptions } from '@mnemo/logger';
import { AppError, isAppError, isPublicError } from './errors';
import { verifyIdentity } from './identity';
import { isRedisUnavailable } from './plugins/redis';
import { context, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import {
  createTracing,
  extractTrace,
  formatTraceparent,
  SpanKind,
  traceContextOf,
  TRACEPARENT_HEADER,
  type TraceContext,
  type Tracing,
  type TracingOptions,
} from './trace';

export { AppError, isAppError, notFound, unauthenticated } from './errors';
export { signIdentity, verifyIdentity } from './identity';
export {
  createTracing,
  currentTraceCarrier,
  formatTraceparent,
  inSpan,
  SpanKind,
  TRACEPARENT_HEADER,
  type TraceCarrier,
  type TraceContext,
  type Tracing,
} from './trace';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller as the gateway saw it; `{kind: 'none'}` on public routes without one. */
    identity: Identity;
    /** The address the caller's browser used, from the gateway's signed envelope; null when not given. */
    publicOrigin: string | null;
    /** W3C trace context of this request (the caller's trace, a span of this service). */
    trace: TraceContext;
    /** This request's server span (OpenTelemetry), ended when the answer is sent. */
    span: Span;
  }
  interface FastifyInstance {
    /** Plugins add what /readyz must check (database, Redis, storage). */
    addReadinessCheck(check: ReadinessCheck): void;
    serviceName: string;
    /** The service's Prometheus registry, served on /metrics: apps add their own metrics to it. */
    metrics: client.Registry;
    /** The service's tracer: apps start spans of their own work with it. */
    tracing: Tracing;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a signed identity (health, metrics, webhooks). */
    public?: boolean;
  }
}

export type ReadinessCheck = { name: string; check: () => Promise<void> };

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
};


export type ServiceApp = FastifyInstance & { withTypeProvider(): FastifyInstance };

/**
 * Builds a Fastify instance the same way for every service: request ids, zod validation, one error
 * handler, identity from the gateway's signed header, /healthz, /readyz and /metrics.
 */
export function createService(options: ServiceOptions) {
  const app = Fastify({
    logger: fastifyLoggerOptions(options.name, options.logLevel),
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
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('serviceName', options.name);
  // Tracing: each request is a server span, a child of the caller's traceparent (or a new trace).
  // Its context is made active for the rest of the request, so internal calls and enqueued jobs
  // carry the trace on. The trace id is logged with the request id, and the answer's traceparent
  // names this span so a client can quote it.
  const tracing = createTracing(options.name, options.tracing);
  app.decorate('tracing', tracing);
  app.decorateRequest('trace', null as never);
  app.decorateRequest('span', null as never);
  app.addHook('onRequest', (request, reply, done) => {
    const parent = extractTrace(request.headers);
    const span = tracing.tracer.startSpan(
      request.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] ?? '' } },
      parent,
    );
    request.span = span;
    request.trace = traceContextOf(span, parent);
    request.log = request.log.child({ traceId: request.trace.traceId, spanId: request.trace.spanId });
    reply.header(TRACEPARENT_HEADER, formatTraceparent(request.trace));
    // The rest of the request (body parsing included: tested over a real socket) runs in this
    // span's context.
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route) {
      request.span.updateName(`${request.method} ${route}`);
      request.span.setAttribute('http.route', route);
    }
    request.span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) request.span.setStatus({ code: SpanStatusCode.ERROR });
    request.span.end();
    done();
  });
  app.addHook('onClose', async () => {
    await tracing.shutdown();
  });
  // A POST with a JSON content type and no body (logout, say) is an empty object, not a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }),
        undefined,
      );
    }
  });
  // Every body, query and params with a schema is first checked for text Postgres cannot store
  // (NUL, lone surrogates): one rule from the contracts for every route, rather than every string
  // field of every service's schemas opting in. The AppError reaches the error handler as is.
  app.setValidatorCompiler((route: Parameters<typeof validatorCompiler>[0]) => {
    const validate = validatorCompiler(route);
    return (data: unknown) => {
      const found = route.httpPart === 'headers' ? null : findUnstorableText(data);
      if (found) {
        const field = found.path.join('.');
        return { error: new AppError('INVALID_CHARACTER', field ? `${field}: ${found.message}` : found.message) };
      }
      return validate(data);
    };
  });
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  registerErrorHandling(app);
  registerMetrics(app, options);
  registerHealth(app, options);
  if (!options.trustsNoIdentityHeader) registerIdentity(app, options.internalSecret);
  else {
    app.decorateRequest('identity', null as never);
    app.decorateRequest('publicOrigin', null);
  }

  return app;
}

export type Service = ReturnType<typeof createService>;

function errorBody(code: ErrorBody['code'], message: string, requestId: string): ErrorBody {
  return { success: false, error: message, message, code, requestId };
}

function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'is invalid',
      }));
      const message = fields
        .map((f) => (f.field ? `${f.field}: ${f.message}` : f.message))
        .join('; ');
      return reply
        .status(400)
        .send({
          ...errorBody('VALIDATION_FAILED', message || 'Invalid request', request.id),
          details: { fields },
        });
    }
    if (isAppError(error)) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      const body: ErrorBody = {
        ...errorBody(error.code, error.message, request.id),
        ...error.flags,
      };
      if (error.details !== undefined && error.statusCode < 500) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (isPublicError(error)) {
      const status = ERROR_STATUS[error.publicCode];
      request.log[status >= 500 ? 'error' : 'warn'](
        { err: error, code: error.publicCode },
        error.message,
      );
      const body: ErrorBody = errorBody(error.publicCode, error.publicMessage, request.id);
      if (error.retryAfterSeconds !== undefined) {
        body.retryAfterSeconds = Math.max(0, Math.ceil(error.retryAfterSeconds));
        reply.header('retry-after', String(body.retryAfterSeconds));
      }
      return reply.status(status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx errors (bad JSON, body too large, unsupported content type).
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : 'BAD_REQUEST';
      return reply.status(status).send(errorBody(code, error.message, request.id));
    }
    // Redis down or too slow (its commands are bounded): the caller may retry, nothing is broken.
    if (isRedisUnavailable(error)) {
      request.log.error({ err: error }, 'Redis is unavailable');
      reply.header('retry-after', '5');
      return reply
        .status(503)
        .send(errorBody('SERVICE_UNAVAILABLE', 'Mnemo is briefly unavailable. Please try again in a few seconds.', request.id));
    }
    // Never leak internals (SQL, stack traces, hostnames) to the caller.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', 'Internal server error', request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        errorBody(
          'NOT_FOUND',
          `Route ${request.method} ${request.url.split('?')[0]} not found`,
          request.id,
        ),
      );
  });
}

function registerMetrics(app: FastifyInstance, options: ServiceOptions) {
  const registry = options.metricsRegistry ?? new client.Registry();
  registry.setDefaultLabels({ service: options.name });
  client.collectDefaultMetrics({ register: registry });
  app.decorate('metrics', registry);
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { config: { public: true }, logLevel: 'warn' }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}

function registerHealth(app: FastifyInstance, options: ServiceOptions) {
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

function registerIdentity(app: FastifyInstance, secret: string) {
  // Decorated with null (fastify wants reference types set per request); the hook always sets it.
  app.decorateRequest('identity', null as never);
  app.decorateRequest('publicOrigin', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers[IDENTITY_HEADER];
    if (typeof header !== 'string' || header === '') {
      if (request.routeOptions.config?.public) {
        request.identity = { kind: 'none' };
        return;
      }
      // Services sit behind the gateway; a call without its signed identity did not come through it.
      throw new AppError('IDENTITY_INVALID', 'Missing caller identity');
    }
    const result = verifyIdentity(header, secret);
    if (!result.ok) {
      request.log.warn({ reason: result.reason }, 'refused forged or stale identity header');
      throw new AppError('IDENTITY_INVALID', 'Invalid caller identity');
    }
    request.identity = result.identity;
    request.publicOrigin = result.origin ?? null;
  });
}

/**
 * Where links given to this caller's browser point: the configured PUBLIC_URL when there is one (a
 * deployment with a fixed address; a forged Host then changes nothing), else the address the
 * browser used as the gateway signed it. Without either there is no honest answer.
 */
export function publicUrlOf(request: FastifyRequest, configured: string | undefined): string {
  const base = configured ?? request.publicOrigin;
  if (!base) throw new AppError('INTERNAL', 'The public address of this request is unknown: set PUBLIC_URL');
  return base.replace(/\/+$/, '');
}

/** Guards for route handlers. */
export function requireUser(request: FastifyRequest) {
  if (request.identity.kind !== 'user')
    throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return request.identity;
}

/** A user or an anonymous session: the owner of whatever the caller creates. */
export function requireOwner(request: FastifyRequest) {
  const id = request.identity;
  if (id.kind === 'user') return { userId: id.userId } as const;
  if (id.kind === 'anonymous') return { anonId: id.anonId } as const;
  throw new AppError('UNAUTHENTICATED', 'A session is required: sign in or continue as a guest');
}

export { fp };

/** A module's routes plugin, typed so route schemas (zod) type request and reply. */
export type { FastifyPluginAsyncZod as RoutesPlugin } from 'fastify-type-provider-zod';
