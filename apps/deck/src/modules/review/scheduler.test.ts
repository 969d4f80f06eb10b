import { describe, expect, it } from 'vitest';
import { createEmptyCard, fsrs, type Grade } from 'ts-fsrs';
import { REVIEW_RATINGS, type ReviewRating } from '@mnemo/contracts/api/review';
import { createScheduler, rebuild, retrievability, review, toCard, type CardFields } from './scheduler';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('the scheduler', () => {
  it('gives the dates ts-fsrs itself gives for a sequence of ratings', () => {
    const start = new Date('2026-03-01T09:00:00Z');
    const ratings: ReviewRating[] = ['good', 'again', 'good', 'good', 'hard', 'easy', 'good', 'again', 'good'];
    const ours = createScheduler(0.9);
    const theirs = fsrs({ request_retention: 0.9, enable_fuzz: false });
    let card: CardFields | null = null;
    let reference = createEmptyCard(start);
    let at = start;
    for (const rating of ratings) {
      card = review(ours, card, at, rating).card;
      reference = theirs.next(reference, at, (REVIEW_RATINGS.indexOf(rating) + 1) as Grade).card;
      expect(card.due.toISOString()).toBe(reference.due.toISOString());
      expect(card.stability).toBe(reference.stability);
      // The learner comes back when the card is due.
      at = card.due;
    }
    expect(card!.reps).toBe(reference.reps);
    // The first Again is a learning step, the second forgets a card in review: one lapse.
    expect(card!.lapses).toBe(reference.lapses);
    expect(card!.lapses).toBe(1);
  });

  it('schedules a new card rated Good within the day (a learning step) and Easy days out', () => {
    const at = new Date('2026-03-01T09:00:00Z');
    const s = createScheduler(0.9);
    const good = review(s, null, at, 'good');
    expect(good.card.state).toBe('learning');
    expect(good.card.due.getTime() - at.getTime()).toBe(10 * MIN);
    expect(good.log.state).toBe('new');
    const easy = review(s, null, at, 'easy');
    expect(easy.card.state).toBe('review');
    expect(easy.card.due.getTime() - at.getTime()).toBeGreaterThanOrEqual(DAY);
  });

  it('schedules further out for a lower desired retention', () => {
    const at = new Date('2026-03-01T09:00:00Z');
    const high = review(createScheduler(0.97), null, at, 'easy').card.due.getTime();
    const low = review(createScheduler(0.7), null, at, 'easy').card.due.getTime();
    expect(low).toBeGreaterThan(high);
  });

  it('rebuilds from the log the card the answers gave', () => {
    const s = createScheduler(0.9);
    let card: CardFields | null = null;
    const log: { reviewedAt: Date; rating: ReviewRating; desiredRetention: number }[] = [];
    let at = new Date('2026-04-01T08:00:00Z');
    for (const rating of ['again', 'good', 'good', 'easy', 'again', 'hard'] as ReviewRating[]) {
      card = review(s, card, at, rating).card;
      log.push({ reviewedAt: at, rating, desiredRetention: 0.9 });
      at = new Date(card.due.getTime() + 3 * 60 * MIN);
    }
    expect(rebuild(log)).toEqual(card);
    expect(rebuild([])).toBeNull();
  });

  it('replays each review with the desired retention it was answered with', () => {
    // Three answers at 0.97, then the learner moves to 0.7: the last is scheduled at 0.7.
    const retentions = [0.97, 0.97, 0.97, 0.7];
    let card: CardFields | null = null;
    const log: { reviewedAt: Date; rating: ReviewRating; desiredRetention: number }[] = [];
    let at = new Date('2026-04-01T08:00:00Z');
    for (const desiredRetention of retentions) {
      card = review(createScheduler(desiredRetention), card, at, 'easy').card;
      log.push({ reviewedAt: at, rating: 'easy', desiredRetention });
      at = new Date(card.due.getTime() + DAY);
    }
    expect(rebuild(log)).toEqual(card);
    // Had the learner moved back to 0.97 since, replaying every answer at the current setting
    // would give another card than the one stored (the last answer's interval is the setting's).
    expect(rebuild(log.map((r) => ({ ...r, desiredRetention: 0.97 })))!.due).not.toEqual(card!.due);
  });

  it('reads retrievability: 0 never studied, near 1 just after a review, lower later', () => {
    const s = createScheduler(0.9);
    const at = new Date('2026-03-01T09:00:00Z');
    const card = review(s, null, at, 'easy').card;
    expect(retrievability(s, null, at)).toBe(0);
    const soon = retrievability(s, card, new Date(at.getTime() + MIN));
    const later = retrievability(s, card, new Date(at.getTime() + 60 * DAY));
    expect(soon).toBeGreaterThan(0.99);
    expect(later).toBeLessThan(soon);
    expect(later).toBeGreaterThan(0);
  });

  it("reads from three fields exactly what ts-fsrs' get_retrievability reads from the whole card", () => {
    const s = createScheduler(0.9);
    const start = new Date('2026-03-01T09:00:00.123Z');
    const ratings: ReviewRating[] = ['good', 'again', 'good', 'easy', 'hard', 'good', 'again', 'good', 'easy', 'good'];
    let card: CardFields | null = null;
    let at = start;
    let compared = 0;
    for (const [i, rating] of ratings.entries()) {
      card = review(s, card, at, rating).card;
      // Moments around whole days after the review (date_diff floors), and far ones.
      for (const later of [0, MIN, DAY - 1, DAY, DAY + 1, 3 * DAY + 7 * MIN, 40 * DAY, 400 * DAY]) {
        const now = new Date(card.lastReview!.getTime() + later);
        expect(retrievability(s, card, now)).toBe(s.get_retrievability(toCard(card), now, false));
        compared += 1;
      }
      // Stabilities that are not ts-fsrs' own 8-place figures (an imported card's).
      const odd = { ...card, stability: card.stability * (1 + i / 7) + 1e-9 };
      const now = new Date(card.lastReview!.getTime() + (i + 2) * DAY);
      expect(retrievability(s, odd, now)).toBe(s.get_retrievability(toCard(odd), now, false));
      at = card.due;
    }
    expect(compared).toBe(ratings.length * 8);
    expect(retrievability(s, { state: 'new', stability: 0, lastReview: null }, start)).toBe(0);
  });
});
