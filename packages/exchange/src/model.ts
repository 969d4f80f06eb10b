import { z } from 'zod';
import { CARD_STATES, REVIEW_RATINGS } from '@mnemo/contracts/api/review';
import { QUESTION_TYPES } from '@mnemo/contracts/entities/question';

/**
 * The neutral deck every format reads into and writes from. Its fields are Mnemo's own columns
 * (packages/db decks.ts `questions`, review.ts `review_cards` / `review_logs`), so Mnemo → file →
 * Mnemo loses nothing a format can carry. Dates are ISO 8601 strings (what JSON carries).
 */

export const EXCHANGE_FORMAT = 'mnemo-deck' as const;
export const EXCHANGE_VERSION = 1 as const;

const isoDate = z.iso.datetime({ offset: true });

export const exchangeSourceSchema = z.object({
  title: z.string(),
  /** Mnemo's source type (pdf, url, youtube, text...), kept as text. */
  type: z.string(),
  url: z.string().nullable().optional(),
  /** A document's file name as it was uploaded (Mnemo's `original_filename`). */
  filename: z.string().nullable().optional(),
  summary: z.string().nullable().optional(),
  keyPoints: z.array(z.string()).optional(),
});
export type ExchangeSource = z.infer<typeof exchangeSourceSchema>;

/** The learner's FSRS card for the question (review_cards). Absent: never studied (new). */
export const exchangeReviewSchema = z.object({
  state: z.enum(CARD_STATES),
  due: isoDate,
  stability: z.number(),
  difficulty: z.number(),
  elapsedDays: z.number().int().min(0),
  scheduledDays: z.number().int().min(0),
  learningSteps: z.number().int().min(0),
  reps: z.number().int().min(0),
  lapses: z.number().int().min(0),
  lastReview: isoDate.nullable(),
  lastRating: z.enum(REVIEW_RATINGS),
  /**
   * True when the file has no FSRS memory state for the card (an Anki card scheduled by SM-2, with
   * only its revlog): `stability` and `difficulty` are stand-ins, and the importer replays the log
   * with FSRS to get the card and each answer's figures.
   */
  estimated: z.boolean().optional(),
});
export type ExchangeReview = z.infer<typeof exchangeReviewSchema>;

/** Rating as Anki and FSRS number it: 1 again, 2 hard, 3 good, 4 easy. */
export const exchangeRatingSchema = z.number().int().min(1).max(4);
export type ExchangeRating = 1 | 2 | 3 | 4;

/**
 * One answer of the review log (review_logs, `review` rows with their latest rating: an override
 * is applied, not carried). `state`, `due`, `stability`, `difficulty` and the day counts are the
 * card as it was before the answer, as ts-fsrs' ReviewLog keeps it.
 */
export const exchangeReviewLogSchema = z.object({
  reviewedAt: isoDate,
  rating: exchangeRatingSchema,
  state: z.enum(CARD_STATES),
  due: isoDate,
  stability: z.number(),
  difficulty: z.number(),
  elapsedDays: z.number().int().min(0),
  lastElapsedDays: z.number().int().min(0),
  scheduledDays: z.number().int().min(0),
  learningSteps: z.number().int().min(0),
  durationMs: z.number().int().min(0).nullable().optional(),
  /** The desired retention the answer was scheduled with. */
  desiredRetention: z.number().gt(0).lt(1).optional(),
});
export type ExchangeReviewLog = z.infer<typeof exchangeReviewLogSchema>;

export const exchangeQuestionSchema = z.object({
  /** Mnemo's question id on export (becomes the Anki note guid); absent on import from elsewhere. */
  id: z.string().optional(),
  question: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  options: z.array(z.string()),
  correctAnswerIndex: z.number().int().min(0).nullable(),
  correctAnswerText: z.string().nullable(),
  expectedAnswer: z.string().nullable(),
  answer: z.string().nullable(),
  caseContext: z.string().nullable(),
  explanation: z.string().nullable().optional(),
  sourceCitation: z.string().nullable().optional(),
  concepts: z.array(z.string()),
  review: exchangeReviewSchema.nullable().optional(),
  reviewLog: z.array(exchangeReviewLogSchema).optional(),
});
export type ExchangeQuestion = z.infer<typeof exchangeQuestionSchema>;

export const exchangeDeckSchema = z.object({
  title: z.string(),
  description: z.string().nullable().optional(),
  sources: z.array(exchangeSourceSchema),
  questions: z.array(exchangeQuestionSchema),
});
export type ExchangeDeck = z.infer<typeof exchangeDeckSchema>;

/** The Mnemo JSON file: the deck behind a format header. */
export const mnemoDeckFileSchema = z.object({
  format: z.literal(EXCHANGE_FORMAT),
  version: z.literal(EXCHANGE_VERSION),
  exportedAt: isoDate.optional(),
  deck: exchangeDeckSchema,
});
export type MnemoDeckFile = z.infer<typeof mnemoDeckFileSchema>;

/** A line (1-based; for an .apkg the note's position) an import left out, and why. */
export type SkippedItem = { line: number; reason: string };

/** What every reader answers: a whole deck and what it left out. */
export type ImportResult = { deck: ExchangeDeck; skipped: SkippedItem[] };

export const EXPORT_FORMATS = ['apkg', 'csv', 'quizlet', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const IMPORT_FORMATS = ['apkg', 'csv', 'quizlet', 'json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const RATING_NAMES = REVIEW_RATINGS;
/** 1..4 → again..easy. */
export const ratingName = (rating: ExchangeRating) => RATING_NAMES[rating - 1] ?? 'again';
/** again..easy → 1..4. */
export const ratingNumber = (name: (typeof REVIEW_RATINGS)[number]): ExchangeRating =>
  (RATING_NAMES.indexOf(name) + 1) as ExchangeRating;

/** The answer a learner reads on the back of a card, whichever field the type keeps it in. */
export function displayAnswer(q: ExchangeQuestion): string {
  if (q.correctAnswerIndex !== null && q.options[q.correctAnswerIndex] !== undefined) {
    return q.options[q.correctAnswerIndex] ?? '';
  }
  return q.expectedAnswer ?? q.correctAnswerText ?? q.answer ?? '';
}
