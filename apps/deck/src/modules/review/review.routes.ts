import { contractSchema, requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { ReviewService } from './review.service';

/**
 * Spaced repetition (issue 20): the due queue, overrides, mastery, statistics, settings, quizzes.
 * Each route's request and answer schemas come from the contracts' route table.
 */
export const reviewRoutes: RoutesPlugin<{ review: ReviewService }> = async (app, { review }) => {
  app.post('/questions/:id/review', { schema: contractSchema('POST /questions/:id/review') }, async (request) =>
    review.override(requireOwner(request), request.params.id, request.body.rating),
  );

  app.get('/review/due', { schema: contractSchema('GET /review/due') }, async (request) =>
    review.due(requireOwner(request), request.query),
  );

  app.get('/review/due-counts', { schema: contractSchema('GET /review/due-counts') }, async (request) =>
    review.dueCounts(requireOwner(request)),
  );

  app.get('/review/stats', { schema: contractSchema('GET /review/stats') }, async (request) =>
    review.stats(requireOwner(request), request.query.days),
  );

  app.get('/review/settings', { schema: contractSchema('GET /review/settings') }, async (request) =>
    review.settings(requireOwner(request)),
  );

  app.put('/review/settings', { schema: contractSchema('PUT /review/settings') }, async (request) =>
    review.updateSettings(requireOwner(request), request.body),
  );

  app.get('/decks/:id/mastery', { schema: contractSchema('GET /decks/:id/mastery') }, async (request) =>
    review.mastery(requireOwner(request), request.params.id),
  );

  app.get('/decks/:id/quiz', { schema: contractSchema('GET /decks/:id/quiz') }, async (request) =>
    review.quiz(requireOwner(request), request.params.id, request.query.count),
  );
};
