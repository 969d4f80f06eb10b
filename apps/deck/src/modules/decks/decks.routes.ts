import {
  createDeckBodySchema,
  deckParamsSchema,
  listDecksQuerySchema,
  updateDeckBodySchema,
} from '@mnemo/contracts/api/decks';
import { requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { DecksService } from './decks.service';
import { callerOf } from './limits';

/** Deck calls of spec 01 §7 and spec 02 §7: the answer is the deck itself; the list is in `data`. */
export const decksRoutes: RoutesPlugin<{ service: DecksService }> = async (app, { service }) => {
  app.post('/decks', { schema: { body: createDeckBodySchema } }, async (request, reply) => {
    const answer = await service.create(callerOf(request), request.body);
    reply.status(201);
    return answer;
  });

  app.get('/decks', { schema: { querystring: listDecksQuerySchema } }, async (request) =>
    service.list(requireOwner(request), request.query),
  );

  app.get('/decks/:id', { schema: { params: deckParamsSchema } }, async (request) =>
    service.get(requireOwner(request), request.params.id),
  );

  app.put('/decks/:id', { schema: { params: deckParamsSchema, body: updateDeckBodySchema } }, async (request) =>
    service.update(callerOf(request), request.params.id, request.body),
  );

  app.delete('/decks/:id', { schema: { params: deckParamsSchema } }, async (request) =>
    service.remove(requireOwner(request), request.params.id),
  );
};
