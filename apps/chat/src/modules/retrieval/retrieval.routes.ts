import { contractSchema, requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { RetrievalService } from './retrieval.service';

/**
 * POST /chat/retrieve-context, /chat/enhance-query and /chat/check-vector-availability; GET
 * /chat/sources/:sourceId/passages/:chunkIndex (a cited passage). Each with its request and answer
 * schemas from the contracts' route table.
 */
export const retrievalRoutes: RoutesPlugin<{ service: RetrievalService }> = async (app, { service }) => {
  app.post('/chat/retrieve-context', { schema: contractSchema('POST /chat/retrieve-context') }, async (request) =>
    service.retrieve(requireOwner(request), request.body, request.log),
  );

  app.post('/chat/enhance-query', { schema: contractSchema('POST /chat/enhance-query') }, async (request) =>
    service.enhanceQuery(requireOwner(request), request.body, request.log),
  );

  app.get(
    '/chat/sources/:sourceId/passages/:chunkIndex',
    { schema: contractSchema('GET /chat/sources/:sourceId/passages/:chunkIndex') },
    async (request) =>
      service.passage(requireOwner(request), request.params.sourceId, request.params.chunkIndex),
  );

  app.post('/chat/check-vector-availability', { schema: contractSchema('POST /chat/check-vector-availability') }, async (request) =>
    service.checkAvailability(requireOwner(request), request.body),
  );
};
