import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CARD_STATES, REVIEW_RATINGS } from '@mnemo/contracts/api/review';
import type { Evaluation } from '@mnemo/contracts/entities/question';
import { createdAt, updatedAt } from './columns';
import { decks, questions } from './decks';
import { exactlyOneOwner, ownerColumns } from './owner';

/**
 * Spaced repetition (issue 20), owned by the deck service's review module. A learner is the owner
 * of the deck (a user or a guest session) or a member of the class the deck's space is (issue 23);
 * review rows carry the learner and move with them when a guest signs up.
 */
export const reviewRatingEnum = pgEnum('review_rating', REVIEW_RATINGS);
export const cardStateEnum = pgEnum('card_state', CARD_STATES);
export const reviewLogKindEnum = pgEnum('review_log_kind', ['review', 'override']);

/**
 * The FSRS card of one question for one learner: what the log replays to, stored so the due queue
 * is one index range. Created by the learner's first answer (a question without a row is new).
 * `created_at` is that first answer, which the daily limit of new cards counts.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    state: cardStateEnum('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    lastRating: reviewRatingEnum('last_rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('review_cards_one_owner', exactlyOneOwner(t)),
    // One card per learner and question. NULL owners never collide, so each pair covers one kind.
    uniqueIndex('review_cards_user_question_uq').on(t.ownerUserId, t.questionId),
    uniqueIndex('review_cards_anon_question_uq').on(t.ownerAnonId, t.questionId),
    // The forecast: the learner's cards by due date.
    index('review_cards_user_due_idx').on(t.ownerUserId, t.due),
    index('review_cards_anon_due_idx').on(t.ownerAnonId, t.due),
    // The due queue: the cards of one state by due date, over the learner's decks or in one deck.
    index('review_cards_user_state_due_idx').on(t.ownerUserId, t.state, t.due),
    index('review_cards_anon_state_due_idx').on(t.ownerAnonId, t.state, t.due),
    index('review_cards_deck_state_due_idx').on(t.deckId, t.state, t.due),
    // One learner's cards of one deck: a class's deck (issue 23) holds every member's cards, and
    // the queue counts only the learner's.
    index('review_cards_user_deck_state_due_idx').on(t.ownerUserId, t.deckId, t.state, t.due),
    index('review_cards_anon_deck_state_due_idx').on(t.ownerAnonId, t.deckId, t.state, t.due),
    index('review_cards_question_idx').on(t.questionId),
  ],
);

/**
 * The append-only review log. A `review` row is one answer, with the card as it was before it
 * (state, due, stability, difficulty: ts-fsrs' ReviewLog). An `override` row changes the rating
 * of an earlier review (`overrides_id`), keeping the rating it replaced in `overridden_from`; it
 * carries that review's `reviewed_at`, so it lands on the same day in statistics. Nothing is ever
 * updated: the card is rebuilt by replaying reviews with their latest rating.
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    kind: reviewLogKindEnum('kind').notNull().default('review'),
    rating: reviewRatingEnum('rating').notNull(),
    /** The card's state before the answer. */
    state: cardStateEnum('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    lastElapsedDays: integer('last_elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    /** The learner's answer: an option index or the text. Null on override rows. */
    response: jsonb('response').$type<number | string>(),
    evaluation: jsonb('evaluation').$type<Evaluation>(),
    /**
     * Whether the answer counts as right (`isCorrectAnswer` of the evaluation, contracts), decided
     * when it is written so the class dashboard counts right answers without reading each row's
     * evaluation JSON (bench/class-dashboard.ts). Null on override rows, which are no answer.
     */
    correct: boolean('correct'),
    timeTakenMs: integer('time_taken_ms'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    overridesId: uuid('overrides_id'),
    overriddenFrom: reviewRatingEnum('overridden_from'),
    /**
     * The learner's desired retention when the review was answered: replaying the log schedules
     * each review with the retention it was scheduled with, so a later change of the setting
     * applies from then on (as Anki's deck options are not retroactive) and the rebuild still
     * equals the stored card. An override row repeats its review's.
     */
    desiredRetention: doublePrecision('desired_retention').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('review_logs_one_owner', exactlyOneOwner(t)),
    check(
      'review_logs_override_shape',
      sql`(${t.kind} = 'override') = (${t.overridesId} is not null and ${t.overriddenFrom} is not null)`,
    ),
    check('review_logs_correct_shape', sql`(${t.kind} = 'review') = (${t.correct} is not null)`),
    // Statistics: the learner's log by time.
    index('review_logs_user_time_idx').on(t.ownerUserId, t.reviewedAt),
    index('review_logs_anon_time_idx').on(t.ownerAnonId, t.reviewedAt),
    // Replaying one card, the last review to override, the run of right answers.
    index('review_logs_question_time_idx').on(t.questionId, t.reviewedAt),
    index('review_logs_deck_idx').on(t.deckId),
  ],
);

