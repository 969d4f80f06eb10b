import { contractSchema, requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import { callerOf } from '../decks/limits';
import type { GenerationService } from './generation.service';
import type { QuestionsService } from './questions.service';

/**
 * Question calls of spec 02 §7, and POST /ai/generate-cards-from-source (questions from one
 * source). Generation answers at once with status 'queued': the worker writes the questions and
 * the client polls the list (every 3 s on the edit screen) until they appear. Each route's request
 * and answer schemas come from the contracts' route table.
 */
export const questionsRoutes: RoutesPlugin<{ questions: QuestionsService; generation: GenerationService }> = async (
  app,
  { questions, generation },
) => {
  app.get(
    '/questions/deck/:deckId',
    { schema: contractSchema('GET /questions/deck/:deckId') },
    async (request) => questions.list(requireOwner(request), request.params.deckId, request.query),
  );

  app.get(
    '/questions/deck/:deckId/all',
    { schema: contractSchema('GET /questions/deck/:deckId/all') },
    async (request) => questions.all(requireOwner(request), request.params.deckId, request.query.questionType),
  );

  app.get(
    '/questions/deck/:deckId/generation/:jobId',
    { schema: contractSchema('GET /questions/deck/:deckId/generation/:jobId') },
    async (request) =>
      generation.status(callerOf(request), request.params.deckId, request.params.jobId),
  );

  app.get(
    '/questions/deck/:deckId/generation',
    { schema: contractSchema('GET /questions/deck/:deckId/generation') },
    async (request) => generation.latest(callerOf(request), request.params.deckId),
  );

  app.post(
    '/questions/deck/:deckId/generate',
    { schema: contractSchema('POST /questions/deck/:deckId/generate') },
    async (request) => {
      const { jobId } = await generation.start(callerOf(request), request.params.deckId, {
        target: 'questions',
        questionTypes: request.body.questionTypes,
        count: request.body.totalQuestions,
        focusInstructions: request.body.focusInstructions,
      });
      return { success: true as const, status: 'queued' as const, jobId, questions: [] };
    },
  );

  app.post(
    '/ai/generate-cards-from-source',
    { schema: contractSchema('POST /ai/generate-cards-from-source') },
    async (request) => {
      const { deckId, sourceId, count, questionTypes, focusInstructions } = request.body;
      const { jobId } = await generation.start(callerOf(request), deckId, {
        target: 'questions',
        questionTypes,
        count,
        focusInstructions,
        sourceId,
      });
      return { success: true as const, status: 'queued' as const, jobId, questions: [] };
    },
  );

  app.put(
    '/questions/:id',
    { schema: contractSchema('PUT /questions/:id') },
    async (request) => questions.update(requireOwner(request), request.params.id, request.body),
  );

  app.delete('/questions/:id', { schema: contractSchema('DELETE /questions/:id') }, async (request) =>
    questions.remove(requireOwner(request), request.params.id),
  );

  app.post(
    '/questions/:id/evaluate',
    { schema: contractSchema('POST /questions/:id/evaluate') },
    async (request) =>
      questions.evaluate(requireOwner(request), request.params.id, request.body.response, {
        practice: request.body.practice,
        timeTakenMs: request.body.timeTakenMs,
      }),
  );
};
