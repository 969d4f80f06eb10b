import {
  allQuestionsQuerySchema,
  deckQuestionsParamsSchema,
  evaluateQuestionBodySchema,
  generateQuestionsBodySchema,
  generationStatusParamsSchema,
  listQuestionsQuerySchema,
  questionParamsSchema,
  updateQuestionBodySchema,
  type GenerateQuestionsResponse,
  type GenerationStatusResponse,
} from '@mnemo/contracts/api/questions';
import { generateCardsFromSourceBodySchema, type GenerateCardsFromSourceResponse } from '@mnemo/contracts/api/ai';
import { requireOwner, type RoutesPlugin } from '@mnemo/service-kit';
import { callerOf } from '../decks/limits';
import type { GenerationService } from './generation.service';
import type { QuestionsService } from './questions.service';

/**
 * Question calls of spec 02 §7, and POST /ai/generate-cards-from-source (questions from one
 * source). Generation answers at once with status 'queued': the worker writes the questions and
 * the client polls the list (every 3 s on the edit screen) until they appear.
 */
export const questionsRoutes: RoutesPlugin<{ questions: QuestionsService; generation: GenerationService }> = async (
  app,
  { questions, generation },
) => {
  app.get(
    '/questions/deck/:deckId',
    { schema: { params: deckQuestionsParamsSchema, querystring: listQuestionsQuerySchema } },
    async (request) => questions.list(requireOwner(request), request.params.deckId, request.query),
  );

  app.get(
    '/questions/deck/:deckId/all',
    { schema: { params: deckQuestionsParamsSchema, querystring: allQuestionsQuerySchema } },
    async (request) => questions.all(requireOwner(request), request.params.deckId, request.query.questionType),
  );

  app.get(
    '/questions/deck/:deckId/generation/:jobId',
    { schema: { params: generationStatusParamsSchema } },
    async (request): Promise<GenerationStatusResponse> =>
      generation.status(callerOf(request), request.params.deckId, request.params.jobId),
  );

  app.post(
    '/questions/deck/:deckId/generate',
    { schema: { params: deckQuestionsParamsSchema, body: generateQuestionsBodySchema } },
    async (request): Promise<GenerateQuestionsResponse> => {
      const { jobId } = await generation.start(callerOf(request), request.params.deckId, {
        target: 'questions',
        questionTypes: request.body.questionTypes,
        count: request.body.totalQuestions,
        focusInstructions: request.body.focusInstructions,
      });
      return { success: true, status: 'queued', jobId, questions: [] };
    },
  );

  app.post(
    '/ai/generate-cards-from-source',
    { schema: { body: generateCardsFromSourceBodySchema } },
    async (request): Promise<GenerateCardsFromSourceResponse> => {
      const { deckId, sourceId, count, questionTypes, focusInstructions } = request.body;
      const { jobId } = await generation.start(callerOf(request), deckId, {
        target: 'questions',
        questionTypes,
        count,
        focusInstructions,
        sourceId,
      });
      return { success: true, status: 'queued', jobId, questions: [] };
    },
  );

  app.put(
    '/questions/:id',
    { schema: { params: questionParamsSchema, body: updateQuestionBodySchema } },
    async (request) => questions.update(requireOwner(request), request.params.id, request.body),
  );

  app.delete('/questions/:id', { schema: { params: questionParamsSchema } }, async (request) =>
    questions.remove(requireOwner(request), request.params.id),
  );

  app.post(
    '/questions/:id/evaluate',
    { schema: { params: questionParamsSchema, body: evaluateQuestionBodySchema } },
    async (request) =>
      questions.evaluate(requireOwner(request), request.params.id, request.body.response, {
        practice: request.body.practice,
        timeTakenMs: request.body.timeTakenMs,
      }),
  );
};
