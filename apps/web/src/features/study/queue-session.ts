import type { ReviewRating, ReviewState } from '@mnemo/contracts/api/review';
import type { Evaluation } from '@mnemo/contracts/entities/question';
import { isCorrectEvaluation } from './study-evaluation';
import { initialSession, sessionReducer, type SessionState } from './study-session';
import type { Submission } from './study-items';

/**
 * A session that walks a fixed list once, front to back: the Review mode's due queue, the
 * summary quiz, a review of everything due. Answering works as in the practice session (the same
 * reducer handles picking, writing and submitting); on top of it this keeps the learner's
 * schedule after each answer, a rating override in flight, and one result per answered question.
 */
export interface QueueResult {
  id: string;
  correct: boolean;
  concepts: string[];
}

export interface QueueSessionState extends SessionState {
  /** The schedule the last answer produced; null for practice answers or viewers. */
  review: ReviewState | null;
  /** A rating being sent as an override, and the last override's failure. */
  rating: { pending: ReviewRating | null; error: string | null };
  /** When the current question was shown (ms), for the answer's time taken. */
  shownAt: number;
  results: QueueResult[];
}

export type QueueSessionAction =
  | { type: 'advance'; now: number }
  | { type: 'restart'; now: number }
  | {
      type: 'answered';
      turn: number;
      evaluation: Evaluation;
      review: ReviewState | null;
      id: string;
      concepts: string[];
    }
  | { type: 'rate'; rating: ReviewRating }
  | { type: 'rated'; turn: number; review: ReviewState }
  | { type: 'rateFailed'; turn: number; message: string }
  | { type: 'chooseOption'; index: number }
  | { type: 'draft'; text: string }
  | { type: 'submit'; submission: Submission }
  | { type: 'evaluationFailed'; turn: number; message: string };

export function initialQueueSession(now: number): QueueSessionState {
  return {
    ...initialSession,
    review: null,
    rating: { pending: null, error: null },
    shownAt: now,
    results: [],
  };
}

export function queueSessionReducer(
  state: QueueSessionState,
  action: QueueSessionAction,
): QueueSessionState {
  switch (action.type) {
    case 'advance':
      // Moving on is allowed only once the current question is answered (or could not be).
      if (state.phase === 'evaluating') return state;
      return {
        ...initialQueueSession(action.now),
        index: state.index + 1,
        turn: state.turn + 1,
        results: state.results,
      };
    case 'restart':
      return { ...initialQueueSession(action.now), turn: state.turn + 1 };
    case 'answered': {
      if (action.turn !== state.turn || state.phase !== 'evaluating') return state;
      const result = {
        id: action.id,
        correct: isCorrectEvaluation(action.evaluation),
        concepts: action.concepts,
      };
      return {
        ...state,
        phase: 'evaluated',
        evaluation: action.evaluation,
        review: action.review,
        results: [...state.results, result],
      };
    }
    case 'rate':
      if (state.phase !== 'evaluated' || !state.review || state.rating.pending) return state;
      if (state.review.rating === action.rating) return state;
      return { ...state, rating: { pending: action.rating, error: null } };
    case 'rated':
      if (action.turn !== state.turn) return state;
      return { ...state, review: action.review, rating: { pending: null, error: null } };
    case 'rateFailed':
      if (action.turn !== state.turn) return state;
      return { ...state, rating: { pending: null, error: action.message } };
    default:
      return { ...state, ...sessionReducer(state, action) };
  }
}

/** How many of the answered questions were right, for the quiz's score. */
export function queueScore(results: readonly QueueResult[]): { right: number; total: number } {
  return { right: results.filter((r) => r.correct).length, total: results.length };
}

/** The concepts of the questions answered wrong, each once, in the order they were missed. */
export function missedConcepts(results: readonly QueueResult[]): string[] {
  const seen = new Map<string, string>();
  for (const r of results) {
    if (r.correct) continue;
    for (const c of r.concepts) if (!seen.has(c.toLowerCase())) seen.set(c.toLowerCase(), c);
  }
  return [...seen.values()];
}

/** The override the verdict offers: 'I was right' re-rates a wrong answer Good, and back. */
export function overrideFor(correct: boolean): { label: string; rating: ReviewRating } {
  return correct
    ? { label: 'I was wrong', rating: 'again' }
    : { label: 'I was right', rating: 'good' };
}

/** The rating for a key 1-4, or null for any other key. */
export function ratingForKey(key: string): ReviewRating | null {
  const ratings: readonly ReviewRating[] = ['again', 'hard', 'good', 'easy'];
  const n = Number(key);
  return Number.isInteger(n) && n >= 1 && n <= 4 ? (ratings[n - 1] ?? null) : null;
}
