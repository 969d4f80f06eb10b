import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app on the same origin as /api. Unknown non-API paths answer index.html so
 * the client-side router can handle deep links such as /deck/:id/summary.
 */
export async function webRoutes(app: FastifyInstance, { dir }: { dir: string }) {
  if (!existsSync(join(dir, 'index.html'))) {
    app.log.warn({ dir }, 'web app not built: serving the API only');
    return;
  }
  await app.register(fastifyStatic, { root: dir, wildcard: false, index: ['index.html'] });
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ success: false, error: 'Not found', message: 'Not found', code: 'NOT_FOUND' });
    }
    return reply.sendFile('index.html', { maxAge: 0 });
  });
}
