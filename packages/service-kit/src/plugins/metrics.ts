import type { FastifyInstance } from 'fastify';
import client from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's Prometheus registry, served on /metrics: apps add their own metrics to it. */
    metrics: client.Registry;
  }
}

/**
 * The service's Prometheus registry (default process metrics, labelled with the service), request
 * durations by route and status, and /metrics serving them (unless `serve` is false: the ops
 * server serves them, see ops-server.ts).
 */
export function metricsPlugin(
  app: FastifyInstance,
  options: { name: string; registry?: client.Registry | undefined; serve?: boolean },
) {
  const registry = options.registry ?? new client.Registry();
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
  // One labelled child per method, route and status, made at its first request: prom-client would
  // otherwise hash a labels object on every observation.
  const children = new Map<string, client.Histogram.Internal<'method' | 'route' | 'status'>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let child = children.get(key);
      if (!child) children.set(key, (child = duration.labels(request.method, route, String(reply.statusCode))));
      child.observe(reply.elapsedTime / 1000);
    }
    done();
  });
  if (options.serve === false) return;
  app.get('/metrics', { config: { public: true }, logLevel: 'warn' }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
