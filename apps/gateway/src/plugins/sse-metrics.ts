import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { promClient } from '@mnemo/service-kit/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a hijacked Server-Sent Events stream as open until its response closes. */
    trackSse(stream: string, res: ServerResponse): void;
  }
}

/**
 * `mnemo_sse_connections{stream}`: Server-Sent Events streams open on this gateway right now, by
 * route. Proxied streams (chat) are seen by their content type in onSend; streams the gateway
 * writes itself after hijacking the reply (progress) report themselves with `app.trackSse`.
 */
export const sseMetricsPlugin = fp(async (app) => {
  const open = new promClient.Gauge({
    name: 'mnemo_sse_connections',
    help: 'Server-Sent Events streams open on this gateway, by route',
    labelNames: ['stream'],
    registers: [app.metrics],
  });
  const track = (stream: string, res: ServerResponse) => {
    open.inc({ stream });
    res.once('close', () => open.dec({ stream }));
  };
  app.decorate('trackSse', track);
  // A callback hook: every answer passes here, and an async hook cost each a promise and a
  // microtask turn (issue 25).
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/event-stream')) {
      track(request.routeOptions.url ?? 'unmatched', reply.raw);
    }
    done(null, payload);
  });
});
