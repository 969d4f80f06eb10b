import { describe, expect, it } from 'vitest';
import type { ReviewState } from '@mnemo/contracts/api/review';
import type { Evaluation } from '@mnemo/contracts/entities/question';
import {
  initialQueueSession,
  missedConcepts,
  overrideFor,
  queueScore,
  queueSessionReducer as reduce,
  ratingForKey,
  type QueueSessionState,
} from './queue-session';

const right: Evaluation = {
  multipleChoice: { isCorrect: true, correctAnswerIndex: 1, correctAnswerText: 'B' },
};
const wrong: Evaluation = {
  multipleChoice: { isCorrect: false, correctAnswerIndex: 1, correctAnswerText: 'B' },
};
const review = (over: Partial<ReviewState> = {}): ReviewState => ({
  rating: 'good',
  state: 'learning',
  due: '2026-03-01T10:10:00.000Z',
  stability: 1,
  difficulty: 5,
  reps: 1,
  lapses: 0,
  scheduledDays: 0,
  lastReview: '2026-03-01T10:00:00.000Z',
  ...over,
});

function answered(state: QueueSessionState, evaluation: Evaluation, concepts: string[] = []) {
  const picked = reduce(reduce(state, { type: 'chooseOption', index: 1 }), {
    type: 'submit',
    submission: { kind: 'choice', index: 1 },
  });
  return reduce(picked, {
    type: 'answered',
    turn: picked.turn,
    evaluation,
    review: review(),
    id: `q${state.index}`,
    concepts,
  });
}

describe('the queue session', () => {
  it('answers, keeps the schedule and a result, then moves to the next question', () => {
    const start = initialQueueSession(1000);
    const done = answered(start, right, ['Cells']);
    expect(done.phase).toBe('evaluated');
    expect(done.review?.rating).toBe('good');
    expect(done.results).toEqual([{ id: 'q0', correct: true, concepts: ['Cells'] }]);
    const next = reduce(done, { type: 'advance', now: 5000 });
    expect(next).toMatchObject({ index: 1, phase: 'answering', review: null, shownAt: 5000 });
    expect(next.turn).toBe(done.turn + 1);
    expect(next.results).toHaveLength(1);
  });

  it('does not move on while an answer is being evaluated', () => {
    const state = reduce(reduce(initialQueueSession(0), { type: 'chooseOption', index: 0 }), {
      type: 'submit',
      submission: { kind: 'choice', index: 0 },
    });
    expect(reduce(state, { type: 'advance', now: 1 })).toBe(state);
  });

  it('ignores a late answer to an earlier question', () => {
    const state = reduce(reduce(initialQueueSession(0), { type: 'chooseOption', index: 0 }), {
      type: 'submit',
      submission: { kind: 'choice', index: 0 },
    });
    const late = reduce(state, {
      type: 'answered',
      turn: state.turn - 1,
      evaluation: right,
      review: null,
      id: 'x',
      concepts: [],
    });
    expect(late).toBe(state);
  });

  it('sends one override at a time, not the rating already given, and takes its answer', () => {
    const done = answered(initialQueueSession(0), wrong);
    // The answer was already rated Good.
    expect(reduce(done, { type: 'rate', rating: 'good' })).toBe(done);
    const pending = reduce(done, { type: 'rate', rating: 'easy' });
    expect(pending.rating.pending).toBe('easy');
    expect(reduce(pending, { type: 'rate', rating: 'hard' })).toBe(pending);
    const rated = reduce(pending, {
      type: 'rated',
      turn: pending.turn,
      review: review({ rating: 'easy' }),
    });
    expect(rated.review?.rating).toBe('easy');
    expect(rated.rating).toEqual({ pending: null, error: null });
    const failed = reduce(pending, { type: 'rateFailed', turn: pending.turn, message: 'Too late' });
    expect(failed.rating).toEqual({ pending: null, error: 'Too late' });
  });

  it('offers no override before the answer or without a schedule', () => {
    const start = initialQueueSession(0);
    expect(reduce(start, { type: 'rate', rating: 'again' })).toBe(start);
  });
});

describe('results and keys', () => {
  const results = [
    { id: 'a', correct: false, concepts: ['Osmosis', 'Cells'] },
    { id: 'b', correct: true, concepts: ['Mitosis'] },
    { id: 'c', correct: false, concepts: ['cells', 'DNA'] },
  ];
  it('scores the answers and lists each missed concept once', () => {
    expect(queueScore(results)).toEqual({ right: 1, total: 3 });
    expect(missedConcepts(results)).toEqual(['Osmosis', 'Cells', 'DNA']);
  });

  it('offers the override that turns the verdict around', () => {
    expect(overrideFor(true)).toEqual({ label: 'I was wrong', rating: 'again' });
    expect(overrideFor(false)).toEqual({ label: 'I was right', rating: 'good' });
  });

  it('maps the keys 1-4 to Again, Hard, Good, Easy and nothing else', () => {
    expect(['1', '2', '3', '4'].map(ratingForKey)).toEqual(['again', 'hard', 'good', 'easy']);
    expect(ratingForKey('5')).toBeNull();
    expect(ratingForKey('Enter')).toBeNull();
    expect(ratingForKey('0')).toBeNull();
  });
});
