import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AlwaysOnSampler, InMemorySpanExporter, ParentBasedSampler, SamplingDecision } from '@opentelemetry/sdk-trace';
import { createService, type ServiceApp } from './index';
import { createInternalClient } from './internal-client';
import { promClient } from './metrics';
import { createTracing, currentTraceCarrier, extractTrace, inSpan, SpanKind, spanTraceCarrier, type TraceContext } from './trace';

const CALLER = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const SECRET = 'trace-secret-0123456789';

const apps: ServiceApp[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

function service(name: string, tracing?: Parameters<typeof createService>[0]['tracing']) {
  const app = createService({
    name,
    logLevel: 'silent',
    internalSecret: SECRET,
    metricsRegistry: new promClient.Registry(),
    ...(tracing ? { tracing } : {}),
  });
  apps.push(app as ServiceApp);
  return app;
}

type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number };

/** An OpenTelemetry collector's OTLP/HTTP JSON receiver: what the exporter really sends. */
async function startCollector() {
  const received: Array<{ service: string; span: OtlpSpan }> = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.method === 'POST') {
        const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{ spans: OtlpSpan[] }>;
          }>;
        };
        for (const rs of body.resourceSpans) {
          const svc = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const ss of rs.scopeSpans) for (const span of ss.spans) received.push({ service: svc, span });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe('trace context', () => {
  it('continues a valid traceparent with a span of its own, and starts a trace for a missing or bad one', async () => {
    const app = service('svc');
    app.get('/t', { config: { public: true } }, async (request) => request.trace);
    const next = (await app.inject({ url: '/t', headers: { traceparent: CALLER } })).json<TraceContext>();
    expect(next).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c', parentSpanId: 'b7ad6b7169203331', flags: '01' });
    expect(next.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(next.spanId).not.toBe('b7ad6b7169203331');
    for (const bad of ['garbage', '00-00000000000000000000000000000000-b7ad6b7169203331-01', '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01']) {
      const fresh = (await app.inject({ url: '/t', headers: { traceparent: bad } })).json<TraceContext>();
      expect(fresh.parentSpanId).toBeNull();
      expect(fresh.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(fresh.traceId).not.toBe('0af7651916cd43dd8448eb211c80319c');
    }
    const none = (await app.inject({ url: '/t' })).json<TraceContext>();
    expect(none).toMatchObject({ parentSpanId: null, flags: '01' });
  });

  it('samples an ids-only span as the SDK\'s ParentBased(AlwaysOn) sampler would', () => {
    const tracing = createTracing('svc');
    expect(tracing.exporting).toBe(false);
    const sampler = new ParentBasedSampler({ root: new AlwaysOnSampler() });
    const callers = [
      CALLER,
      '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
      '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-03',
      '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-02',
      '00-00000000000000000000000000000000-b7ad6b7169203331-01',
      'garbage',
      undefined,
    ];
    for (const traceparent of callers) {
      const parent = extractTrace(traceparent ? { traceparent } : {});
      const span = tracing.startRequestSpan('GET', { kind: SpanKind.SERVER }, parent);
      const { decision } = sampler.shouldSample(parent, span.spanContext().traceId, 'GET', SpanKind.SERVER, {}, []);
      expect(span.spanContext().traceFlags, String(traceparent)).toBe(decision === SamplingDecision.RECORD_AND_SAMPLED ? 1 : 0);
    }
  });

  it('is answered in a header and logged with the request id', async () => {
    const app = service('svc');
    // What every log line of the request carries: pino's bindings of the request logger.
    app.get('/t', { config: { public: true } }, async (request) => {
      const bindings = (request.log as unknown as { bindings(): Record<string, unknown> }).bindings();
      return { traceId: request.trace.traceId, logged: { reqId: bindings.reqId, traceId: bindings.traceId } };
    });
    const res = await app.inject({ url: '/t', headers: { traceparent: CALLER, 'x-request-id': 'req-1' } });
    expect(res.json()).toEqual({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      logged: { reqId: 'req-1', traceId: '0af7651916cd43dd8448eb211c80319c' },
    });
    expect(res.headers.traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
  });

  it("goes on through an internal call made while handling a request with a body, and both spans reach an OTLP collector", async () => {
    const collector = await startCollector();
    const downstream = service('downstream', { otlpEndpoint: collector.url });
    downstream.get('/internal/who', async (request) => ({ trace: request.trace }));
    await downstream.listen({ port: 0, host: '127.0.0.1' });
    const client = createInternalClient({
      baseUrl: `http://127.0.0.1:${(downstream.server.address() as AddressInfo).port}`,
      secret: SECRET,
      service: 'upstream',
    });

    const upstream = service('upstream', { otlpEndpoint: collector.url });
    upstream.post('/work', { config: { public: true } }, async (request) => {
      // After the body was parsed (socket events, outside the request's context) and an await.
      await new Promise((r) => setTimeout(r, 5));
      const answer = await client.get<{ trace: TraceContext }>('/internal/who');
      return { mine: request.trace, theirs: answer.trace, carrier: currentTraceCarrier() };
    });
    // Over a real socket: the body arrives in the socket's events, outside the request's context.
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}/work`, {
      method: 'POST',
      headers: { traceparent: CALLER, 'content-type': 'application/json' },
      body: JSON.stringify({ some: 'body', padding: 'x'.repeat(200_000) }),
    });
    const { mine, theirs, carrier } = (await res.json()) as { mine: TraceContext; theirs: TraceContext; carrier: { traceparent: string } };
    expect(mine.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(theirs.traceId).toBe(mine.traceId);
    expect(theirs.parentSpanId).toBe(mine.spanId);
    expect(carrier.traceparent).toBe(`00-${mine.traceId}-${mine.spanId}-01`);

    await Promise.all([upstream.tracing.flush(), downstream.tracing.flush()]);
    await expect.poll(() => collector.received.length).toBeGreaterThanOrEqual(2);
    const up = collector.received.find((r) => r.service === 'mnemo-upstream')!;
    const down = collector.received.find((r) => r.service === 'mnemo-downstream')!;
    expect(up.span).toMatchObject({ traceId: mine.traceId, spanId: mine.spanId, parentSpanId: 'b7ad6b7169203331', name: 'POST /work', kind: 2 });
    expect(down.span).toMatchObject({ traceId: mine.traceId, spanId: theirs.spanId, parentSpanId: mine.spanId, name: 'GET /internal/who' });
  });

  it('without an active context, hands the request span on explicitly: the same trace, no span active', async () => {
    const downstream = service('downstream');
    downstream.get('/internal/who', async (request) => ({ trace: request.trace }));
    await downstream.listen({ port: 0, host: '127.0.0.1' });
    const client = createInternalClient({
      baseUrl: `http://127.0.0.1:${(downstream.server.address() as AddressInfo).port}`,
      secret: SECRET,
      service: 'edge',
    });
    const edge = service('edge', { activeContext: false });
    edge.get('/work', { config: { public: true } }, async (request) => {
      const active = currentTraceCarrier();
      const answer = await client.get<{ trace: TraceContext }>('/internal/who', { trace: spanTraceCarrier(request.span) });
      return { mine: request.trace, theirs: answer.trace, active };
    });
    const res = await edge.inject({ url: '/work', headers: { traceparent: CALLER } });
    const { mine, theirs, active } = res.json() as { mine: TraceContext; theirs: TraceContext; active: Record<string, string> };
    expect(mine.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(mine.parentSpanId).toBe('b7ad6b7169203331');
    expect(res.headers.traceparent).toBe(`00-${mine.traceId}-${mine.spanId}-01`);
    expect(active).toEqual({});
    expect(theirs).toMatchObject({ traceId: mine.traceId, parentSpanId: mine.spanId });
  });

  it('runs work (a job) as a span continuing the carrier it was given, recording a failure', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = createTracing('worker', { exporter });
    expect(currentTraceCarrier()).toEqual({});

    const seen = await inSpan(tracing.tracer, 'ingest ingest-source', { kind: SpanKind.CONSUMER, carrier: { traceparent: CALLER } }, async (_span, ids) => {
      await new Promise((r) => setTimeout(r, 1));
      return { ids, carrier: currentTraceCarrier() };
    });
    expect(seen.ids).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c', parentSpanId: 'b7ad6b7169203331' });
    expect(seen.carrier.traceparent).toBe(`00-0af7651916cd43dd8448eb211c80319c-${seen.ids.spanId}-01`);

    await expect(
      inSpan(tracing.tracer, 'generate generate-questions', { kind: SpanKind.CONSUMER }, async () => {
        throw new Error('the provider is down');
      }),
    ).rejects.toThrow('the provider is down');
    await tracing.flush();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(['ingest ingest-source', 'generate generate-questions']);
    expect(spans[1]!.status).toMatchObject({ code: 2, message: 'the provider is down' });
    expect(spans[1]!.parentSpanContext).toBeUndefined();
    await tracing.shutdown();
  });
});
