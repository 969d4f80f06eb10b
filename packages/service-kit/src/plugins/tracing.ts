import type { FastifyInstance } from 'fastify';
import type { Logger } from '@mnemo/logger';
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
} from '../trace';

declare module 'fastify' {
  interface FastifyRequest {
    /** W3C trace context of this request (the caller's trace, a span of this service). */
    trace: TraceContext;
    /** This request's server span (OpenTelemetry), ended when the answer is sent. */
    span: Span;
  }
  interface FastifyInstance {
    /** The service's tracer: apps start spans of their own work with it. */
    tracing: Tracing;
  }
}

/**
 * Each request is a server span, a child of the caller's traceparent (or a new trace). Its context
 * is made active for the rest of the request, so internal calls and enqueued jobs carry the trace
 * on. The trace id is logged with the request id, and the answer's traceparent names this span so a
 * client can quote it.
 */
/** `GET /decks/:id`: made once per method and route, not per request. */
const spanNames = new Map<string, Map<string, string>>();
function spanNameOf(method: string, route: string): string {
  let byRoute = spanNames.get(method);
  if (!byRoute) spanNames.set(method, (byRoute = new Map()));
  let name = byRoute.get(route);
  if (name === undefined) byRoute.set(route, (name = `${method} ${route}`));
  return name;
}

export function tracingPlugin(app: FastifyInstance, options: { name: string; tracing?: TracingOptions | undefined }) {
  const tracing = createTracing(options.name, options.tracing);
  const activeContext = options.tracing?.activeContext !== false;
  app.decorate('tracing', tracing);
  app.decorateRequest('trace', null as never);
  app.decorateRequest('span', null as never);
  app.addHook('onRequest', (request, reply, done) => {
    const parent = extractTrace(request.headers);
    // The attributes only for a span that is exported (an ids-only span drops them).
    const span = tracing.startRequestSpan(
      request.method,
      tracing.exporting
        ? { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] ?? '' } }
        : { kind: SpanKind.SERVER },
      parent,
    );
    request.span = span;
    request.trace = traceContextOf(span, parent);
    // Fastify already made this request a child logger (its request id): the trace ids join its
    // bindings rather than making a second child per request.
    (request.log as Logger).setBindings({ traceId: request.trace.traceId, spanId: request.trace.spanId });
    reply.header(TRACEPARENT_HEADER, formatTraceparent(request.trace));
    // The rest of the request (body parsing included: tested over a real socket) runs in this
    // span's context, unless the service hands the trace on itself (TracingOptions.activeContext).
    if (activeContext) context.with(trace.setSpan(parent, span), done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.span.isRecording()) {
      const route = request.routeOptions.url;
      if (route) {
        request.span.updateName(spanNameOf(request.method, route));
        request.span.setAttribute('http.route', route);
      }
      request.span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) request.span.setStatus({ code: SpanStatusCode.ERROR });
    }
    request.span.end();
    done();
  });
  app.addHook('onClose', async () => {
    await tracing.shutdown();
  });
}
