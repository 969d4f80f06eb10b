import { z } from 'zod';
import type { RoutesPlugin } from '@mnemo/service-kit';
import type { AnonymousService } from './anonymous.service';

export const anonymousRoutes: RoutesPlugin<{ service: AnonymousService }> = async (app, { service }) => {
  app.get('/auth/anonymous-limits/:sessionId', { schema: { params: z.object({ sessionId: z.uuid() }) } }, async (request) =>
    service.limits(request.identity, request.params.sessionId),
  );
};
