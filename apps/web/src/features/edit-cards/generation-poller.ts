/** Spec 02 §9: the edit screen polls every 3000 ms while generating; the overlay hides 500 ms after. */
export const EDIT_CARDS_TIMINGS = { pollMs: 3000, overlayHideMs: 500 } as const;

export interface PollOptions<T> {
  /** One look at the questions; a failed look is followed by the next one. */
  load: () => Promise<T>;
  /** Whether the answer has what the poll waits for (at least one question). */
  found: (answer: T) => boolean;
  onFound: (answer: T) => void;
  /** Every answer, found or not (a generation's progress). */
  onAnswer?: (answer: T) => void;
  intervalMs?: number;
  /** Gives up after this many looks (none: never). */
  maxLooks?: number;
  onGiveUp?: () => void;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Looks every `intervalMs` until `found` says yes, then calls `onFound` once and stops (spec 02 §4:
 * with isGenerating, poll every 3 s until at least one question appears). The next look is timed
 * from the end of the last one, so slow answers never pile up. Returns the stop function.
 */
export function pollUntilFound<T>(options: PollOptions<T>): () => void {
  const interval = options.intervalMs ?? EDIT_CARDS_TIMINGS.pollMs;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let stopped = false;
  let timer: unknown = null;
  let looks = 0;

  const look = () => {
    timer = null;
    looks += 1;
    options.load().then(
      (answer) => {
        if (stopped) return;
        options.onAnswer?.(answer);
        if (options.found(answer)) {
          stopped = true;
          options.onFound(answer);
        } else {
          schedule();
        }
      },
      () => {
        if (!stopped) schedule();
      },
    );
  };
  const schedule = () => {
    if (options.maxLooks !== undefined && looks >= options.maxLooks) {
      stopped = true;
      options.onGiveUp?.();
      return;
    }
    timer = setTimer(look, interval);
  };

  schedule();
  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
}

export interface WaitOptions<T> {
  load: () => Promise<T>;
  found: (answer: T) => boolean;
  onAnswer?: (answer: T) => void;
  /** Gives up after this many looks. */
  maxLooks: number;
  intervalMs?: number;
  /** Stops waiting (the screen went away). */
  signal?: AbortSignal;
}

/**
 * The poll as a promise: the answer that has what was waited for, or null when `maxLooks` looks
 * did not find it or the signal aborted. Used after a generation the server queued: the caller
 * waits for its questions, then reloads.
 */
export function waitUntilFound<T>(options: WaitOptions<T>): Promise<T | null> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve(null);
      return;
    }
    let stop: (() => void) | null = null;
    const end = (answer: T | null) => {
      stop?.();
      options.signal?.removeEventListener('abort', onAbort);
      resolve(answer);
    };
    const onAbort = () => end(null);
    stop = pollUntilFound({
      load: options.load,
      found: options.found,
      onFound: end,
      ...(options.onAnswer ? { onAnswer: options.onAnswer } : {}),
      onGiveUp: () => end(null),
      maxLooks: options.maxLooks,
      ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    });
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
