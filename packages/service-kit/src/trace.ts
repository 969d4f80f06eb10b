import { createRequire } from 'node:module';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  isSpanContextValid,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { OTLPTraceExporter as OtlpTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  RandomIdGenerator,
  TracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';

/**
 * Tracing with OpenTelemetry: every request and job is a span, the caller's W3C `traceparent`
 * (from the gateway, another service or a job's payload) makes it a child, and the active span
 * travels with the async context so internal calls and enqueued jobs carry it on without being
 * handed it. Spans are exported over OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set; without
 * it a request's span carries only its ids (for the logs and for propagation) and other spans are
 * made and dropped.
 */
export const TRACEPARENT_HEADER = 'traceparent';

export { SpanKind };

/** The ids of one span, as logged and as put into a traceparent. */
export type TraceContext = { traceId: string; spanId: string; parentSpanId: string | null; flags: string };

/** A carrier of trace context: HTTP headers, or the `traceparent` field of a job's payload. */
export type TraceCarrier = { traceparent?: string | undefined; tracestate?: string | undefined };

let globalsInstalled = false;
/**
 * Process-wide and set once: the async-local context that holds the active span, and W3C trace
 * context propagation. Several services in one process (tests, the launcher) share them.
 */
function installGlobals() {
  if (globalsInstalled) return;
  globalsInstalled = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

export type TracingOptions = {
  /** OTLP/HTTP collector base URL (`…:4318`); spans go to `<endpoint>/v1/traces`. */
  otlpEndpoint?: string | undefined;
  /** Where spans go instead of a collector (tests). */
  exporter?: SpanExporter;
  /**
   * false: a request's span is not made the active context (AsyncLocalStorage) for the rest of the
   * request; `request.trace` still holds it, and whatever continues the trace is handed it
   * explicitly (headers, `createInternalClient`'s `trace`). Once an AsyncLocalStorage holds a value,
   * Node 20 runs its promise hook on every promise of the process: at the gateway, which relays
   * every call (undici, reply-from, streams) and makes two internal calls, that was 6-9% of its CPU
   * a call (issue 25). Default true.
   */
  activeContext?: boolean | undefined;
};

export type Tracing = {
  tracer: Tracer;
  /**
   * Starts the span of a request: the tracer's own when spans are exported; else one that only
   * carries its ids (`trace.wrapSpanContext`), which is all a span that goes nowhere is used for
   * (logs, traceparent, children). A recorded span cost each process a few percent of its CPU per
   * request for nothing (issue 25).
   */
  startRequestSpan(name: string, options: { kind: SpanKind; attributes?: Attributes }, parent: Context): Span;
  /** Whether spans go anywhere (an exporter): a span's attributes are worth making only then. */
  exporting: boolean;
  /** Sends the spans still buffered. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
};

/**
 * The OTLP exporter's class, required when a collector is configured: it and its protobuf code
 * (~2.5 MB of heap, ~5 MB resident) are otherwise never used, in each of the six services and worker of
 * `npm start` (issue 25, idle memory). Synchronous (createTracing is), hence `require`.
 */
const otlpExporter = () =>
  (createRequire(import.meta.url)('@opentelemetry/exporter-trace-otlp-http') as { OTLPTraceExporter: typeof OtlpTraceExporter })
    .OTLPTraceExporter;

/** A tracer of its own for one service (its `service.name`), exporting when configured. */
export function createTracing(serviceName: string, options: TracingOptions = {}): Tracing {
  installGlobals();
  const exporter =
    options.exporter ??
    (options.otlpEndpoint
      ? new (otlpExporter())({ url: `${options.otlpEndpoint.replace(/\/+$/, '')}/v1/traces` })
      : undefined);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': `mnemo-${serviceName}` }),
    // The default sampler follows the caller's sampled flag and samples new traces.
    spanProcessors: exporter ? [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1000 })] : [],
  });
  const tracer = provider.getTracer('mnemo');
  // The SDK's default choice, ParentBased(AlwaysOn): a new trace is sampled, a continued one
  // follows its caller's sampled flag (remote or local parent alike, the defaults being AlwaysOn
  // and AlwaysOff); decided here rather than by asking the sampler on every request (its checks
  // and decision object, a few hundred ns a request at the gateway, issue 25). trace.test.ts holds
  // the two to the same answers.
  const ids = new RandomIdGenerator();
  const idsOnly: Tracing['startRequestSpan'] = (_name, _options, parent) => {
    const caller = trace.getSpanContext(parent);
    const continued = caller !== undefined && isSpanContextValid(caller);
    const traceId = continued ? caller.traceId : ids.generateTraceId();
    return trace.wrapSpanContext({
      traceId,
      spanId: ids.generateSpanId(),
      traceFlags: !continued || (caller.traceFlags & TraceFlags.SAMPLED) !== 0 ? TraceFlags.SAMPLED : TraceFlags.NONE,
      ...(continued && caller.traceState ? { traceState: caller.traceState } : {}),
    });
  };
  return {
    tracer,
    startRequestSpan: exporter ? (name, options, parent) => tracer.startSpan(name, options, parent) : idsOnly,
    exporting: exporter !== undefined,
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

/** The context a carrier continues (the root context when it has no valid traceparent). */
export function extractTrace(carrier: Record<string, unknown>): Context {
  installGlobals();
  // The W3C propagator reads the headers itself (a repeated header's first value; anything else
  // that is not a valid traceparent is ignored).
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** The ids of a span started under `parent`, for logs and headers. */
export function traceContextOf(span: Span, parent: Context): TraceContext {
  const ids = span.spanContext();
  return {
    traceId: ids.traceId,
    spanId: ids.spanId,
    parentSpanId: trace.getSpanContext(parent)?.spanId ?? null,
    flags: ids.traceFlags.toString(16).padStart(2, '0'),
  };
}

/** `00-<trace id>-<span id>-<flags>`: the header that makes the next hop a child of this span. */
export const formatTraceparent = (ctx: Pick<TraceContext, 'traceId' | 'spanId' | 'flags'>) =>
  `00-${ctx.traceId}-${ctx.spanId}-${ctx.flags}`;

/** The active span's context as a carrier (empty outside any span): for headers and job payloads. */
export function currentTraceCarrier(): TraceCarrier {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * A span's context as a carrier, the same as `currentTraceCarrier()` while that span is active: for
 * a request whose span is not made active (TracingOptions.activeContext false), `request.span`.
 */
export function spanTraceCarrier(span: Span): TraceCarrier {
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
  return carrier;
}

/**
 * Runs `work` as a span that continues `carrier`'s trace (a new trace when it has none), active in
 * the async context for everything `work` does. The span records a thrown error and ends either way.
 */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: { kind: SpanKind; carrier?: TraceCarrier | undefined; attributes?: Attributes },
  work: (span: Span, ids: TraceContext) => Promise<T>,
): Promise<T> {
  const parent = extractTrace({ ...options.carrier });
  const span = tracer.startSpan(name, { kind: options.kind, attributes: options.attributes ?? {} }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span, traceContextOf(span, parent)));
  } catch (err) {
    span.recordException(err instanceof Error ? err : String(err));
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    throw err;
  } finally {
    span.end();
  }
}
