import { z } from 'zod';
import { idSchema, isoDateSchema, successSchema } from '../common';
import { questionSchema, type Evaluation } from '../entities/question';

/**
 * Spaced repetition (issue 20): the FSRS state of a question per learner, the due queue, mastery
 * per concept, statistics, the learner's review settings and summary quizzes. All additions: the
 * spec's calls are unchanged, evaluate only gains fields.
 */

/** The four FSRS ratings, in the order of the keys 1-4 that rate a card. */
export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export const reviewRatingSchema = z.enum(REVIEW_RATINGS);
export type ReviewRating = z.infer<typeof reviewRatingSchema>;

/** FSRS card states. `new` is a card never answered (no review row); it is not stored. */
export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export const cardStateSchema = z.enum(CARD_STATES);
export type CardState = z.infer<typeof cardStateSchema>;

/** How long after a review the learner may still override its rating ("I was right"). */
export const REVIEW_OVERRIDE_WINDOW_MS = 10 * 60 * 1000;

/**
 * A learner's schedule for one question after their last review. `rating` is that review's rating
 * (after any override); `due` is when the question comes back; `scheduledDays` the interval FSRS
 * chose (0 for a learning step within the day). `overridableUntil`: the end of the override window
 * of the last review.
 */
export const reviewStateSchema = z.object({
  rating: reviewRatingSchema,
  state: cardStateSchema,
  due: isoDateSchema,
  stability: z.number().min(0),
  difficulty: z.number().min(0),
  reps: z.number().int().min(0),
  lapses: z.number().int().min(0),
  scheduledDays: z.number().int().min(0),
  lastReview: isoDateSchema.nullable(),
  overridableUntil: isoDateSchema.optional(),
});
export type ReviewState = z.infer<typeof reviewStateSchema>;

// --- The grade becomes the rating (issue 20) ---

/** A correct multiple-choice answer within this time can be rated Easy. */
export const QUICK_ANSWER_MS = 10_000;
/** Easy needs this many correct answers running, the current one included. */
export const EASY_CORRECT_RUN = 3;

/**
 * The rating an evaluation gives, the rule of issue 20: multiple choice wrong Again, right Good,
 * Easy when answered within QUICK_ANSWER_MS and right EASY_CORRECT_RUN times running; free response
 * accuracy 0-3 Again, 4-6 Hard, 7-8 Good, 9-10 Easy. `correctRunBefore` is how many of the learner's
 * previous answers to this question were correct in a row (most recent first). Lives in contracts
 * so the web can say what an answer will be rated with the server's own rule.
 */
export function ratingForEvaluation(input: {
  evaluation: Evaluation;
  timeTakenMs?: number | null | undefined;
  correctRunBefore: number;
}): ReviewRating {
  const { evaluation, timeTakenMs, correctRunBefore } = input;
  if (evaluation.freeResponse) {
    const accuracy = evaluation.freeResponse.accuracy;
    // Scores may be fractional: the bands are [0,4), [4,7), [7,9), [9,10].
    if (accuracy < 4) return 'again';
    if (accuracy < 7) return 'hard';
    if (accuracy < 9) return 'good';
    return 'easy';
  }
  if (!evaluation.multipleChoice?.isCorrect) return 'again';
  const quick = timeTakenMs !== undefined && timeTakenMs !== null && timeTakenMs <= QUICK_ANSWER_MS;
  return quick && correctRunBefore + 1 >= EASY_CORRECT_RUN ? 'easy' : 'good';
}

// --- POST /questions/:id/review: override the rating of the caller's last review ---

export const overrideReviewBodySchema = z.object({ rating: reviewRatingSchema });
export type OverrideReviewBody = z.input<typeof overrideReviewBodySchema>;
export const overrideReviewResponseSchema = successSchema.extend({ review: reviewStateSchema });
export type OverrideReviewResponse = z.output<typeof overrideReviewResponseSchema>;

// --- GET /review/due ---

export const REVIEW_DUE_DEFAULT_LIMIT = 50;
export const REVIEW_DUE_MAX_LIMIT = 500;
export const reviewDueQuerySchema = z.object({
  /** Without it: every deck the caller studies (their own, and their classes' decks: issue 23). */
  deckId: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(REVIEW_DUE_MAX_LIMIT).default(REVIEW_DUE_DEFAULT_LIMIT),
});
export type ReviewDueQuery = z.input<typeof reviewDueQuerySchema>;

/**
 * What is left to study today: `due` review cards due now, `learning` cards in a (re)learning step
 * due now, `new` never-studied questions the daily new limit still allows. Review and new counts
 * are capped by today's remaining daily limits.
 */
export const dueCountsSchema = z.object({
  due: z.number().int().min(0),
  new: z.number().int().min(0),
  learning: z.number().int().min(0),
});
export type DueCounts = z.infer<typeof dueCountsSchema>;

export const reviewQuestionSchema = questionSchema.extend({ review: reviewStateSchema.nullable() });
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;

/** Due cards first (most overdue first), then learning, then new ones within the daily limit. */
export const reviewDueResponseSchema = successSchema.extend({
  questions: z.array(reviewQuestionSchema),
  counts: dueCountsSchema,
});
export type ReviewDueResponse = z.output<typeof reviewDueResponseSchema>;

