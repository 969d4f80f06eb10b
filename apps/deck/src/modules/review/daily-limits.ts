import { sql, type SQL } from 'drizzle-orm';
import type { CardState, DueCounts } from '@mnemo/contracts/api/review';

/**
 * The daily limits (issue 20: new cards/day, reviews/day, per learner), applied to learning cards
 * as Anki documents them (manual, Deck Options > Daily Limits and New Cards > Day Boundaries):
 *
 * - New cards/day caps the questions answered for the first time in a learner day.
 * - Reviews/day caps answers to cards in review AND to (re)learning cards whose current step
 *   crosses a day boundary ("interday learning": FSRS scheduled the step in whole days). Interday
 *   learning cards take the review limit first ("interday learning cards are fetched first, then
 *   reviews"), and are counted with the learning cards, as Anki 2.1.47+ shows them.
 * - (Re)learning cards on a step within the day ("intraday": minutes) are never capped: they come
 *   back as soon as their delay has passed, in preference to anything else, so a step started is
 *   finished.
 *
 * This file is the one place the rule is written: the SQL that classifies log rows and cards, and
 * the arithmetic that turns what is available into today's counts. The one restatement is the
 * trigger of migration 0017 that keeps `review_card_days` (SQL in a migration cannot import this);
 * review-counts.test.ts holds it to `countsAgainstReviewLimit` below.
 */

/** The states of a card on a learning step. */
export const LEARNING_STATES: CardState[] = ['learning', 'relearning'];

/** A learning step of a day or more: FSRS scheduled it in whole days (interday). */
export function interdayStep(alias: string): SQL {
  return sql`${sql.raw(alias)}.scheduled_days >= 1`;
}

/** A learning step within the day: FSRS scheduled it in minutes (intraday). */
export function intradayStep(alias: string): SQL {
  return sql`${sql.raw(alias)}.scheduled_days = 0`;
}

const learning = (alias: string): SQL => sql`${sql.raw(alias)}.state in ('learning', 'relearning')`;

/** A (re)learning card on an interday step (counts against reviews/day). */
export const interdayLearning = (alias: string): SQL =>
  sql`(${learning(alias)} and ${interdayStep(alias)})`;

/** A (re)learning card on an intraday step (never capped). */
export const intradayLearning = (alias: string): SQL =>
  sql`(${learning(alias)} and ${intradayStep(alias)})`;

/**
 * Whether a row (a card, or a log row's state before the answer) counts against reviews/day:
 * in review, or in an interday learning step. `alias` names the table in the query.
 */
export function countsAgainstReviewLimit(alias: string): SQL {
  return sql`(${sql.raw(alias)}.state = 'review' or ${interdayLearning(alias)})`;
}

/** What today's answers have used of the limits (from the learner's day summary). */
export type UsedToday = { limited: number; news: number };
export type DailyLimits = { newPerDay: number; reviewsPerDay: number };

/** What is left of today's limits. */
export function leftToday(
  limits: DailyLimits,
  used: UsedToday,
): { reviewsLeft: number; newLeft: number } {
  return {
    reviewsLeft: Math.max(0, limits.reviewsPerDay - used.limited),
    newLeft: Math.max(0, limits.newPerDay - used.news),
  };
}

/** Cards waiting now, before the limits. */
export type Waiting = { review: number; interday: number; intraday: number; new: number };

/**
 * Today's counts from what is waiting and what is left: interday learning takes the review
 * limit first, reviews get the rest, intraday learning is uncapped, new cards get the new limit.
 * Returns how many interday learning cards are served too, for the queue.
 */
export function todaysCounts(
  waiting: Waiting,
  left: { reviewsLeft: number; newLeft: number },
): DueCounts & { interday: number } {
  const interday = Math.min(waiting.interday, left.reviewsLeft);
  return {
    due: Math.min(waiting.review, left.reviewsLeft - interday),
    learning: waiting.intraday + interday,
    new: Math.min(waiting.new, left.newLeft),
    interday,
  };
}
