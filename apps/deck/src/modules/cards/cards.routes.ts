import { AppError, requireOwner, contractSchema, type RoutesPlugin } from '@mnemo/service-kit';
import { callerOf } from '../decks/limits';
import type { CardsService } from './cards.service';

/** The plain-card fallback (spec 02 §7): list a deck's cards, evaluate one, generate more. */
export const cardsRoutes: RoutesPlugin<{ cards: CardsService }> = async (app, { cards }) => {
  app.get('/cards/deck/:deckId', { schema: contractSchema('GET /cards/deck/:deckId') }, async (request) =>
    cards.list(requireOwner(request), request.params.deckId),
  );

  app.post('/cards/:id/evaluate', { schema: contractSchema('POST /cards/:id/evaluate') }, async (request) => {
    const owner = requireOwner(request);
    if (request.body.cardId !== undefined && request.body.cardId !== request.params.id) {
      throw new AppError('BAD_REQUEST', 'cardId does not match the card in the path');
    }
    return cards.evaluate(owner, request.params.id, request.body.answer);
  });

  app.post(
    '/cards/deck/:deckId/generate',
    { schema: contractSchema('POST /cards/deck/:deckId/generate') },
    async (request) => cards.generate(callerOf(request), request.params.deckId, request.body),
  );
};
