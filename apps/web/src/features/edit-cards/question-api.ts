import {
  QUESTIONS_PAGE_SIZE,
  allQuestionsResponseSchema,
  deleteQuestionResponseSchema,
  generateQuestionsResponseSchema,
  generationStatusResponseSchema,
  latestGenerationResponseSchema,
  listQuestionsResponseSchema,
  updateQuestionResponseSchema,
  type GenerateQuestionsBody,
  type UpdateQuestionBody,
} from '@mnemo/contracts/api/questions';
import { api, type ApiClient } from '../../lib/api';

/** The question calls of spec 02 §7 the edit screen makes, answers checked against @mnemo/contracts. */
const at = (id: string) => encodeURIComponent(id);

export function questionCalls(client: ApiClient = api) {
  return {
    /** GET /questions/deck/:deckId?page&limit (20 a page). */
    listPage(deckId: string, page: number, signal?: AbortSignal) {
      return client.get(`/questions/deck/${at(deckId)}`, {
        query: { page, limit: QUESTIONS_PAGE_SIZE },
        schema: listQuestionsResponseSchema,
        signal,
      });
    },
    /** GET /questions/deck/:deckId/all: every question, for a screen narrowed by source or id. */
    listAll(deckId: string, signal?: AbortSignal) {
      return client.get(`/questions/deck/${at(deckId)}/all`, {
        schema: allQuestionsResponseSchema,
        signal,
      });
    },
    /** POST /questions/deck/:deckId/generate {questionTypes, totalQuestions, focusInstructions}. */
    generate(deckId: string, body: GenerateQuestionsBody) {
      return client.post(`/questions/deck/${at(deckId)}/generate`, body, {
        schema: generateQuestionsResponseSchema,
      });
    },
    /** GET /questions/deck/:deckId/generation: the deck's latest run, for a screen that lost its id. */
    latestGeneration(deckId: string, signal?: AbortSignal) {
      return client.get(`/questions/deck/${at(deckId)}/generation`, {
        schema: latestGenerationResponseSchema,
        signal,
      });
    },
    /** GET /questions/deck/:deckId/generation/:jobId: where a generation stands (the issue-22 addition). */
    generationStatus(deckId: string, jobId: string, signal?: AbortSignal) {
      return client.get(`/questions/deck/${at(deckId)}/generation/${at(jobId)}`, {
        schema: generationStatusResponseSchema,
        signal,
      });
    },
    /** PUT /questions/:id with only the changed fields. */
    update(questionId: string, body: UpdateQuestionBody) {
      return client.put(`/questions/${at(questionId)}`, body, {
        schema: updateQuestionResponseSchema,
      });
    },
    /** DELETE /questions/:id. */
    remove(questionId: string) {
      return client.delete(`/questions/${at(questionId)}`, undefined, {
        schema: deleteQuestionResponseSchema,
      });
    },
  };
}

export const questions = questionCalls();
