import { requireOwner, contractSchema, type RoutesPlugin } from '@mnemo/service-kit';
import { callerOf } from '../decks/limits';
import type { SpacesService } from './spaces.service';

/** Study spaces (spec 01 §7), answered wrapped in `data` as the spec's client expects. */
export const spacesRoutes: RoutesPlugin<{ service: SpacesService }> = async (app, { service }) => {
  app.get('/spaces', { schema: contractSchema('GET /spaces') }, async (request) => ({ success: true as const, data: await service.list(requireOwner(request)) }));

  app.get('/spaces/:id', { schema: contractSchema('GET /spaces/:id') }, async (request) => ({
    success: true as const,
    data: await service.get(requireOwner(request), request.params.id),
  }));

  app.post('/spaces', { schema: contractSchema('POST /spaces') }, async (request, reply) => {
    const data = await service.create(callerOf(request), request.body);
    reply.status(201);
    return { success: true as const, data };
  });

  app.put('/spaces/:id', { schema: contractSchema('PUT /spaces/:id') }, async (request) => ({
    success: true as const,
    data: await service.update(requireOwner(request), request.params.id, request.body),
  }));

  app.delete('/spaces/:id', { schema: contractSchema('DELETE /spaces/:id') }, async (request) => ({
    success: true as const,
    data: await service.remove(requireOwner(request), request.params.id),
  }));
};
