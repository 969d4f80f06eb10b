import { z } from 'zod';
import { idSchema, isoDateSchema } from '../common';
import { sourceRefSchema } from './source';

export const QUESTION_TYPES = [
  'multiple_choice',
  'free_response',
  'case_multiple_choice',
  'case_free_response',
] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;
/** Types answered by picking an option; the others are answered in words. */
export const MULTIPLE_CHOICE_TYPES: readonly QuestionType[] = [
  'multiple_choice',
  'case_multiple_choice',
];

/** A question (spec 02 §3). Multiple-choice types carry options and the correct index. */
export const questionSchema = z.object({
  _id: idSchema,
  deck: idSchema,
  question: z.string(),
  questionType: questionTypeSchema,
  options: z.array(z.string()),
  correctAnswerIndex: z.number().int().min(0).nullable(),
  correctAnswerText: z.string().nullable(),
  expectedAnswer: z.string().nullable(),
  caseContext: z.string().nullable(),
  source: sourceRefSchema.nullable(),
  answer: z.string().nullable(),
  // Additions.
  createdAt: isoDateSchema.optional(),
  updatedAt: isoDateSchema.optional(),
  /** The one to three concepts the question tests (issue 20); mastery is counted per concept. */
  concepts: z.array(z.string()).optional(),
});
export type Question = z.infer<typeof questionSchema>;

/**
 * What a question asks and what answers it: the fields named alike in the database row, the API,
 * the worker's generated questions and the exchange formats. One pick, so every place that copies a
 * question from one shape to another copies the same fields.
 */
export type QuestionContent = Pick<
  Question,
  'question' | 'questionType' | 'options' | 'correctAnswerIndex' | 'correctAnswerText' | 'expectedAnswer'
>;
export const questionContent = (q: QuestionContent): QuestionContent => ({
  question: q.question,
  questionType: q.questionType,
  options: q.options,
  correctAnswerIndex: q.correctAnswerIndex,
  correctAnswerText: q.correctAnswerText,
  expectedAnswer: q.expectedAnswer,
});

/** A question is tagged with one to three concepts (issue 20). */
export const MAX_CONCEPTS = 3;
const MAX_CONCEPT_LENGTH = 80;
/**
 * Concepts as stored: trimmed, single-spaced, without quotes, repeats (ignoring case) or empty
 * ones, at most MAX_CONCEPTS. One rule for the AI providers, the worker and the backfill.
 */
export function normalizeConcepts(raw: readonly (string | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const item of raw) {
    const c = (item ?? '').replace(/\s+/g, ' ').trim().replace(/^["'“]+|["'”.]+$/g, '').slice(0, MAX_CONCEPT_LENGTH).trim();
    if (!c) continue;
    if (!out.some((o) => o.toLowerCase() === c.toLowerCase())) out.push(c);
    if (out.length === MAX_CONCEPTS) break;
  }
  return out;
}

/**
 * How many cards to generate (spec 02 §5, §9): whole numbers from 1 to 100. Like the spec's client,
 * the server clamps a number outside the range instead of refusing it, and takes a string of digits
 * (the count field's text) as its number; anything else (2.5, 'ten') is refused. Missing gives the
 * call's default: 5 for questions, 10 for plain cards.
 */
export const CARD_COUNT_MIN = 1;
export const CARD_COUNT_MAX = 100;
export const DEFAULT_CARD_COUNT = 5;
export const DEFAULT_GENERATED_CARD_COUNT = 10;
export const cardCountSchema = (defaultCount: number) =>
  z
    .union([
      z.number().int(),
      z.string().trim().regex(/^\d+$/, 'Card count must be a whole number').transform(Number),
    ])
    .default(defaultCount)
    .transform((n) => Math.min(CARD_COUNT_MAX, Math.max(CARD_COUNT_MIN, n)));

/** Free-response scores are out of 10; an answer counts as correct at accuracy 7 or more. */
export const SCORE_MAX = 10;
export const FREE_RESPONSE_CORRECT_ACCURACY = 7;
export const STOPLIGHTS = ['green', 'yellow', 'red'] as const;

const score = z.number().min(0).max(SCORE_MAX);

export const multipleChoiceEvaluationSchema = z.object({
  isCorrect: z.boolean(),
  // Additions: what the right answer was, so the client can show it after a wrong pick.
  correctAnswerIndex: z.number().int().min(0).nullish(),
  correctAnswerText: z.string().nullish(),
  feedback: z.string().optional(),
});

export const freeResponseEvaluationSchema = z.object({
  accuracy: score,
  clarity: score,
  depth: score,
  feedback: z.string(),
  stoplight: z.enum(STOPLIGHTS),
  /** Addition: accuracy >= 7, the client's own rule, so both sides agree. */
  isCorrect: z.boolean().optional(),
});

/** An evaluation (spec 02 §3): exactly one of the two kinds, by the question's type. */
export const evaluationSchema = z
  .object({
    multipleChoice: multipleChoiceEvaluationSchema.optional(),
    freeResponse: freeResponseEvaluationSchema.optional(),
  })
  .refine((e) => (e.multipleChoice === undefined) !== (e.freeResponse === undefined), {
    message: 'An evaluation has exactly one of multipleChoice and freeResponse',
  });
export type Evaluation = z.infer<typeof evaluationSchema>;

/**
 * Whether an evaluated answer was right: multiple choice by its flag, free response at
 * FREE_RESPONSE_CORRECT_ACCURACY or more. The review schedule's runs of right answers and the class
 * dashboard's right share both count with it (the dashboard's SQL says the same in SQL).
 */
export const isCorrectAnswer = (e: Evaluation | null | undefined): boolean =>
  e?.multipleChoice ? e.multipleChoice.isCorrect : (e?.freeResponse?.accuracy ?? 0) >= FREE_RESPONSE_CORRECT_ACCURACY;
