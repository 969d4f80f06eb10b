import {
  checkVectorAvailabilityBodySchema,
  enhanceQueryBodySchema,
  retrieveContextBodySchema,
} from '@mnemo/contracts/api/chat';
import { contractSchema, requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { RetrievalService } from './retrieval.service';

/**
 * POST /chat/retrieve-context, /chat/enhance-query and /chat/check-vector-availability; GET
 * /chat/sources/:sourceId/passages/:chunkIndex (a cited passage).
 */
export const retrievalRoutes: RoutesPlugin<{ service: RetrievalService }> = async (app, { service }) => {
  app.post('/chat/retrieve-context', { schema: { body: retrieveContextBodySchema } }, async (request) =>
    service.retrieve(requireOwner(request), request.body, request.log),
  );

  app.post('/chat/enhance-query', { schema: { body: enhanceQueryBodySchema } }, async (request) =>
    service.enhanceQuery(requireOwner(request), request.body, request.log),
  );

  app.get(
    '/chat/sources/:sourceId/passages/:chunkIndex',
    { schema: contractSchema('GET /chat/sources/:sourceId/passages/:chunkIndex') },
    async (request) =>
      service.passage(requireOwner(request), request.params.sourceId, request.params.chunkIndex),
  );

  app.post('/chat/check-vector-availability', { schema: { body: checkVectorAvailabilityBodySchema } }, async (request) =>
    service.checkAvailability(requireOwner(request), request.body),
  );
};
