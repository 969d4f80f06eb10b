import { createEmptyCard, date_diff, fsrs, Rating, type Card, type Grade, type ReviewLog, type State } from 'ts-fsrs';
import { CARD_STATES, type CardState, type ReviewRating } from '@mnemo/contracts/api/review';

/**
 * The FSRS scheduler (ts-fsrs, FSRS-6 default weights), one per desired retention. Fuzz is off:
 * the same answers give the same dates, which the tests and the rebuild from the log rely on.
 */
export function createScheduler(desiredRetention: number) {
  return fsrs({ request_retention: desiredRetention, enable_fuzz: false });
}
export type Scheduler = ReturnType<typeof createScheduler>;

const GRADES: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};
export const gradeOf = (rating: ReviewRating): Grade => GRADES[rating];

/** ts-fsrs' State enum is the index in CARD_STATES (New 0 ... Relearning 3). */
export const stateName = (state: State): CardState => CARD_STATES[state] ?? 'new';
export const stateOf = (name: CardState): State => CARD_STATES.indexOf(name) as State;

/** The card columns of review_cards, as FSRS computes them. */
export type CardFields = {
  state: CardState;
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: Date | null;
};

/** The card state before a review, as review_logs keeps it (ts-fsrs' ReviewLog). */
export type LogFields = {
  state: CardState;
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  lastElapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
};

export const toFields = (card: Card): CardFields => ({
  state: stateName(card.state),
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  elapsedDays: card.elapsed_days,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  lastReview: card.last_review ?? null,
});

export const toCard = (f: CardFields): Card => ({
  state: stateOf(f.state),
  due: f.due,
  stability: f.stability,
  difficulty: f.difficulty,
  elapsed_days: f.elapsedDays,
  scheduled_days: f.scheduledDays,
  learning_steps: f.learningSteps,
  reps: f.reps,
  lapses: f.lapses,
  ...(f.lastReview ? { last_review: f.lastReview } : {}),
});

const toLogFields = (log: ReviewLog): LogFields => ({
  state: stateName(log.state),
  due: log.due,
  stability: log.stability,
  difficulty: log.difficulty,
  elapsedDays: log.elapsed_days,
  lastElapsedDays: log.last_elapsed_days,
  scheduledDays: log.scheduled_days,
  learningSteps: log.learning_steps,
});

/** One answer: the card after it and the log of the card before it. */
export function review(
  scheduler: Scheduler,
  card: CardFields | null,
  at: Date,
  rating: ReviewRating,
): { card: CardFields; log: LogFields } {
  const before = card ? toCard(card) : createEmptyCard(at);
  const next = scheduler.next(before, at, gradeOf(rating));
  return { card: toFields(next.card), log: toLogFields(next.log) };
}

/**
 * The card the log gives: every review replayed in order with its latest rating (after any
 * override), each scheduled with the desired retention in force when it was answered (kept on its
 * log row): a change of the setting applies from then on, as Anki's deck options are not
 * retroactive. The stored card must always equal this (tested); it is what an override recomputes.
 */
export function rebuild(
  reviews: ReadonlyArray<{ reviewedAt: Date; rating: ReviewRating; desiredRetention: number }>,
): CardFields | null {
  return replay(reviews).card;
}

/**
 * The replay `rebuild` does, with each review's log (the card before it) as well: what an
 * imported history without FSRS memory states (an Anki deck scheduled by SM-2) is stored as, so
 * the stored card and log are exactly what rebuilding from the log gives.
 */
export function replay(
  reviews: ReadonlyArray<{ reviewedAt: Date; rating: ReviewRating; desiredRetention: number }>,
): { card: CardFields | null; logs: LogFields[] } {
  const schedulers = new Map<number, Scheduler>();
  let card: CardFields | null = null;
  const logs: LogFields[] = [];
  for (const r of reviews) {
    let scheduler = schedulers.get(r.desiredRetention);
    if (!scheduler) schedulers.set(r.desiredRetention, (scheduler = createScheduler(r.desiredRetention)));
    const next = review(scheduler, card, r.reviewedAt, r.rating);
    card = next.card;
    logs.push(next.log);
  }
  return { card, logs };
}

/** What recall probability reads of a card (a reader may select only these). */
export type RecallFields = Pick<CardFields, 'state' | 'stability' | 'lastReview'>;

/**
 * The probability of recalling the card now (0 for a card never studied). ts-fsrs'
 * `get_retrievability` says the same in its own two steps (whole days since the last review, the
 * forgetting curve of the stability to 8 places), which are called here directly because it wants
 * a whole card: this takes only the three fields it reads, so the class dashboard ships 5 values
 * a card instead of 11 (tested equal to `get_retrievability`).
 */
export function retrievability(scheduler: Scheduler, card: RecallFields | null, now: Date): number {
  if (!card || card.state === 'new' || !card.lastReview) return 0;
  const days = Math.max(date_diff(now, card.lastReview, 'days'), 0);
  return scheduler.forgetting_curve(days, +card.stability.toFixed(8));
}
