/**
 * The landing page carousel's state, as a pure reducer (spec 01 §2.12): each slide plays for its own
 * duration (default 6000 ms), the view loops, the visitor can move, jump and pause, and a hidden tab
 * pauses it until 100 ms after the tab is visible again.
 *
 * Time is measured from clock readings passed in with each tick rather than by counting ticks:
 * browsers throttle intervals in background tabs and under load, and a reading-based clock keeps
 * every slide's duration exact whatever the tick rate.
 */

/** A slide without a duration of its own plays this long. */
export const DEFAULT_SLIDE_DURATION_MS = 6000;
/** How often the progress dot is redrawn. */
export const PROGRESS_TICK_MS = 50;
/** Length of the slide-to-slide movement (CSS). */
export const SLIDE_TRANSITION_MS = 800;
/** A tab that becomes visible again resumes after this delay. */
export const RESUME_AFTER_VISIBLE_MS = 100;

export interface CarouselState {
  readonly count: number;
  readonly index: number;
  /** Time the current slide has been shown while playing, in ms. */
  readonly elapsedMs: number;
  /** The visitor's choice: Space or the play/pause button. */
  readonly playing: boolean;
  /** The tab is hidden, or became visible less than 100 ms ago. */
  readonly suspended: boolean;
  /** Clock reading of the last tick while running; null when the next tick starts a new stretch. */
  readonly lastTickAt: number | null;
}

export type CarouselAction =
  | { type: 'tick'; now: number; durations: readonly number[] }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; index: number }
  | { type: 'first' }
  | { type: 'last' }
  | { type: 'togglePlay' }
  | { type: 'suspend' }
  | { type: 'resume' };

export function initialCarouselState(count: number): CarouselState {
  return {
    count,
    index: 0,
    elapsedMs: 0,
    playing: true,
    suspended: false,
    lastTickAt: null,
  };
}

/** The slide's own duration, or the default when it has none (or an unusable one). */
export function slideDuration(durationMs: number | undefined): number {
  return durationMs !== undefined && Number.isFinite(durationMs) && durationMs > 0
    ? durationMs
    : DEFAULT_SLIDE_DURATION_MS;
}

/** Whether slides advance on their own right now. */
export function isRunning(state: CarouselState): boolean {
  return state.playing && !state.suspended && state.count > 1;
}

/** Wraps any index into 0..count-1 (so previous from the first slide is the last). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** A slide change: the progress of the new slide starts from zero. */
function show(state: CarouselState, index: number): CarouselState {
  return {
    ...state,
    index: wrapIndex(index, state.count),
    elapsedMs: 0,
    lastTickAt: null,
  };
}

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'tick': {
      if (!isRunning(state))
        return state.lastTickAt === null ? state : { ...state, lastTickAt: null };
      // The first tick of a stretch only sets the reference point.
      if (state.lastTickAt === null) return { ...state, lastTickAt: action.now };
      const elapsedMs = state.elapsedMs + Math.max(0, action.now - state.lastTickAt);
      const duration = slideDuration(action.durations[state.index]);
      if (elapsedMs >= duration) {
        return { ...show(state, state.index + 1), lastTickAt: action.now };
      }
      return { ...state, elapsedMs, lastTickAt: action.now };
    }
    case 'next':
      return show(state, state.index + 1);
    case 'previous':
      return show(state, state.index - 1);
    case 'goTo':
      return show(state, action.index);
    case 'first':
      return show(state, 0);
    case 'last':
      return show(state, state.count - 1);
    case 'togglePlay':
      // Pausing keeps the progress made so far; playing again continues from it.
      return { ...state, playing: !state.playing, lastTickAt: null };
    case 'suspend':
      return { ...state, suspended: true, lastTickAt: null };
    case 'resume':
      return { ...state, suspended: false, lastTickAt: null };
  }
}

/** The current slide's progress from 0 to 1, for its dot. */
export function slideProgress(state: CarouselState, durations: readonly number[]): number {
  const duration = slideDuration(durations[state.index]);
  return Math.min(1, state.elapsedMs / duration);
}

/** The carousel's keyboard commands (spec 01 §2.12); null for any other key. */
export function carouselKeyAction(key: string): CarouselAction | null {
  switch (key) {
    case 'ArrowLeft':
      return { type: 'previous' };
    case 'ArrowRight':
      return { type: 'next' };
    case 'Home':
      return { type: 'first' };
    case 'End':
      return { type: 'last' };
    case ' ':
    case 'Spacebar':
      return { type: 'togglePlay' };
    default:
      return null;
  }
}
