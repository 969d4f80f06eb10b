import {
  REVIEW_FORECAST_DAYS,
  REVIEW_OVERRIDE_WINDOW_MS,
  REVIEW_SETTINGS_DEFAULTS,
  ratingForEvaluation,
  type ConceptMastery,
  type DeckMasteryResponse,
  type OverrideReviewResponse,
  type ReviewDueCountsResponse,
  type ReviewDueResponse,
  type ReviewRating,
  type ReviewSettings,
  type ReviewSettingsResponse,
  type ReviewState,
  type ReviewStatsResponse,
  type SummaryQuizResponse,
  type UpdateReviewSettingsBody,
} from '@mnemo/contracts/api/review';
import { isCorrectAnswer, type Evaluation } from '@mnemo/contracts/entities/question';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import { presentQuestion } from '../questions/questions.presenter';
import type { SourcesRepository } from '../sources/sources.repository';
import { conceptsFromPassage } from './concepts';
import { addDays, learnerDate, learnerDayStart } from './learner-day';
import type { ReviewCardRow, ReviewRepository, StoredSettings } from './review.repository';
import { leftToday, todaysCounts, type Waiting } from './daily-limits';
import { createScheduler, rebuild, retrievability, review, type CardFields, type LogFields, type RecallFields } from './scheduler';

/** Learning cards due this soon are served now, as Anki's learn-ahead limit does. */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;
/** A question without any concept tag counts under this one in mastery. */
export const UNTAGGED_CONCEPT = 'General';

const deckNotFound = () => new AppError('NOT_FOUND', 'Deck not found');
const questionNotFound = () => new AppError('NOT_FOUND', 'Question not found');

/** What mastery reads of a card: what recall reads, when it is due, its question (readers may select only these). */
export type MasteryCard = Pick<ReviewCardRow, keyof RecallFields | 'due' | 'questionId'>;

const fieldsOf = (row: Pick<ReviewCardRow, keyof CardFields>): CardFields => ({
  state: row.state,
  due: row.due,
  stability: row.stability,
  difficulty: row.difficulty,
  elapsedDays: row.elapsedDays,
  scheduledDays: row.scheduledDays,
  learningSteps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  lastReview: row.lastReview,
});

/** What the API shows of a card: never the row. */
export function presentReview(row: Pick<ReviewCardRow, keyof CardFields | 'lastRating'>): ReviewState {
  return {
    rating: row.lastRating,
    state: row.state,
    due: row.due.toISOString(),
    stability: row.stability,
    difficulty: row.difficulty,
    reps: row.reps,
    lapses: row.lapses,
    scheduledDays: row.scheduledDays,
    lastReview: row.lastReview?.toISOString() ?? null,
    ...(row.lastReview ? { overridableUntil: new Date(row.lastReview.getTime() + REVIEW_OVERRIDE_WINDOW_MS).toISOString() } : {}),
  };
}


