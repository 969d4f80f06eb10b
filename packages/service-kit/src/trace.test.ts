import { describe, expect, it } from 'vitest';
import { createService } from './index';
import { promClient } from './metrics';
import { continueTrace, formatTraceparent, parseTraceparent } from './trace';

const CALLER = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('W3C trace context', () => {
  it('continues a valid traceparent with a new span, and starts a trace for a missing or bad one', () => {
    const next = continueTrace(CALLER);
    expect(next).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c', parentSpanId: 'b7ad6b7169203331', flags: '01' });
    expect(next.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(next.spanId).not.toBe('b7ad6b7169203331');
    for (const bad of [undefined, '', 'garbage', '00-00000000000000000000000000000000-b7ad6b7169203331-01', '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01']) {
      expect(parseTraceparent(bad)).toBeNull();
      const fresh = continueTrace(bad);
      expect(fresh.parentSpanId).toBeNull();
      expect(formatTraceparent(fresh)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    }
  });

  it('is answered in a header and logged with the request id', async () => {
    const app = createService({ name: 'svc', logLevel: 'silent', internalSecret: 'trace-secret-0123456789', metricsRegistry: new promClient.Registry() });
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
    const fresh = await app.inject({ url: '/t' });
    expect(fresh.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await app.close();
  });
});
