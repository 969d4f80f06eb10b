import type { FastifyRequest } from 'fastify';
import {
  classMemberParamsSchema,
  classParamsSchema,
  createClassBodySchema,
  joinClassBodySchema,
  updateClassBodySchema,
} from '@mnemo/contracts/api/classes';
import { requireOwner, requireUser, type RoutesPlugin } from '@mnemo/service-kit';
import type { ClassesService } from './classes.service';

// The gateway forwards the browser's address; services are reached only through it.
const addressOf = (request: FastifyRequest) => String(request.headers['x-forwarded-for'] ?? request.ip).split(',')[0]!.trim();

/** Classes (issue 23): a teacher's space shared with a join code, and its dashboard. */
export const classesRoutes: RoutesPlugin<{ classes: ClassesService }> = async (app, { classes }) => {
  app.post('/classes', { schema: { body: createClassBodySchema } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const { created, body } = await classes.create({ userId }, request.body.spaceId);
    reply.status(created ? 201 : 200);
    return body;
  });

  app.get('/classes', async (request) => classes.list(requireOwner(request)));

  app.post('/classes/join', { schema: { body: joinClassBodySchema } }, async (request, reply) => {
    const owner = requireOwner(request);
    const joined = await classes.join(owner, { ...request.body, address: addressOf(request) });
    reply.status(201);
    return joined;
  });

  app.put('/classes/:id', { schema: { params: classParamsSchema, body: updateClassBodySchema } }, async (request) =>
    classes.update(requireOwner(request), request.params.id, request.body),
  );

  app.get('/classes/:id/dashboard', { schema: { params: classParamsSchema } }, async (request) =>
    classes.dashboard(requireOwner(request), request.params.id),
  );

  app.post('/classes/:id/code/rotate', { schema: { params: classParamsSchema } }, async (request) =>
    classes.rotate(requireOwner(request), request.params.id),
  );

  // Static `me` wins over `:memberId` in the router.
  app.delete('/classes/:id/members/me', { schema: { params: classParamsSchema } }, async (request) =>
    classes.leave(requireOwner(request), request.params.id),
  );

  app.delete('/classes/:id/members/:memberId', { schema: { params: classMemberParamsSchema } }, async (request) =>
    classes.removeMember(requireOwner(request), request.params.id, request.params.memberId),
  );
};