/** A learner's review settings; absent means the defaults. */
export const reviewSettings = pgTable(
  'review_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    desiredRetention: doublePrecision('desired_retention').notNull(),
    newPerDay: integer('new_per_day').notNull(),
    reviewsPerDay: integer('reviews_per_day').notNull(),
    /** IANA name sent by the browser; days roll over at 4 a.m. there. */
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('review_settings_one_owner', exactlyOneOwner(t)),
    uniqueIndex('review_settings_user_uq').on(t.ownerUserId),
    uniqueIndex('review_settings_anon_uq').on(t.ownerAnonId),
  ],
);

/**
 * Per learner and learner day (4 a.m. in their time zone), what statistics and today's limits
 * read, so neither scans the log. Derived from review_logs only: the review module recomputes the
 * day of every answer and override in the same transaction, and the whole learner when their time
 * zone changes or a guest's history moves to an account. `reviews` are answers (overrides are not
 * answers), `again` answers rated Again after overrides, `mature`/`matureAgain` the same among
 * cards past learning, `news` first answers of new cards, `limited` answers that count against the
 * reviews/day limit (see the review module's daily-limit rule).
 */
export const reviewDays = pgTable(
  'review_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    reviews: integer('reviews').notNull(),
    again: integer('again').notNull(),
    mature: integer('mature').notNull(),
    matureAgain: integer('mature_again').notNull(),
    news: integer('news').notNull(),
    limited: integer('limited').notNull(),
  },
  (t) => [
    check('review_days_one_owner', exactlyOneOwner(t)),
    uniqueIndex('review_days_user_day_uq').on(t.ownerUserId, t.day),
    uniqueIndex('review_days_anon_day_uq').on(t.ownerAnonId, t.day),
  ],
);

export type ReviewCardRow = typeof reviewCards.$inferSelect;
export type NewReviewCardRow = typeof reviewCards.$inferInsert;
export type ReviewLogRow = typeof reviewLogs.$inferSelect;
export type NewReviewLogRow = typeof reviewLogs.$inferInsert;
export type ReviewSettingsRow = typeof reviewSettings.$inferSelect;

/**
 * The due queue's counts kept at write time (issue 20 follow-up), so counting a heavy learner's
 * backlog does not walk one index entry per card. Maintained only by the triggers of migration
 * 0017 on review_cards (whatever writes the cards: answers, imports, a guest joining an account,
 * a deck deleted), never by the application; the review module's tests check them against a
 * recount of review_cards.
 *
 * Per learner (`owner_id`: the card's user or guest id), deck and UTC day of `due`, how many cards
 * count against the reviews/day limit: in review (`interday` false) or on an interday learning step
 * (`interday` true), as daily-limits.ts classifies them. Days whose count fell to 0 are deleted, so
 * a learner's cards due before today are the sum of a few rows per deck.
 */
export const reviewCardDays = pgTable(
  'review_card_days',
  {
    ownerId: uuid('owner_id').notNull(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    interday: boolean('interday').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.deckId, t.interday, t.day] })],
);

/**
 * How many of a deck's questions its owner never studied (`questions.studied` false): the owner's
 * new cards of the deck, kept by the triggers of migration 0017 on questions. The partial index
 * `questions_new_idx` still serves the new questions themselves; counting through it walked every
 * question studied since the last VACUUM (the embedded database never vacuums), one heap visit each.
 */
export const deckNewQuestions = pgTable('deck_new_questions', {
  deckId: uuid('deck_id')
    .primaryKey()
    .references(() => decks.id, { onDelete: 'cascade' }),
  n: integer('n').notNull(),
});
