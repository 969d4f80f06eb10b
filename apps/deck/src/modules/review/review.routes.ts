import { questionParamsSchema } from '@mnemo/contracts/api/questions';
import { deckParamsSchema } from '@mnemo/contracts/api/decks';
import {
  overrideReviewBodySchema,
  reviewDueQuerySchema,
  reviewStatsQuerySchema,
  summaryQuizQuerySchema,
  updateReviewSettingsBodySchema,
} from '@mnemo/contracts/api/review';
import { requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import type { ReviewService } from './review.service';

/** Spaced repetition (issue 20): the due queue, overrides, mastery, statistics, settings, quizzes. */
export const reviewRoutes: RoutesPlugin<{ review: ReviewService }> = async (app, { review }) => {
  app.post(
    '/questions/:id/review',
    { schema: { params: questionParamsSchema, body: overrideReviewBodySchema } },
    async (request) => review.override(requireOwner(request), request.params.id, request.body.rating),
  );

  app.get('/review/due', { schema: { querystring: reviewDueQuerySchema } }, async (request) =>
    review.due(requireOwner(request), request.query),
  );

  app.get('/review/due-counts', async (request) => review.dueCounts(requireOwner(request)));

  app.get('/review/stats', { schema: { querystring: reviewStatsQuerySchema } }, async (request) =>
    review.stats(requireOwner(request), request.query.days),
  );

  app.get('/review/settings', async (request) => review.settings(requireOwner(request)));

  app.put('/review/settings', { schema: { body: updateReviewSettingsBodySchema } }, async (request) =>
    review.updateSettings(requireOwner(request), request.body),
  );

  app.get('/decks/:id/mastery', { schema: { params: deckParamsSchema } }, async (request) =>
    review.mastery(requireOwner(request), request.params.id),
  );

  app.get('/decks/:id/quiz', { schema: { params: deckParamsSchema, querystring: summaryQuizQuerySchema } }, async (request) =>
    review.quiz(requireOwner(request), request.params.id, request.query.count),
  );
};
