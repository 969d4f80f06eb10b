import { z } from 'zod';
import type { RoutesPlugin } from '@mnemo/service-kit';
import { requireService } from '@mnemo/service-kit/internal-client';
import type { AnonymousService } from './anonymous.service';

export const anonymousRoutes: RoutesPlugin<{ service: AnonymousService }> = async (app, { service }) => {
  app.get('/auth/anonymous-limits/:sessionId', { schema: { params: z.object({ sessionId: z.uuid() }) } }, async (request) =>
    service.limits(request.identity, request.params.sessionId),
  );

  // The gateway records a session id the first time it sees it (internal: services only).
  app.post('/internal/anonymous-sessions/:sessionId', { schema: { params: z.object({ sessionId: z.uuid() }) } }, async (request) => {
    requireService(request.identity);
    await service.record(request.params.sessionId);
    return { success: true };
  });
};