// --- GET /review/due-counts: one call for the sidebar, library, spaces and deck header ---

export const reviewDueCountsResponseSchema = successSchema.extend({
  total: dueCountsSchema,
  /** Every deck the caller studies (their own and their classes') that has something to study today. */
  decks: z.array(dueCountsSchema.extend({ deckId: idSchema })),
});
export type ReviewDueCountsResponse = z.output<typeof reviewDueCountsResponseSchema>;

// --- GET /decks/:id/mastery ---

const unitInterval = z.number().min(0).max(1);

/**
 * Mastery per concept: the mean FSRS retrievability now of the concept's questions (0 for a
 * question never studied), weakest first.
 */
export const conceptMasterySchema = z.object({
  concept: z.string(),
  mastery: unitInterval,
  questions: z.number().int().min(0),
  due: z.number().int().min(0),
  lastReviewed: isoDateSchema.nullable(),
});
export type ConceptMastery = z.infer<typeof conceptMasterySchema>;
export const deckMasteryResponseSchema = successSchema.extend({
  concepts: z.array(conceptMasterySchema),
  /** Mean retrievability over every question of the deck. */
  overall: unitInterval,
});
export type DeckMasteryResponse = z.output<typeof deckMasteryResponseSchema>;

// --- GET /review/stats ---

export const REVIEW_STATS_DEFAULT_DAYS = 30;
export const REVIEW_FORECAST_DAYS = 30;
export const reviewStatsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(REVIEW_STATS_DEFAULT_DAYS),
});
export type ReviewStatsQuery = z.input<typeof reviewStatsQuerySchema>;

/** A learner's day, YYYY-MM-DD; days roll over at 4 a.m. in the learner's time zone. */
const learnerDate = z.iso.date();

export const reviewStatsResponseSchema = successSchema.extend({
  /** One entry per day of the window, oldest first, days without reviews included. */
  perDay: z.array(z.object({ date: learnerDate, reviews: z.number().int().min(0), again: z.number().int().min(0) })),
  /**
   * Share of reviews not rated Again among cards past learning (state review before the answer);
   * null when there was no such review.
   */
  retention: z.object({
    overall: unitInterval.nullable(),
    perDay: z.array(z.object({ date: learnerDate, retention: unitInterval.nullable() })),
  }),
  /** Cards falling due on each of the next REVIEW_FORECAST_DAYS days; today includes overdue. */
  forecast: z.array(z.object({ date: learnerDate, due: z.number().int().min(0) })),
  /** Consecutive learner days with at least one review; current counts today or yesterday. */
  streak: z.object({ current: z.number().int().min(0), longest: z.number().int().min(0) }),
});
export type ReviewStatsResponse = z.output<typeof reviewStatsResponseSchema>;

// --- GET/PUT /review/settings ---

export const DESIRED_RETENTION_MIN = 0.7;
export const DESIRED_RETENTION_MAX = 0.97;
export const REVIEW_SETTINGS_DEFAULTS = {
  desiredRetention: 0.9,
  newPerDay: 20,
  reviewsPerDay: 200,
  timeZone: 'UTC',
} as const;

/** An IANA time zone name the runtime knows ('Europe/Paris', 'UTC'). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone' },
  );

export const reviewSettingsSchema = z.object({
  desiredRetention: z.number().min(DESIRED_RETENTION_MIN).max(DESIRED_RETENTION_MAX).default(REVIEW_SETTINGS_DEFAULTS.desiredRetention),
  newPerDay: z.number().int().min(0).max(1000).default(REVIEW_SETTINGS_DEFAULTS.newPerDay),
  reviewsPerDay: z.number().int().min(0).max(10_000).default(REVIEW_SETTINGS_DEFAULTS.reviewsPerDay),
  timeZone: timeZoneSchema.default(REVIEW_SETTINGS_DEFAULTS.timeZone),
});
export type ReviewSettings = z.output<typeof reviewSettingsSchema>;
export const reviewSettingsResponseSchema = successSchema.extend({ settings: reviewSettingsSchema });
export type ReviewSettingsResponse = z.output<typeof reviewSettingsResponseSchema>;
/** PUT: only the fields to change; at least one. */
export const updateReviewSettingsBodySchema = z
  .object({
    desiredRetention: z.number().min(DESIRED_RETENTION_MIN).max(DESIRED_RETENTION_MAX).optional(),
    newPerDay: z.number().int().min(0).max(1000).optional(),
    reviewsPerDay: z.number().int().min(0).max(10_000).optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type UpdateReviewSettingsBody = z.input<typeof updateReviewSettingsBodySchema>;

// --- GET /decks/:id/quiz: a summary quiz ---

export const SUMMARY_QUIZ_DEFAULT_COUNT = 10;
export const summaryQuizQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(100).default(SUMMARY_QUIZ_DEFAULT_COUNT),
});
export type SummaryQuizQuery = z.input<typeof summaryQuizQuerySchema>;
/** Questions spread over the deck's concepts (round-robin, weakest concepts first). */
export const summaryQuizResponseSchema = successSchema.extend({ questions: z.array(questionSchema) });
export type SummaryQuizResponse = z.output<typeof summaryQuizResponseSchema>;
