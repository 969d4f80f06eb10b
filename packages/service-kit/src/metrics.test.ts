import { describe, expect, it } from 'vitest';
import { createService } from './index';
import { aiCallMetrics, promClient } from './metrics';

describe('metrics on /metrics', () => {
  it('has request latency by route and status, so errors by route too', async () => {
    const app = createService({ name: 'svc', logLevel: 'silent', internalSecret: 'metrics-secret-0123456789', metricsRegistry: new promClient.Registry() });
    app.get('/boom', { config: { public: true } }, async () => {
      throw new Error('x');
    });
    await app.inject({ url: '/boom' });
    await app.inject({ url: '/healthz' });
    const body = (await app.inject({ url: '/metrics' })).body;
    expect(body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/boom"[^}]*status="500"[^}]*\} 1/);
    expect(body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*status="200"[^}]*\} 1/);
    await app.close();
  });

  it('records AI provider latency and errors from the AI observer', async () => {
    const app = createService({ name: 'svc', logLevel: 'silent', internalSecret: 'metrics-secret-0123456789', metricsRegistry: new promClient.Registry() });
    const observe = aiCallMetrics(app.metrics);
    observe({ provider: 'openai', model: 'm', operation: 'complete', purpose: 'tutor', seconds: 0.3, outcome: 'ok' });
    observe({ provider: 'openai', model: 'm', operation: 'embed', seconds: 2, outcome: 'error', errorKind: 'rate_limited' });
    const body = (await app.inject({ url: '/metrics' })).body;
    expect(body).toMatch(/mnemo_ai_request_duration_seconds_count\{[^}]*operation="complete"[^}]*purpose="tutor"[^}]*outcome="ok"[^}]*\} 1/);
    expect(body).toMatch(/mnemo_ai_request_duration_seconds_count\{[^}]*operation="embed"[^}]*purpose="none"[^}]*outcome="error"[^}]*\} 1/);
    expect(body).toMatch(/mnemo_ai_errors_total\{[^}]*operation="embed"[^}]*kind="rate_limited"[^}]*\} 1/);
    await app.close();
  });
});
