import { cloneDeckBodySchema, discardFailedCreationBodySchema } from '@mnemo/contracts/api/decks';
import { z } from 'zod';
import { requireOwner, requireUser, contractSchema, type RoutesPlugin } from '@mnemo/service-kit';
import type { DecksService } from './decks.service';
import type { ExploreService } from './explore.service';
import { callerOf, planOf } from './limits';

/** A clone request may come without a body: that is "outside any space". */
const cloneBody = z.preprocess((body) => body ?? {}, cloneDeckBodySchema);

/** A signed-in caller (publishing and cloning need an account: spec 01 §6); 401 otherwise. */
const userCallerOf = (request: Parameters<typeof callerOf>[0]) => {
  const user = requireUser(request);
  return { owner: { userId: user.userId }, plan: planOf(user) };
};

/** Deck calls of spec 01 §7 and spec 02 §7: the answer is the deck itself; the list is in `data`. */
export const decksRoutes: RoutesPlugin<{ service: DecksService; explore: ExploreService }> = async (app, { service, explore }) => {
  app.post('/decks', { schema: contractSchema('POST /decks') }, async (request, reply) => {
    const answer = await service.create(callerOf(request), request.body);
    reply.status(201);
    return answer;
  });

  app.get('/decks', { schema: contractSchema('GET /decks') }, async (request) =>
    service.list(requireOwner(request), request.query),
  );

  // Any session, signed in or anonymous: spec 01 §2.2 lets anonymous visitors use /explore (only
  // cloning needs sign-in). A static path, so it wins over /decks/:id.
  app.get('/decks/explore', { schema: contractSchema('GET /decks/explore') }, async (request) => {
    requireOwner(request);
    return explore.search(request.query);
  });

  app.put('/decks/:id/publish', { schema: contractSchema('PUT /decks/:id/publish') }, async (request) =>
    service.publish(userCallerOf(request), request.params.id, request.body),
  );

  app.post('/decks/:id/clone', { schema: { ...contractSchema('POST /decks/:id/clone'), body: cloneBody } }, async (request, reply) => {
    const answer = await service.clone(userCallerOf(request), request.params.id, request.body);
    reply.status(201);
    return answer;
  });

  app.get('/decks/:id', { schema: contractSchema('GET /decks/:id') }, async (request) =>
    service.get(requireOwner(request), request.params.id),
  );

  app.put('/decks/:id', { schema: contractSchema('PUT /decks/:id') }, async (request) =>
    service.update(callerOf(request), request.params.id, request.body),
  );

  app.delete('/decks/:id', { schema: contractSchema('DELETE /decks/:id') }, async (request) =>
    service.remove(requireOwner(request), request.params.id),
  );

  // A body-less report is a plain discard (no space).
  const discardBody = z.preprocess((body) => body ?? {}, discardFailedCreationBodySchema);
  app.post('/decks/:id/discard-failed-creation', { schema: { ...contractSchema('POST /decks/:id/discard-failed-creation'), body: discardBody } }, async (request) =>
    service.discardFailedCreation(requireOwner(request), request.params.id, request.body),
  );
};
