import type { Evaluation } from '@mnemo/contracts/entities/question';
import type { StudyFilter, Submission } from './study-items';

/**
 * The question session (spec 02 §4) as a pure reducer: which question is current, the answer
 * being written or picked, and its evaluation. The list itself comes from the loaded deck; actions
 * that move carry its length.
 *
 * `turn` changes whenever the current question is (re)entered: it resets the chat and lets a late
 * evaluation of an earlier question be ignored.
 */
export interface SessionState {
  filter: StudyFilter;
  index: number;
  turn: number;
  selectedOption: number | null;
  draft: string;
  phase: 'answering' | 'evaluating' | 'evaluated';
  /** What was submitted; set from submit on, so the answer is locked. */
  submitted: Submission | null;
  evaluation: Evaluation | null;
  error: string | null;
}

export type SessionAction =
  | { type: 'filter'; filter: StudyFilter }
  | { type: 'select'; index: number; count: number }
  | { type: 'next'; count: number }
  | { type: 'previous'; count: number }
  /** `random` is a number in [0, 1), drawn by the caller so the reducer stays pure. */
  | { type: 'shuffle'; count: number; random: number }
  /** The list changed under the session (a reload): keeps the index inside it. */
  | { type: 'clamp'; count: number }
  | { type: 'chooseOption'; index: number }
  | { type: 'draft'; text: string }
  | { type: 'submit'; submission: Submission }
  | { type: 'evaluated'; turn: number; evaluation: Evaluation }
  | { type: 'evaluationFailed'; turn: number; message: string };

export const initialSession: SessionState = {
  filter: 'all',
  index: 0,
  turn: 0,
  selectedOption: null,
  draft: '',
  phase: 'answering',
  submitted: null,
  evaluation: null,
  error: null,
};

/** A new current question: answer, evaluation and error cleared, a new turn. */
function enter(state: SessionState, index: number): SessionState {
  return { ...initialSession, filter: state.filter, index, turn: state.turn + 1 };
}

/** The index `step` away from `index`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/**
 * A random index for Shuffle. With more than one question it is never the current one, so Shuffle
 * always moves (a jump to the same question would look like a broken button).
 */
export function shuffleIndex(current: number, count: number, random: number): number {
  if (count <= 1) return 0;
  const r = Math.min(Math.max(random, 0), 1 - Number.EPSILON);
  const pick = Math.floor(r * (count - 1));
  return pick >= current ? pick + 1 : pick;
}

/** Whether a submission may be sent: an option for multiple choice, words (after trim) otherwise. */
export function canSubmit(submission: Submission): boolean {
  return submission.kind === 'choice'
    ? Number.isInteger(submission.index) && submission.index >= 0
    : submission.text.trim() !== '';
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'filter':
      return { ...enter(state, 0), filter: action.filter };
    case 'select':
      if (action.count <= 0) return state;
      return enter(state, Math.min(Math.max(0, Math.trunc(action.index)), action.count - 1));
    case 'next':
      return action.count <= 0 ? state : enter(state, wrapIndex(state.index, 1, action.count));
    case 'previous':
      return action.count <= 0 ? state : enter(state, wrapIndex(state.index, -1, action.count));
    case 'shuffle':
      return action.count <= 0
        ? state
        : enter(state, shuffleIndex(state.index, action.count, action.random));
    case 'clamp': {
      const last = Math.max(0, action.count - 1);
      return state.index > last ? enter(state, last) : state;
    }
    case 'chooseOption':
      return state.phase === 'answering' ? { ...state, selectedOption: action.index } : state;
    case 'draft':
      return state.phase === 'answering' ? { ...state, draft: action.text } : state;
    case 'submit':
      if (state.phase !== 'answering' || !canSubmit(action.submission)) return state;
      return { ...state, phase: 'evaluating', submitted: action.submission, error: null };
    case 'evaluated':
      if (action.turn !== state.turn || state.phase !== 'evaluating') return state;
      return { ...state, phase: 'evaluated', evaluation: action.evaluation };
    case 'evaluationFailed':
      if (action.turn !== state.turn || state.phase !== 'evaluating') return state;
      // The answer is unlocked again, with what was written or picked, so the learner can retry.
      return { ...state, phase: 'answering', submitted: null, error: action.message };
  }
}
