import type { FastifyRequest } from 'fastify';
import { route } from '@mnemo/contracts/routes';
import { contractSchema, requireOwner, requireUser, type RoutesPlugin } from '@mnemo/service-kit';
import type { ClassesService } from './classes.service';

// The gateway forwards the browser's address; services are reached only through it.
const addressOf = (request: FastifyRequest) => String(request.headers['x-forwarded-for'] ?? request.ip).split(',')[0]!.trim();

// POST /classes answers 201 with a new class, or 200 with the class the space already is: the
// same answer schema under both.
const classAnswer = route('POST /classes').response;
const createClass = { ...contractSchema('POST /classes'), response: { 200: classAnswer, 201: classAnswer } };

/**
 * Classes (issue 23): a teacher's space shared with a join code, and its dashboard. Each route's
 * request and answer schemas come from the contracts' route table.
 */
export const classesRoutes: RoutesPlugin<{ classes: ClassesService }> = async (app, { classes }) => {
  app.post('/classes', { schema: createClass }, async (request, reply) => {
    const { userId } = requireUser(request);
    const { created, body } = await classes.create({ userId }, request.body.spaceId);
    reply.status(created ? 201 : 200);
    return body;
  });

  app.get('/classes', { schema: contractSchema('GET /classes') }, async (request) => classes.list(requireOwner(request)));

  app.post('/classes/join', { schema: contractSchema('POST /classes/join') }, async (request, reply) => {
    const owner = requireOwner(request);
    const joined = await classes.join(owner, { ...request.body, address: addressOf(request) });
    reply.status(201);
    return joined;
  });

  app.put('/classes/:id', { schema: contractSchema('PUT /classes/:id') }, async (request) =>
    classes.update(requireOwner(request), request.params.id, request.body),
  );

  app.get('/classes/:id/dashboard', { schema: contractSchema('GET /classes/:id/dashboard') }, async (request) =>
    classes.dashboard(requireOwner(request), request.params.id),
  );

  app.post('/classes/:id/code/rotate', { schema: contractSchema('POST /classes/:id/code/rotate') }, async (request) =>
    classes.rotate(requireOwner(request), request.params.id),
  );

  // Static `me` wins over `:memberId` in the router.
  app.delete('/classes/:id/members/me', { schema: contractSchema('DELETE /classes/:id/members/me') }, async (request) =>
    classes.leave(requireOwner(request), request.params.id),
  );

  app.delete('/classes/:id/members/:memberId', { schema: contractSchema('DELETE /classes/:id/members/:memberId') }, async (request) =>
    classes.removeMember(requireOwner(request), request.params.id, request.params.memberId),
  );
};