export function createReviewService({
  reviews,
  decks,
  now = () => new Date(),
}: {
  reviews: ReviewRepository;
  decks: Pick<SourcesRepository, 'schedulesDeck' | 'viewsDeck'>;
  /** The clock; tests move it. */
  now?: () => Date;
}) {
  async function settingsOf(owner: Owner): Promise<StoredSettings> {
    return (await reviews.settings(owner)) ?? { ...REVIEW_SETTINGS_DEFAULTS };
  }

  /** What today's limits still allow (today: the learner day of `at`). */
  async function leftOn(owner: Owner, settings: StoredSettings, at: Date) {
    return leftToday(settings, await reviews.usedOn(owner, learnerDate(at, settings.timeZone)));
  }

  /** The learner day an instant falls on, with its bounds (for its summary row). */
  function dayOf(at: Date, timeZone: string) {
    const date = learnerDate(at, timeZone);
    return { date, start: learnerDayStart(date, timeZone), end: learnerDayStart(addDays(date, 1), timeZone) };
  }

  /** Today's counts and what waits, per deck and in total. */
  async function todaysQueue(owner: Owner, settings: StoredSettings, at: Date, deckId?: string) {
    const left = await leftOn(owner, settings, at);
    const perDeck = await reviews.waitingByDeck(owner, { now: at, learnAhead: new Date(at.getTime() + LEARN_AHEAD_MS) }, left, deckId);
    const waiting: Waiting = { review: 0, interday: 0, intraday: 0, new: 0 };
    for (const d of perDeck) for (const k of Object.keys(waiting) as (keyof Waiting)[]) waiting[k] += d[k];
    return { left, perDeck, total: todaysCounts(waiting, left) };
  }

  async function requireScheduledDeck(owner: Owner, deckId: string | undefined) {
    if (deckId && !(await decks.schedulesDeck(owner, deckId))) throw deckNotFound();
  }

  /** Mastery of a deck's concepts for the learner; tags untagged questions first. */
  async function masteryOf(owner: Owner, deckId: string) {
    await tagUntagged(deckId);
    const [qs, cards, settings] = await Promise.all([reviews.deckQuestions(deckId), reviews.deckCards(owner, deckId), settingsOf(owner)]);
    return masteryFromCards(qs, cards, createScheduler(settings.desiredRetention), now());
  }

  /** Existing questions get concepts from their passage the first time mastery is asked. */
  async function tagUntagged(deckId: string) {
    const untagged = (await reviews.deckQuestions(deckId)).filter((q) => q.concepts.length === 0);
    if (untagged.length === 0) return;
    const passages = new Map((await reviews.passages(untagged.map((q) => q.id))).map((p) => [p.id, p]));
    const tagged = untagged
      .map((q) => {
        const p = passages.get(q.id);
        return { id: q.id, concepts: conceptsFromPassage({ question: q.question, passage: p?.chunk ?? null, keyPoints: p?.key_points ?? [], sourceTitle: p?.source_title ?? null }) };
      })
      .filter((q) => q.concepts.length > 0);
    await reviews.setConcepts(tagged);
  }

  return {
    /** Tags the deck's questions that have no concepts yet (before reading mastery of them). */
    tagUntagged,

    /**
     * Records an answer for its learner: the deck's owner, or a member of the deck's class (issue
     * 23), each on their own schedule. Answers null, writing nothing, for anyone else (a viewer of
     * a published deck is graded but not scheduled).
     */
    async recordAnswer(
      owner: Owner,
      input: { questionId: string; evaluation: Evaluation; response: number | string; timeTakenMs?: number | undefined },
    ): Promise<ReviewState | null> {
      const owned = await reviews.ownedQuestion(owner, input.questionId);
      if (!owned) return null;
      const settings = await settingsOf(owner);
      const scheduler = createScheduler(settings.desiredRetention);
      const at = now();
      const saved = await reviews.transaction(async (tx) => {
        await reviews.lockCard(tx, owner, input.questionId);
        const existing = await reviews.card(tx, owner, input.questionId);
        const past = await reviews.reviews(owner, input.questionId, tx);
        let run = 0;
        for (const r of [...past].reverse()) {
          if (!isCorrectAnswer(r.evaluation)) break;
          run += 1;
        }
        const rating = ratingForEvaluation({ evaluation: input.evaluation, timeTakenMs: input.timeTakenMs, correctRunBefore: run });
        const next = review(scheduler, existing ? fieldsOf(existing) : null, at, rating);
        await reviews.appendReview(tx, owner, {
          questionId: input.questionId,
          deckId: owned.deckId,
          rating,
          before: next.log,
          response: input.response,
          evaluation: input.evaluation,
          timeTakenMs: input.timeTakenMs ?? null,
          reviewedAt: at,
          desiredRetention: settings.desiredRetention,
        });
        await reviews.recountDay(tx, owner, dayOf(at, settings.timeZone));
        return reviews.saveCard(tx, owner, existing, { questionId: input.questionId, deckId: owned.deckId, card: next.card, lastRating: rating });
      });
      return presentReview(saved);
    },

    /**
     * POST /questions/:id/review: changes the rating of the learner's last review of the question,
     * within ten minutes of it. The override is appended to the log and the card rebuilt from it.
     */
    async override(owner: Owner, questionId: string, rating: ReviewRating): Promise<OverrideReviewResponse> {
      const owned = await reviews.ownedQuestion(owner, questionId);
      if (!owned) throw questionNotFound();
      const settings = await settingsOf(owner);
      const at = now();
      const saved = await reviews.transaction(async (tx) => {
        await reviews.lockCard(tx, owner, questionId);
        const past = await reviews.reviews(owner, questionId, tx);
        const last = past.at(-1);
        const existing = await reviews.card(tx, owner, questionId);
        if (!last || !existing) throw new AppError('REVIEW_NOT_FOUND', 'You have not reviewed this question yet');
        if (at.getTime() - last.reviewedAt.getTime() > REVIEW_OVERRIDE_WINDOW_MS) {
          throw new AppError('REVIEW_OVERRIDE_EXPIRED', 'A rating can only be changed within 10 minutes of the answer');
        }
        if (last.rating === rating) return existing;
        const before: LogFields = {
          state: last.state,
          due: last.due,
          stability: last.stability,
          difficulty: last.difficulty,
          elapsedDays: last.elapsedDays,
          lastElapsedDays: last.lastElapsedDays,
          scheduledDays: last.scheduledDays,
          learningSteps: last.learningSteps,
        };
        await reviews.appendOverride(
          tx,
          owner,
          { id: last.id, questionId, deckId: owned.deckId, reviewedAt: last.reviewedAt, before, desiredRetention: last.desiredRetention },
          rating,
          last.rating,
        );
        // The override lands on the day of the review it changes.
        await reviews.recountDay(tx, owner, dayOf(last.reviewedAt, settings.timeZone));
        const replayed = past.map((r, i) => ({ ...r, rating: i === past.length - 1 ? rating : r.rating }));
        const card = rebuild(replayed)!;
        return reviews.saveCard(tx, owner, existing, { questionId, deckId: owned.deckId, card, lastRating: rating });
      });
      return { success: true, review: presentReview(saved) };
    },

    /** The card the learner's log gives for a question (for checks: it must equal the stored one). */
    async rebuildFromLog(owner: Owner, questionId: string): Promise<CardFields | null> {
      return rebuild(await reviews.reviews(owner, questionId));
    },

    /**
     * GET /review/due: due cards (most overdue first), then learning, then new within the limit.
     * The daily limits apply as daily-limits.ts says: interday learning cards take the review
     * limit first, intraday learning cards are not capped.
     */
    async due(owner: Owner, { deckId, limit }: { deckId?: string | undefined; limit: number }): Promise<ReviewDueResponse> {
      await requireScheduledDeck(owner, deckId);
      const settings = await settingsOf(owner);
      const at = now();
      const { total } = await todaysQueue(owner, settings, at, deckId);
      const dueCards = await reviews.dueCards(owner, at, Math.min(limit, total.due), deckId);
      let room = limit - dueCards.length;
      const learning = [
        ...(await reviews.interdayCards(owner, at, Math.min(room, total.interday), deckId)),
        ...(await reviews.intradayCards(owner, new Date(at.getTime() + LEARN_AHEAD_MS), Math.min(room, total.learning - total.interday), deckId)),
      ]
        .sort((a, b) => a.due.getTime() - b.due.getTime())
        .slice(0, room);
      room -= learning.length;
      const newIds = await reviews.newQuestionIds(owner, Math.min(room, total.new), deckId);
      const cards = [...dueCards, ...learning];
      const questions = await reviews.questionsByIds([...cards.map((c) => c.questionId), ...newIds]);
      const cardOf = new Map(cards.map((c) => [c.questionId, c]));
      return {
        success: true,
        questions: questions.map((q) => {
          const card = cardOf.get(q.question.id);
          return { ...presentQuestion(q), review: card ? presentReview(card) : null };
        }),
        counts: { due: total.due, new: total.new, learning: total.learning },
      };
    },

    /** GET /review/due-counts: today's counts over every deck of the learner, and per deck. */
    async dueCounts(owner: Owner): Promise<ReviewDueCountsResponse> {
      const settings = await settingsOf(owner);
      const { left, perDeck, total } = await todaysQueue(owner, settings, now());
      return {
        success: true,
        total: { due: total.due, new: total.new, learning: total.learning },
        decks: perDeck
          .map((d) => {
            const c = todaysCounts(d, left);
            return { deckId: d.deckId, due: c.due, new: c.new, learning: c.learning };
          })
          .filter((c) => c.due + c.new + c.learning > 0),
      };
    },

    /** GET /decks/:id/mastery: the caller's mastery per concept, weakest first. */
    async mastery(owner: Owner, deckId: string): Promise<DeckMasteryResponse> {
      if (!(await decks.viewsDeck(owner, deckId))) throw deckNotFound();
      const m = await masteryOf(owner, deckId);
      return {
        success: true,
        concepts: m.concepts.map(
          (c): ConceptMastery => ({
            concept: c.concept,
            mastery: c.mastery,
            questions: c.questionIds.length,
            due: c.due,
            lastReviewed: c.lastReviewed?.toISOString() ?? null,
          }),
        ),
        overall: m.overall,
      };
    },

    /** GET /decks/:id/quiz: `count` questions spread over the concepts, weakest concepts first. */
    async quiz(owner: Owner, deckId: string, count: number, random: () => number = Math.random): Promise<SummaryQuizResponse> {
      if (!(await decks.viewsDeck(owner, deckId))) throw deckNotFound();
      const m = await masteryOf(owner, deckId);
      // Each concept's questions shuffled; then one question per concept per round.
      const pools = m.concepts.map((c) => {
        const ids = [...c.questionIds];
        for (let i = ids.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [ids[i], ids[j]] = [ids[j]!, ids[i]!];
        }
        return ids;
      });
      const picked = new Set<string>();
      while (picked.size < count && pools.some((p) => p.length > 0)) {
        for (const pool of pools) {
          if (picked.size >= count) break;
          let id = pool.shift();
          // A question tagged with two concepts may already be in the quiz.
          while (id !== undefined && picked.has(id)) id = pool.shift();
          if (id !== undefined) picked.add(id);
        }
      }
      const questions = await reviews.questionsByIds([...picked]);
      return { success: true, questions: questions.map(presentQuestion) };
    },

    /** GET /review/stats: reviews and retention per learner day, the due forecast, the streak. */
    async stats(owner: Owner, days: number): Promise<ReviewStatsResponse> {
      const settings = await settingsOf(owner);
      const tz = settings.timeZone;
      const at = now();
      const todayDate = learnerDate(at, tz);
      const firstDate = addDays(todayDate, -(days - 1));
      // Day i of the forecast ends when day i + 1 starts; overdue cards count on today (day 0).
      const dayEnds = Array.from({ length: REVIEW_FORECAST_DAYS }, (_, i) => learnerDayStart(addDays(todayDate, i + 1), tz));
      // One after another: the embedded database runs one statement at a time, and parallel
      // queries only open more pool connections whose handshakes wait behind them (at 1M log rows
      // that wait passed the pool's 10 s connect timeout: the 500 the bench saw).
      const perDayRows = await reviews.days(owner, firstDate);
      const reviewDays = await reviews.reviewDays(owner);
      const forecastCounts = await reviews.forecast(owner, dayEnds);
      const byDate = new Map(perDayRows.map((r) => [r.date, r]));
      const window = Array.from({ length: days }, (_, i) => addDays(firstDate, i));
      let mature = 0;
      let matureAgain = 0;
      const perDay = window.map((date) => {
        const r = byDate.get(date);
        mature += r?.mature ?? 0;
        matureAgain += r?.matureAgain ?? 0;
        return { date, reviews: r?.reviews ?? 0, again: r?.again ?? 0 };
      });
      const retentionPerDay = window.map((date) => {
        const r = byDate.get(date);
        return { date, retention: r && r.mature > 0 ? (r.mature - r.matureAgain) / r.mature : null };
      });
      const forecast = forecastCounts.map((due, i) => ({ date: addDays(todayDate, i), due }));
      return {
        success: true,
        perDay,
        retention: { overall: mature > 0 ? (mature - matureAgain) / mature : null, perDay: retentionPerDay },
        forecast,
        streak: streaks(reviewDays, todayDate),
      };
    },

    async settings(owner: Owner): Promise<ReviewSettingsResponse> {
      return { success: true, settings: await settingsOf(owner) };
    },

    async updateSettings(owner: Owner, body: UpdateReviewSettingsBody): Promise<ReviewSettingsResponse> {
      const current = await settingsOf(owner);
      const next: ReviewSettings = {
        desiredRetention: body.desiredRetention ?? current.desiredRetention,
        newPerDay: body.newPerDay ?? current.newPerDay,
        reviewsPerDay: body.reviewsPerDay ?? current.reviewsPerDay,
        timeZone: body.timeZone ?? current.timeZone,
      };
      await reviews.saveSettings(owner, next, { timeZoneChanged: next.timeZone !== current.timeZone });
      return { success: true, settings: next };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;

/**
 * One learner's mastery per concept from their cards: the mean recall probability of the concept's
 * questions now (a question never answered counts 0), weakest first. Pure, so the class dashboard
 * computes it for every member from one read of all their cards (issue 23).
 */
export function masteryFromCards(
  qs: ReadonlyArray<{ id: string; concepts: readonly string[] }>,
  cards: ReadonlyArray<MasteryCard>,
  scheduler: ReturnType<typeof createScheduler>,
  at: Date,
) {
  const cardOf = new Map(cards.map((c) => [c.questionId, c]));
  const byConcept = new Map<string, { sum: number; questions: string[]; due: number; lastReviewed: Date | null }>();
  let total = 0;
  for (const q of qs) {
    const card = cardOf.get(q.id);
    const r = retrievability(scheduler, card ?? null, at);
    total += r;
    for (const concept of q.concepts.length > 0 ? q.concepts : [UNTAGGED_CONCEPT]) {
      const entry = byConcept.get(concept) ?? { sum: 0, questions: [], due: 0, lastReviewed: null };
      entry.sum += r;
      entry.questions.push(q.id);
      if (card && card.due <= at) entry.due += 1;
      if (card?.lastReview && (!entry.lastReviewed || card.lastReview > entry.lastReviewed)) entry.lastReviewed = card.lastReview;
      byConcept.set(concept, entry);
    }
  }
  const concepts = [...byConcept.entries()]
    .map(([concept, e]) => ({ concept, mastery: e.sum / e.questions.length, questionIds: e.questions, due: e.due, lastReviewed: e.lastReviewed }))
    .sort((a, b) => a.mastery - b.mastery || a.concept.localeCompare(b.concept));
  return { concepts, overall: qs.length ? total / qs.length : 0 };
}

/**
 * Streaks over the learner days with reviews (sorted): the longest run of consecutive days, and
 * the run ending today, or yesterday when today has none yet (the streak is not lost until the
 * day is over).
 */
export function streaks(days: readonly string[], today: string): { current: number; longest: number } {
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const last = days.at(-1);
  const current = last === today || (last !== undefined && addDays(last, 1) === today) ? run : 0;
  return { current, longest };
}
