import { z } from 'zod';
import { removeSourceBodySchema } from '@mnemo/contracts/api/sources';
import { requireOwner, contractSchema, internalContractSchema, spanTraceCarrier, type RoutesPlugin } from '@mnemo/service-kit';
import { requireService } from '@mnemo/service-kit/internal-client';
import type { ProcessingService } from './processing.service';
import type { SourcesService } from './sources.service';

/** A DELETE often arrives without a body: that is `deleteCards: false`. */
const removeBody = z.preprocess((body) => body ?? {}, removeSourceBodySchema);

/** Source calls of spec 01 §7 and spec 02 §7, and the gateway's internal progress-access check. */
export const sourcesRoutes: RoutesPlugin<{ sources: SourcesService; processing: ProcessingService }> = async (
  app,
  { sources, processing },
) => {
  app.post('/decks/:id/sources', { schema: contractSchema('POST /decks/:id/sources') }, async (request, reply) => {
    reply.status(201);
    return sources.add(requireOwner(request), request.params.id, request.body);
  });

  app.delete('/decks/:id/sources/:sourceId', { schema: { ...contractSchema('DELETE /decks/:id/sources/:sourceId'), body: removeBody } }, async (request) =>
    sources.remove(requireOwner(request), request.params.id, request.params.sourceId, request.body.deleteCards),
  );

  app.get('/decks/:id/size', { schema: contractSchema('GET /decks/:id/size') }, async (request) =>
    sources.size(requireOwner(request), request.params.id),
  );

  app.post('/ai/process-source', { schema: contractSchema('POST /ai/process-source') }, async (request) =>
    processing.process(requireOwner(request), request.body.deckId, request.body.sourceId, spanTraceCarrier(request.span)),
  );

  app.get('/ai/source-status/:deckId/:sourceId', { schema: contractSchema('GET /ai/source-status/:deckId/:sourceId') }, async (request) =>
    sources.status(requireOwner(request), request.params.deckId, request.params.sourceId),
  );

  app.post(
    '/internal/sources/:sourceId/may-watch',
    { schema: internalContractSchema('deck POST /internal/sources/:sourceId/may-watch') },
    async (request) => {
      requireService(request.identity);
      return { allowed: await processing.mayWatch(request.body.owner, request.params.sourceId) };
    },
  );
};
