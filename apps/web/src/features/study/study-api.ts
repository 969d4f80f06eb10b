import { z } from 'zod';
import {
  evaluateCardResponseSchema,
  listCardsResponseSchema,
  type EvaluateCardBody,
} from '@mnemo/contracts/api/cards';
import {
  evaluateQuestionResponseSchema,
  type EvaluateQuestionBody,
} from '@mnemo/contracts/api/questions';
import type { ReviewState } from '@mnemo/contracts/api/review';
import { questionSchema, type Evaluation } from '@mnemo/contracts/entities/question';
import { api, type ApiClient } from '../../lib/api';
import {
  cardAnswer,
  cardItem,
  questionItem,
  questionResponse,
  type StudyItem,
  type Submission,
} from './study-items';

const at = (id: string) => encodeURIComponent(id);

/**
 * GET /questions/deck/:deckId/all, with each question's type left as text: a type this client does
 * not know shows the session's unknown-type message on that question instead of failing the list.
 */
const studyQuestionsSchema = z.object({
  questions: z.array(questionSchema.extend({ questionType: z.string() })),
});

/** What the session studies: the deck's questions, or its cards when it has no questions. */
export interface StudyDeck {
  mode: 'questions' | 'cards';
  items: StudyItem[];
}

export function studyCalls(client: ApiClient = api) {
  return {
    /**
     * Every question of the deck in deck order (one call; the type filter works on it locally), or
     * the fallback cards (GET /cards/deck/:deckId) when there are none.
     */
    async load(deckId: string, signal?: AbortSignal): Promise<StudyDeck> {
      const { questions } = await client.get(`/questions/deck/${at(deckId)}/all`, {
        schema: studyQuestionsSchema,
        signal,
      });
      if (questions.length > 0) return { mode: 'questions', items: questions.map(questionItem) };
      const { cards } = await client.get(`/cards/deck/${at(deckId)}`, {
        schema: listCardsResponseSchema,
        signal,
      });
      return { mode: 'cards', items: cards.map(cardItem) };
    },
    /**
     * POST /questions/:id/evaluate {response}, or for a card POST /cards/:id/evaluate {answer,
     * cardId} with multiple choice as 'Option X'. Answers the evaluation and the item as the
     * server has it now (the call answers the question or card too), and for a question the
     * learner's schedule after it (issue 20): null for a practice answer or a viewer.
     *
     * `practice` answers are graded without moving the schedule; `timeTakenMs` lets a quick right
     * pick rate Easy. Cards have no schedule and take neither.
     */
    async evaluate(
      item: StudyItem,
      submission: Submission,
      options: { practice?: boolean; timeTakenMs?: number } = {},
    ): Promise<{ evaluation: Evaluation; item: StudyItem; review: ReviewState | null }> {
      if (item.kind === 'card') {
        const body: EvaluateCardBody = { answer: cardAnswer(submission), cardId: item.id };
        const answer = await client.post(`/cards/${at(item.id)}/evaluate`, body, {
          schema: evaluateCardResponseSchema,
        });
        return { evaluation: answer.evaluation, item: cardItem(answer.card), review: null };
      }
      const body: EvaluateQuestionBody = { response: questionResponse(submission) };
      if (options.practice) body.practice = true;
      if (options.timeTakenMs !== undefined) body.timeTakenMs = Math.round(options.timeTakenMs);
      const answer = await client.post(`/questions/${at(item.id)}/evaluate`, body, {
        schema: evaluateQuestionResponseSchema,
      });
      return {
        evaluation: answer.evaluation,
        item: questionItem(answer.question),
        review: answer.review ?? null,
      };
    },
  };
}

export const study = studyCalls();
