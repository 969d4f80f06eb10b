import client from 'prom-client';

/**
 * prom-client for apps that add metrics to `app.metrics` (queue depth, job durations, SSE streams):
 * one copy of the library, the one the registry on /metrics comes from.
 */
export { client as promClient };
export type { Registry } from 'prom-client';

/** What `@mnemo/ai`'s observer reports (kept structural: service-kit does not depend on the AI layer). */
export type ObservedAiCall = {
  provider: string;
  model: string;
  operation: string;
  purpose?: string;
  seconds: number;
  outcome: 'ok' | 'error';
  errorKind?: string;
};

/**
 * `mnemo_ai_request_duration_seconds{provider,model,operation,purpose,outcome}` and
 * `mnemo_ai_errors_total{provider,model,operation,kind}`; pass the result to `createAi` as its
 * `observer`.
 */
export function aiCallMetrics(registry: client.Registry) {
  const duration = new client.Histogram({
    name: 'mnemo_ai_request_duration_seconds',
    help: 'AI provider calls by provider, model, operation, purpose and outcome',
    labelNames: ['provider', 'model', 'operation', 'purpose', 'outcome'],
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80],
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'mnemo_ai_errors_total',
    help: 'Failed AI provider calls by provider, model, operation and error kind',
    labelNames: ['provider', 'model', 'operation', 'kind'],
    registers: [registry],
  });
  return (call: ObservedAiCall) => {
    const { provider, model, operation } = call;
    duration.observe({ provider, model, operation, purpose: call.purpose ?? 'none', outcome: call.outcome }, call.seconds);
    if (call.outcome === 'error') errors.inc({ provider, model, operation, kind: call.errorKind ?? 'unknown' });
  };
}
