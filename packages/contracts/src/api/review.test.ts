import { describe, expect, it } from 'vitest';
import { normalizeConcepts } from '../entities/question';
import {
  QUICK_ANSWER_MS,
  ratingForEvaluation,
  reviewDueQuerySchema,
  reviewSettingsSchema,
  reviewStatsQuerySchema,
  updateReviewSettingsBodySchema,
  overrideReviewBodySchema,
} from './review';

const mc = (isCorrect: boolean) => ({ multipleChoice: { isCorrect } });
const fr = (accuracy: number) => ({
  freeResponse: { accuracy, clarity: 5, depth: 5, feedback: 'ok', stoplight: 'yellow' as const },
});

describe('the grade becomes the rating', () => {
  it('rates a wrong pick Again and a right one Good', () => {
    expect(ratingForEvaluation({ evaluation: mc(false), correctRunBefore: 5, timeTakenMs: 1000 })).toBe('again');
    expect(ratingForEvaluation({ evaluation: mc(true), correctRunBefore: 0, timeTakenMs: 1000 })).toBe('good');
  });

  it('rates a right pick Easy only when quick and the third right answer running', () => {
    expect(ratingForEvaluation({ evaluation: mc(true), correctRunBefore: 2, timeTakenMs: QUICK_ANSWER_MS })).toBe('easy');
    expect(ratingForEvaluation({ evaluation: mc(true), correctRunBefore: 1, timeTakenMs: 1000 })).toBe('good');
    expect(ratingForEvaluation({ evaluation: mc(true), correctRunBefore: 2, timeTakenMs: QUICK_ANSWER_MS + 1 })).toBe('good');
    // Without a time the answer cannot count as quick.
    expect(ratingForEvaluation({ evaluation: mc(true), correctRunBefore: 4 })).toBe('good');
  });

  it('maps free-response accuracy 0-3 Again, 4-6 Hard, 7-8 Good, 9-10 Easy', () => {
    const rate = (a: number) => ratingForEvaluation({ evaluation: fr(a), correctRunBefore: 0 });
    expect([0, 3, 3.5].map(rate)).toEqual(['again', 'again', 'again']);
    expect([4, 6, 6.9].map(rate)).toEqual(['hard', 'hard', 'hard']);
    expect([7, 8, 8.5].map(rate)).toEqual(['good', 'good', 'good']);
    expect([9, 10].map(rate)).toEqual(['easy', 'easy']);
  });
});

describe('review inputs', () => {
  it('refuses an unknown rating', () => {
    expect(overrideReviewBodySchema.safeParse({ rating: 'perfect' }).success).toBe(false);
    expect(overrideReviewBodySchema.parse({ rating: 'hard' })).toEqual({ rating: 'hard' });
  });

  it('takes stats days from 1 to 365, 30 by default', () => {
    expect(reviewStatsQuerySchema.parse({})).toEqual({ days: 30 });
    expect(reviewStatsQuerySchema.parse({ days: '365' })).toEqual({ days: 365 });
    expect(reviewStatsQuerySchema.safeParse({ days: '0' }).success).toBe(false);
    expect(reviewStatsQuerySchema.safeParse({ days: '366' }).success).toBe(false);
    expect(reviewStatsQuerySchema.safeParse({ days: 'week' }).success).toBe(false);
  });

  it('defaults the settings and refuses a retention or time zone out of range', () => {
    expect(reviewSettingsSchema.parse({})).toEqual({ desiredRetention: 0.9, newPerDay: 20, reviewsPerDay: 200, timeZone: 'UTC' });
    expect(updateReviewSettingsBodySchema.safeParse({ desiredRetention: 0.99 }).success).toBe(false);
    expect(updateReviewSettingsBodySchema.safeParse({ desiredRetention: 0.69 }).success).toBe(false);
    expect(updateReviewSettingsBodySchema.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(updateReviewSettingsBodySchema.safeParse({}).success).toBe(false);
    expect(updateReviewSettingsBodySchema.parse({ timeZone: 'Europe/Paris' })).toEqual({ timeZone: 'Europe/Paris' });
  });

  it('bounds the due limit', () => {
    expect(reviewDueQuerySchema.parse({}).limit).toBe(50);
    expect(reviewDueQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(reviewDueQuerySchema.safeParse({ deckId: 'nope' }).success).toBe(false);
  });
});

describe('concepts', () => {
  it('keeps one to three trimmed concepts without repeats', () => {
    expect(normalizeConcepts([' cellular  respiration ', '"ATP".', 'Cellular respiration', '', null, 'DNA', 'glucose'])).toEqual([
      'cellular respiration',
      'ATP',
      'DNA',
    ]);
    expect(normalizeConcepts([])).toEqual([]);
  });
});
