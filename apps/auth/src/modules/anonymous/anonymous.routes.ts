import { contractSchema, type RoutesPlugin } from '@mnemo/service-kit';
import type { AnonymousService } from './anonymous.service';

export const anonymousRoutes: RoutesPlugin<{ service: AnonymousService }> = async (app, { service }) => {
  // The path carries the id as the client keeps it (issued form or bare uuid); the caller's identity,
  // verified by the gateway, decides whose session this is.
  app.get('/auth/anonymous-limits/:sessionId', { schema: contractSchema('GET /auth/anonymous-limits/:sessionId') }, async (request) =>
    service.limits(request.identity, request.params.sessionId),
  );
};
