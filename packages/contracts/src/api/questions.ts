import { z } from 'zod';
import { idSchema, pageQuerySchema, successFlag, successSchema } from '../common';
import { focusInstructionsSchema } from '../entities/deck';
import {
  DEFAULT_CARD_COUNT,
  QUESTION_TYPES,
  cardCountSchema,
  evaluationSchema,
  questionSchema,
  questionTypeSchema,
} from '../entities/question';
import { sourceRefSchema } from '../entities/source';
import { reviewStateSchema } from './review';

/** Question calls of spec 02 §7. */

export const questionParamsSchema = z.object({ id: idSchema });
export const deckQuestionsParamsSchema = z.object({ deckId: idSchema });

/** Questions page size (spec 02 §9). */
export const QUESTIONS_PAGE_SIZE = 20;
export const listQuestionsQuerySchema = pageQuerySchema(QUESTIONS_PAGE_SIZE);
export type ListQuestionsQuery = z.input<typeof listQuestionsQuerySchema>;
export const listQuestionsResponseSchema = z.object({
  success: successFlag,
  questions: z.array(questionSchema),
  pagination: z.object({
    total: z.number().int().min(0),
    pages: z.number().int().min(0),
    page: z.number().int().min(1).optional(),
    limit: z.number().int().min(1).optional(),
  }),
});
export type ListQuestionsResponse = z.output<typeof listQuestionsResponseSchema>;

/** `all` (the 'All Questions' filter) is the same as no filter; an unknown type is refused. */
export const allQuestionsQuerySchema = z.object({
  questionType: z.enum([...QUESTION_TYPES, 'all']).optional(),
});
export type AllQuestionsQuery = z.input<typeof allQuestionsQuerySchema>;
// not shown in the spec: our design: every question of the deck, in deck order.
export const allQuestionsResponseSchema = successSchema.extend({
  questions: z.array(questionSchema),
});
export type AllQuestionsResponse = z.output<typeof allQuestionsResponseSchema>;

export const generateQuestionsBodySchema = z.object({
  questionTypes: z.array(questionTypeSchema).min(1, 'Select at least one question type'),
  totalQuestions: cardCountSchema(DEFAULT_CARD_COUNT),
  focusInstructions: focusInstructionsSchema.nullish(),
});
export type GenerateQuestionsBody = z.input<typeof generateQuestionsBodySchema>;

/**
 * What a generation call answers. The server waits a while for the generation to finish: then
 * `status` is completed and the new questions (or cards) are in the answer; a longer run answers
 * `queued` with what exists so far, and the client polls the list (the spec's edit screen polls
 * every 3 s while generating).
 */
export const GENERATION_STATUSES = ['completed', 'queued'] as const;
// not shown in the spec: our design.
export const generateQuestionsResponseSchema = successSchema.extend({
  status: z.enum(GENERATION_STATUSES),
  jobId: z.string(),
  questions: z.array(questionSchema),
});
export type GenerateQuestionsResponse = z.output<typeof generateQuestionsResponseSchema>;

/**
 * Addition: GET /questions/deck/:deckId/generation/:jobId, where a generation stands (the `jobId` a
 * generate call answered). Every run ends: `completed` with the number of questions (or cards) it
 * wrote, at least one, or `failed` with a reason a learner can act on; a run that wrote nothing is a
 * failure, never a silent success.
 */
export const GENERATION_JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export const GENERATION_FAILURES = {
  noText: 'This source has no text to ask about',
  aiUnavailable: 'The AI service is unavailable',
  noQuestions: 'The AI could not write any questions from this text',
  deckFull: 'This deck is full: no more questions fit in it',
  deckGone: 'This deck no longer exists',
} as const;
export const generationStatusParamsSchema = z.object({
  deckId: idSchema,
  jobId: z.string().min(1).max(200),
});
export const generationStatusResponseSchema = successSchema.extend({
  jobId: z.string(),
  state: z.enum(GENERATION_JOB_STATES),
  /** completed: how many questions (or cards) the run wrote. */
  created: z.number().int().min(1).optional(),
  /** failed: why, in words a learner can act on. */
  reason: z.string().optional(),
  /**
   * Addition (issue 21), completed: what the learner should know about how the questions were
   * written, e.g. "Questions are in English: the offline study AI cannot write questions in
   * Japanese yet". Absent when there is nothing to say.
   */
  notes: z.array(z.string()).optional(),
});
export type GenerationStatusResponse = z.output<typeof generationStatusResponseSchema>;

/**
 * Addition: GET /questions/deck/:deckId/generation, the deck's latest generation run (null when it
 * has none the server still knows), with what was asked, so a screen opened or reloaded while a
 * run goes on (or after it failed) follows it, and can send the same request again on Retry.
 */
export const latestGenerationResponseSchema = successSchema.extend({
  generation: generationStatusResponseSchema
    .omit({ success: true })
    .extend({
      request: z.object({
        questionTypes: z.array(questionTypeSchema),
        totalQuestions: z.number().int().min(1),
        focusInstructions: z.string().nullish(),
      }),
    })
    .nullable(),
});
export type LatestGenerationResponse = z.output<typeof latestGenerationResponseSchema>;

/**
 * PUT /questions/:id: only the changed fields (spec 02 §4). `deck` must be the question's own deck
 * when sent; `source` may be the source reference or its id.
 */
export const updateQuestionBodySchema = z.object({
  question: z.string().trim().min(1).max(10_000).optional(),
  deck: idSchema.optional(),
  source: z.union([sourceRefSchema, idSchema]).nullish(),
  correctAnswerText: z.string().max(10_000).nullish(),
  expectedAnswer: z.string().max(10_000).nullish(),
  // Additions.
  options: z.array(z.string().max(2000)).max(10).optional(),
  correctAnswerIndex: z.number().int().min(0).nullish(),
  caseContext: z.string().max(20_000).nullish(),
});
export type UpdateQuestionBody = z.input<typeof updateQuestionBodySchema>;
// not shown in the spec: our design: the question as saved.
export const updateQuestionResponseSchema = successSchema.extend({ question: questionSchema });
export type UpdateQuestionResponse = z.output<typeof updateQuestionResponseSchema>;

// not shown in the spec: our design: the question as it was.
export const deleteQuestionResponseSchema = successSchema.extend({ question: questionSchema });
export type DeleteQuestionResponse = z.output<typeof deleteQuestionResponseSchema>;

/**
 * An answer to evaluate. For a multiple-choice type either the option's index, its letter or
 * 'Option X', or its text; for the others the answer text, non-empty after trimming.
 */
export const answerInputSchema = z.union([
  z.number().int().min(0),
  z.string().trim().min(1).max(20_000),
]);
export const evaluateQuestionBodySchema = z.object({
  response: answerInputSchema,
  // Additions (issue 20). `practice`: graded, but the schedule does not move and no review is
  // recorded. `timeTakenMs`: how long the learner took, which lets a quick right pick rate Easy.
  practice: z.boolean().optional(),
  timeTakenMs: z.number().int().min(0).max(24 * 60 * 60 * 1000).optional(),
});
export type EvaluateQuestionBody = z.input<typeof evaluateQuestionBodySchema>;
export const evaluateQuestionResponseSchema = z.object({
  success: successFlag,
  evaluation: evaluationSchema,
  question: questionSchema,
  /**
   * Addition (issue 20): the caller's schedule for the question after this answer; null when no
   * review was recorded (a practice answer, or a viewer of someone else's published deck).
   */
  review: reviewStateSchema.nullish(),
});
export type EvaluateQuestionResponse = z.output<typeof evaluateQuestionResponseSchema>;
