import { isApiError } from '../../lib/api';

/** The clone flow's words (spec 01 §5, §8; spec 02 §2, §8). */
export const CLONE_MESSAGES = {
  signInRequired: 'Please sign in to clone decks',
  failed: 'Failed to clone deck. Please try again.',
  // Ours: the spec names the states and the 2 s notice but not these words.
  success: 'Deck cloned to your library!',
  cloning: 'Cloning...',
  mustClone: 'This deck must be cloned to your library first.',
  noSpace: 'No study space',
} as const;

/** Spec 02 §9: the success notice shows for 2 s, then the new deck opens. */
export const CLONE_SUCCESS_MS = 2000;

/**
 * The clone button's states (spec 01 §4.3, spec 02 §4): idle, cloning, success; ours add the two
 * ways it can fail: an error (the alert, back to a button that can be pressed again) and a limit
 * the caller's plan reached (the upgrade dialog).
 */
export type CloneState =
  | { status: 'idle' }
  | { status: 'cloning' }
  | { status: 'success'; deckId: string }
  | { status: 'failed'; message: string }
  | { status: 'limit'; message: string };

export type CloneEvent =
  | { type: 'start' }
  | { type: 'succeeded'; deckId: string }
  | { type: 'failed'; error: unknown }
  | { type: 'reset' };

export const initialCloneState: CloneState = { status: 'idle' };

/**
 * The clone state machine. A second start while cloning or after success is ignored (one copy per
 * press); an answer that arrives when no clone is running (after a reset) is ignored too.
 */
export function cloneReducer(state: CloneState, event: CloneEvent): CloneState {
  switch (event.type) {
    case 'start':
      return state.status === 'cloning' || state.status === 'success'
        ? state
        : { status: 'cloning' };
    case 'succeeded':
      return state.status === 'cloning' ? { status: 'success', deckId: event.deckId } : state;
    case 'failed':
      if (state.status !== 'cloning') return state;
      return isApiError(event.error) && event.error.limitReached
        ? { status: 'limit', message: event.error.message }
        : { status: 'failed', message: CLONE_MESSAGES.failed };
    case 'reset':
      return state.status === 'cloning' ? state : initialCloneState;
  }
}

/** The clone button's label in each state. */
export function cloneButtonLabel(state: CloneState): string {
  switch (state.status) {
    case 'cloning':
      return CLONE_MESSAGES.cloning;
    case 'success':
      return 'Cloned!';
    default:
      return 'Clone Deck';
  }
}
