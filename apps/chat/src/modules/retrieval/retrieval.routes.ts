import {
  checkVectorAvailabilityBodySchema,
  enhanceQueryBodySchema,
  retrieveContextBodySchema,
} from '@mnemo/contracts/api/chat';
import { requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { RetrievalService } from './retrieval.service';

/** POST /chat/retrieve-context, /chat/enhance-query and /chat/check-vector-availability. */
export const retrievalRoutes: RoutesPlugin<{ service: RetrievalService }> = async (app, { service }) => {
  app.post('/chat/retrieve-context', { schema: { body: retrieveContextBodySchema } }, async (request) =>
    service.retrieve(requireOwner(request), request.body, request.log),
  );

  app.post('/chat/enhance-query', { schema: { body: enhanceQueryBodySchema } }, async (request) =>
    service.enhanceQuery(requireOwner(request), request.body, request.log),
  );

  app.post('/chat/check-vector-availability', { schema: { body: checkVectorAvailabilityBodySchema } }, async (request) =>
    service.checkAvailability(requireOwner(request), request.body),
  );
};
