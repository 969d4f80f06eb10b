import { describe, expect, it } from 'vitest';
import { leftToday, todaysCounts } from './daily-limits';

describe('the daily limits (as Anki applies them)', () => {
  it('leaves what the limits allow after today, never below zero', () => {
    expect(leftToday({ newPerDay: 20, reviewsPerDay: 200 }, { limited: 150, news: 25 })).toEqual({
      reviewsLeft: 50,
      newLeft: 0,
    });
  });

  it('gives interday learning the review limit first, reviews the rest, and never caps intraday learning', () => {
    const waiting = { review: 30, interday: 8, intraday: 5, new: 40 };
    expect(todaysCounts(waiting, { reviewsLeft: 10, newLeft: 20 })).toEqual({
      due: 2,
      learning: 13,
      new: 20,
      interday: 8,
    });
    expect(todaysCounts(waiting, { reviewsLeft: 6, newLeft: 0 })).toEqual({
      due: 0,
      learning: 11,
      new: 0,
      interday: 6,
    });
    expect(todaysCounts(waiting, { reviewsLeft: 0, newLeft: 0 })).toEqual({
      due: 0,
      learning: 5,
      new: 0,
      interday: 0,
    });
  });
});
