import type {
  GenerateQuestionsBody,
  GenerationStatusResponse,
} from '@mnemo/contracts/api/questions';
import { isApiError } from '../../lib/api';
import { EDIT_CARDS_TIMINGS, pollUntilFound, waitUntilFound } from './generation-poller';

/** A generation the server queued: its job, and what was asked, so a failed run can be retried. */
export interface GenerationJob {
  jobId: string;
  body: GenerateQuestionsBody;
}

/**
 * Where a watched generation stands. `unknown`: the server no longer knows the job (it keeps a
 * finished one for a day) or has no status call; the caller falls back to watching the list.
 */
export type GenerationView =
  | { state: 'queued' | 'running' }
  | { state: 'completed'; created: number; notes: string[] }
  | { state: 'failed'; reason: string }
  | { state: 'unknown' };

export type GenerationEnd = Exclude<GenerationView, { state: 'queued' | 'running' }>;

export const generationEnded = (view: GenerationView): view is GenerationEnd =>
  view.state !== 'queued' && view.state !== 'running';

/** One look at the job: a 404 is `unknown`; any other failed look throws and the next look follows. */
export async function lookAtGeneration(
  load: () => Promise<GenerationStatusResponse>,
): Promise<GenerationView> {
  let answer: GenerationStatusResponse;
  try {
    answer = await load();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { state: 'unknown' };
    throw error;
  }
  switch (answer.state) {
    case 'completed':
      // Notes say how the questions were written ("Questions are in English: …").
      return { state: 'completed', created: answer.created ?? 0, notes: answer.notes ?? [] };
    case 'failed':
      // The server always gives a reason; a missing one still ends the wait with words to show.
      return { state: 'failed', reason: answer.reason ?? 'The generation failed' };
    default:
      return { state: answer.state };
  }
}

export interface WatchOptions {
  load: () => Promise<GenerationStatusResponse>;
  /** Each look while the run is queued or running (the overlay's progress line). */
  onProgress: (state: 'queued' | 'running') => void;
  /** Once, when the run has ended (or the server no longer knows it). */
  onEnd: (end: GenerationEnd) => void;
  intervalMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Looks at a queued generation every 3 s (the edit screen's poll interval, spec 02 §9) until it
 * has ended, then reports once and stops: a failed run stops the waiting instead of polling the
 * empty list forever. Returns the stop function.
 */
export function watchGeneration(options: WatchOptions): () => void {
  return pollUntilFound<GenerationView>({
    load: () => lookAtGeneration(options.load),
    found: generationEnded,
    onAnswer: (view) => {
      if (!generationEnded(view)) options.onProgress(view.state);
    },
    onFound: (view) => {
      if (generationEnded(view)) options.onEnd(view);
    },
    intervalMs: options.intervalMs ?? EDIT_CARDS_TIMINGS.pollMs,
    ...(options.setTimer ? { setTimer: options.setTimer } : {}),
    ...(options.clearTimer ? { clearTimer: options.clearTimer } : {}),
  });
}

/** The watch as a promise, for Regenerate: the end, or null after `maxLooks` looks or an abort. */
export async function waitForGeneration(options: {
  load: () => Promise<GenerationStatusResponse>;
  maxLooks: number;
  intervalMs?: number;
  signal?: AbortSignal;
}): Promise<GenerationEnd | null> {
  const view = await waitUntilFound<GenerationView>({
    load: () => lookAtGeneration(options.load),
    found: generationEnded,
    maxLooks: options.maxLooks,
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return view && generationEnded(view) ? view : null;
}

/** A generation that ended without questions: its reason is what the learner sees. */
export class GenerationFailedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'GenerationFailedError';
  }
}
