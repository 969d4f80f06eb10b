import { existsSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from '@mnemo/service-kit/errors';
import {
  IMMUTABLE_CACHE_CONTROL,
  WEB_HSTS_HEADER,
  WEB_SECURITY_HEADERS,
} from '@mnemo/contracts/web-security';

/**
 * Serves the built web app on the same origin as /api. Unknown non-API paths answer index.html so
 * the client-side router can handle deep links such as /deck/:id/summary.
 *
 * Every answer carries the app's security headers (CSP, no framing, no referrer, nosniff; HSTS when
 * the request came over HTTPS, X-Forwarded-Proto counting from a TRUST_PROXY peer). The build
 * precompresses text files (.br, .gz beside each): they are sent by Accept-Encoding. Vite's
 * content-hashed assets are cached for a year; everything else, index.html first, is revalidated
 * on each use (ETag), so a new release is picked up at the next load.
 */
export async function webRoutes(app: FastifyInstance, { dir }: { dir: string }) {
  if (!existsSync(join(dir, 'index.html'))) {
    app.log.warn({ dir }, 'web app not built: serving the API only');
    return;
  }
  const assets = join(dir, 'assets') + sep;
  app.addHook('onSend', async (request, reply) => {
    reply.headers(WEB_SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', WEB_HSTS_HEADER);
  });
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      // The path is the file sent: app-1a2b3c.js.br for app-1a2b3c.js.
      const hashed = path.startsWith(assets) && basename(path) !== 'index.html';
      res.setHeader('cache-control', hashed ? IMMUTABLE_CACHE_CONTROL : 'no-cache');
      // A cache must not give a gzip answer to a client that asked for Brotli, or plain.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/*', async (request, reply) => {
    // Readiness and metrics live on the internal port only: here they are a 404, not the app's
    // index.html with a 200 that a probe pointed at the wrong port would take for "ready".
    const path = request.url.split('?')[0];
    if (request.url.startsWith('/api/') || path === '/readyz' || path === '/metrics') {
      return reply.status(404).send(errorBody('NOT_FOUND', 'Not found', request.id));
    }
    return reply.sendFile('index.html');
  });
}
