import { randomBytes } from 'node:crypto';

/**
 * W3C Trace Context (`traceparent: 00-<trace id>-<parent span id>-<flags>`) without the
 * OpenTelemetry SDK: each service continues the caller's trace with a span id of its own, logs the
 * trace id beside the request id, and passes `00-<trace id>-<its span id>-<flags>` on. An OTel SDK
 * added later reads and writes the same header.
 */
export const TRACEPARENT_HEADER = 'traceparent';

export type TraceContext = { traceId: string; spanId: string; parentSpanId: string | null; flags: string };

const PATTERN = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZERO_TRACE = /^0{32}$/;
const ZERO_SPAN = /^0{16}$/;

/** The caller's context from a traceparent header, or null when absent or malformed (then start anew). */
export function parseTraceparent(header: unknown): Omit<TraceContext, 'spanId'> | null {
  if (typeof header !== 'string') return null;
  const m = PATTERN.exec(header.trim().toLowerCase());
  if (!m || ZERO_TRACE.test(m[1]!) || ZERO_SPAN.test(m[2]!)) return null;
  return { traceId: m[1]!, parentSpanId: m[2]!, flags: m[3]! };
}

/** This hop's context: the caller's trace with a new span, or a new sampled trace. */
export function continueTrace(header: unknown): TraceContext {
  const parent = parseTraceparent(header);
  const spanId = randomBytes(8).toString('hex');
  if (parent) return { ...parent, spanId };
  return { traceId: randomBytes(16).toString('hex'), spanId, parentSpanId: null, flags: '01' };
}

/** The header to send downstream (to a service, or inside a job's data). */
export const formatTraceparent = (ctx: Pick<TraceContext, 'traceId' | 'spanId' | 'flags'>) =>
  `00-${ctx.traceId}-${ctx.spanId}-${ctx.flags}`;
