import { describe, expect, it } from 'vitest';
import { exampleQuestion, uuid } from '../testing/examples';
import { generateCardsBodySchema } from './cards';
import { generateCardsFromSourceBodySchema } from './ai';
import {
  allQuestionsQuerySchema,
  evaluateQuestionBodySchema,
  evaluateQuestionResponseSchema,
  generateQuestionsBodySchema,
  listQuestionsQuerySchema,
  listQuestionsResponseSchema,
} from './questions';

describe('question lists', () => {
  it('answer questions with pagination {total, pages}', () => {
    const answer = listQuestionsResponseSchema.parse({
      questions: [exampleQuestion()],
      pagination: { total: 21, pages: 2 },
    });
    expect(answer.pagination).toEqual({ total: 21, pages: 2 });
    expect(answer.questions[0]?.options).toHaveLength(4);
    expect(
      listQuestionsResponseSchema.safeParse({
        questions: [],
        pagination: { total: 0, totalPages: 0 },
      }).success,
    ).toBe(false);
  });

  it('page by 20 unless asked otherwise', () => {
    expect(listQuestionsQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(listQuestionsQuerySchema.parse({ page: '3', limit: '50' })).toEqual({
      page: 3,
      limit: 50,
    });
  });

  it('filter by a known question type, or all', () => {
    expect(allQuestionsQuerySchema.parse({ questionType: 'case_free_response' }).questionType).toBe(
      'case_free_response',
    );
    expect(allQuestionsQuerySchema.parse({ questionType: 'all' }).questionType).toBe('all');
    expect(allQuestionsQuerySchema.safeParse({ questionType: 'essay' }).success).toBe(false);
  });

  it('refuse a question of an unknown type', () => {
    expect(
      listQuestionsResponseSchema.safeParse({
        questions: [exampleQuestion({ questionType: 'essay' })],
        pagination: { total: 1, pages: 1 },
      }).success,
    ).toBe(false);
  });
});

describe('generation', () => {
  it('refuses an unknown question type and an empty type list', () => {
    expect(
      generateQuestionsBodySchema.safeParse({ questionTypes: ['essay'], totalQuestions: 5 })
        .success,
    ).toBe(false);
    expect(
      generateQuestionsBodySchema.safeParse({ questionTypes: [], totalQuestions: 5 }).success,
    ).toBe(false);
    expect(
      generateQuestionsBodySchema.safeParse({
        questionTypes: ['multiple_choice', 'case_free_response'],
      }).success,
    ).toBe(true);
  });

  it('defaults the count to 5 and clamps it to 1-100 as the spec’s client does', () => {
    const count = (totalQuestions: unknown) =>
      generateQuestionsBodySchema.parse({ questionTypes: ['free_response'], totalQuestions })
        .totalQuestions;
    expect(count(undefined)).toBe(5);
    expect(count(40)).toBe(40);
    expect(count(150)).toBe(100);
    expect(count(0)).toBe(1);
    expect(count(-3)).toBe(1);
    expect(count('12')).toBe(12);
  });

  it('refuses a count that is not a whole number', () => {
    for (const totalQuestions of [2.5, 'ten', '1e3', null]) {
      expect(
        generateQuestionsBodySchema.safeParse({ questionTypes: ['free_response'], totalQuestions })
          .success,
        String(totalQuestions),
      ).toBe(false);
    }
  });

  it('defaults plain-card generation to 10 cards and source generation to 5 of both basic types', () => {
    expect(generateCardsBodySchema.parse({})).toEqual({ count: 10 });
    expect(generateCardsBodySchema.parse({ count: 500 }).count).toBe(100);
    const fromSource = generateCardsFromSourceBodySchema.parse({
      deckId: uuid(),
      sourceId: uuid(),
    });
    expect(fromSource).toMatchObject({
      count: 5,
      questionTypes: ['multiple_choice', 'free_response'],
    });
  });

  it('keeps focus instructions within 2000 characters', () => {
    const body = { questionTypes: ['free_response'], focusInstructions: 'x'.repeat(2001) };
    expect(generateQuestionsBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('evaluation', () => {
  it('answers evaluation.freeResponse or evaluation.multipleChoice with the question', () => {
    const freeResponse = {
      accuracy: 8,
      clarity: 6,
      depth: 5,
      feedback: 'Good.',
      stoplight: 'green',
    };
    const answer = evaluateQuestionResponseSchema.parse({
      evaluation: { freeResponse },
      question: exampleQuestion({ questionType: 'free_response' }),
    });
    expect(answer.evaluation.freeResponse?.accuracy).toBe(8);
    expect(
      evaluateQuestionResponseSchema.parse({
        evaluation: { multipleChoice: { isCorrect: true } },
        question: exampleQuestion(),
      }).evaluation.multipleChoice?.isCorrect,
    ).toBe(true);
  });

  it('refuses scores above 10, an unknown stoplight, or both kinds at once', () => {
    const question = exampleQuestion();
    const fr = { accuracy: 8, clarity: 6, depth: 5, feedback: 'Good.', stoplight: 'green' };
    expect(
      evaluateQuestionResponseSchema.safeParse({
        evaluation: { freeResponse: { ...fr, accuracy: 11 } },
        question,
      }).success,
    ).toBe(false);
    expect(
      evaluateQuestionResponseSchema.safeParse({
        evaluation: { freeResponse: { ...fr, stoplight: 'blue' } },
        question,
      }).success,
    ).toBe(false);
    expect(
      evaluateQuestionResponseSchema.safeParse({
        evaluation: { freeResponse: fr, multipleChoice: { isCorrect: true } },
        question,
      }).success,
    ).toBe(false);
    expect(evaluateQuestionResponseSchema.safeParse({ evaluation: {}, question }).success).toBe(
      false,
    );
  });

  it('takes an answer that is not empty after trimming, or an option index', () => {
    expect(evaluateQuestionBodySchema.parse({ response: '  ATP ' }).response).toBe('ATP');
    expect(evaluateQuestionBodySchema.parse({ response: 2 }).response).toBe(2);
    expect(evaluateQuestionBodySchema.safeParse({ response: '   ' }).success).toBe(false);
  });
});
