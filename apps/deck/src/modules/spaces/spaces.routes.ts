import { z } from 'zod';
import { requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { SpacesService } from './spaces.service';

const createBody = z.object({
  title: z.string().trim().min(1, 'Please enter a name for your new study space').max(200),
  description: z.string().max(2000).optional(),
});

/** Study spaces, answered wrapped in `data` as the spec's client expects. */
export const spacesRoutes: RoutesPlugin<{ service: SpacesService }> = async (app, { service }) => {
  app.get('/spaces', async (request) => ({ data: await service.list(requireOwner(request)) }));

  app.get('/spaces/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async (request) => ({
    data: await service.get(requireOwner(request), request.params.id),
  }));

  app.post('/spaces', { schema: { body: createBody } }, async (request, reply) => {
    reply.status(201);
    return { data: await service.create(requireOwner(request), request.body) };
  });
};
