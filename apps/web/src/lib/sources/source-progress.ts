import { progressTicketResponseSchema } from '@mnemo/contracts/api/ai';
import {
  PROCESSING_STATUSES,
  TERMINAL_STEPS,
  progressEventSchema,
  type ProcessingStatus,
  type ProgressEvent,
  type ProgressStep,
} from '@mnemo/contracts/progress';
import type { ApiClient } from '../api';
import { SOURCE_MESSAGES } from './source-messages';

/** The timings of spec 02 §4 and §9. */
export const PROGRESS_TIMINGS = {
  /** The stream is closed this long after a completed or error step. */
  stopAfterTerminalMs: 2000,
  /** The deck is reloaded this long after a completed step. */
  reloadAfterCompletedMs: 1000,
  /** The progress display is hidden this long after tracking ends. */
  hideAfterEndMs: 3000,
  /** A source that is not final is polled this often. */
  pollMs: 5000,
} as const;

export const PROGRESS_ESTIMATE = 'Estimated time: 3-5 minutes';
export const PROGRESS_TOTAL_STEPS = 10;

/** Statuses after which nothing changes by itself: polling stops (spec 02 §4). */
export const FINAL_STATUSES: readonly ProcessingStatus[] = ['completed', 'failed'];
export const isFinalStatus = (status: ProcessingStatus): boolean => FINAL_STATUSES.includes(status);
/** Statuses a source is polled in: pending, processing, content-ready, flashcards-ready. */
export const POLLED_STATUSES = PROCESSING_STATUSES.filter((s) => !isFinalStatus(s));

export const isTerminalStep = (step: ProgressStep): boolean => TERMINAL_STEPS.includes(step);

/** Green completed, red error, yellow vectors-warning, blue otherwise. */
export type ProgressTone = 'success' | 'error' | 'warning' | 'info';
export function progressTone(step: ProgressStep): ProgressTone {
  switch (step) {
    case 'completed':
      return 'success';
    case 'error':
      return 'error';
    case 'vectors-warning':
      return 'warning';
    default:
      return 'info';
  }
}

/** ceil(progress / 10), kept within 0-10 for a value the server should not send. */
export function stepNumber(progress: number): number {
  if (!Number.isFinite(progress)) return 0;
  return Math.min(PROGRESS_TOTAL_STEPS, Math.max(0, Math.ceil(progress / 10)));
}

/** 'Step 3 of 10' */
export const stepCounterText = (progress: number): string =>
  `Step ${stepNumber(progress)} of ${PROGRESS_TOTAL_STEPS}`;

/** Where the stream's ticket is asked for, with the caller's usual headers. */
export const progressTicketPath = (sourceId: string): string =>
  `/ai/progress/${encodeURIComponent(sourceId)}/ticket`;

/**
 * The stream's address. EventSource cannot send headers, and the login token or guest session id
 * must not go in a URL (history, access logs), so the stream is opened with a one-use ticket the
 * gateway issued for this source a moment before (progressTicketPath).
 */
export function progressUrl(sourceId: string, ticket: string, base = '/api'): string {
  return `${base}/ai/progress/${encodeURIComponent(sourceId)}?${new URLSearchParams({ ticket }).toString()}`;
}

/**
 * The stream's address with a fresh ticket, asked for with the caller's headers (token or guest
 * session) by the API client, so neither goes in the URL.
 */
export async function ticketedProgressUrl(
  client: Pick<ApiClient, 'post'>,
  sourceId: string,
): Promise<string> {
  const { ticket } = await client.post(progressTicketPath(sourceId), undefined, {
    schema: progressTicketResponseSchema,
  });
  return progressUrl(sourceId, ticket);
}

/** What the processing banner shows. */
export interface ProgressView {
  sourceId: string;
  /** The stream is open. */
  tracking: boolean;
  /** The banner is on screen: from the start until 3 s after tracking ended. */
  visible: boolean;
  /** The latest progress event, if any arrived. */
  event: ProgressEvent | null;
  /** 'Failed to parse progress update' or 'Progress tracking connection failed'. */
  error: string | null;
}

/** The part of EventSource the tracker uses, so tests can hand it a fake. */
export interface EventSourceLike {
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface TrackerOptions {
  sourceId: string;
  /** The stream's address, or how to get it (asking for a ticket); a failure is a connection error. */
  url: string | (() => Promise<string>);
  open(url: string): EventSourceLike;
  onChange(view: ProgressView): void;
  /** 1 s after a completed step: the deck is reloaded. */
  onCompleted?: () => void;
  /** Tracking ended (2 s after a terminal step, on a connection error, or on stop()). */
  onEnd?: (last: ProgressEvent | null) => void;
  /** Unreadable or invalid event data; the tracker goes on. */
  onParseError?: (data: unknown, cause: unknown) => void;
  timers?: Timers;
}

export interface ProgressTracker {
  view(): ProgressView;
  /** Closes the stream now (the explicit stop of spec 02 §4); the banner hides 3 s later. */
  stop(): void;
  /** Forgets everything at once without callbacks: the component went away. */
  dispose(): void;
}

/**
 * Follows one source's progress stream (spec 02 §4): opens it at once, shows each event, and after a
 * completed or error step closes it 2 s later (reloading the deck 1 s after completed); a
 * connection error closes it with 'Progress tracking connection failed'. A connection that drops
 * after a terminal step is the server's end of the stream, not a failure. The banner is hidden 3 s
 * after tracking ends.
 */
export function trackSourceProgress(options: TrackerOptions): ProgressTracker {
  const timers = options.timers ?? realTimers;
  const pending = new Set<unknown>();
  let view: ProgressView = {
    sourceId: options.sourceId,
    tracking: true,
    visible: true,
    event: null,
    error: null,
  };
  let source: EventSourceLike | null = null;
  let terminalSeen = false;
  let disposed = false;

  const later = (fn: () => void, ms: number) => {
    const handle = timers.setTimeout(() => {
      pending.delete(handle);
      if (!disposed) fn();
    }, ms);
    pending.add(handle);
  };
  const update = (patch: Partial<ProgressView>) => {
    view = { ...view, ...patch };
    options.onChange(view);
  };
  const closeStream = () => {
    if (!source) return;
    source.onmessage = null;
    source.onerror = null;
    source.close();
    source = null;
  };
  const end = (patch: Partial<ProgressView> = {}) => {
    if (!view.tracking) return;
    closeStream();
    update({ ...patch, tracking: false });
    options.onEnd?.(view.event);
    later(() => update({ visible: false }), PROGRESS_TIMINGS.hideAfterEndMs);
  };

  const onMessage = (message: { data: unknown }) => {
    let parsed: ProgressEvent;
    try {
      const raw: unknown = typeof message.data === 'string' ? JSON.parse(message.data) : null;
      parsed = progressEventSchema.parse(raw);
    } catch (cause) {
      options.onParseError?.(message.data, cause);
      update({ error: SOURCE_MESSAGES.progressParse });
      return;
    }
    update({ event: parsed, error: null });
    if (terminalSeen || !isTerminalStep(parsed.step)) return;
    terminalSeen = true;
    if (parsed.step === 'completed' && options.onCompleted) {
      later(options.onCompleted, PROGRESS_TIMINGS.reloadAfterCompletedMs);
    }
    later(() => end(), PROGRESS_TIMINGS.stopAfterTerminalMs);
  };
  const onError = () => {
    if (terminalSeen) {
      // The server ended the stream after the last step: stop EventSource from reconnecting and let
      // the scheduled stop run on time.
      closeStream();
      return;
    }
    end({ error: SOURCE_MESSAGES.progressConnection });
  };

  const connect = (url: string) => {
    // Stopped or gone while the address was on its way: nothing to open.
    if (disposed || !view.tracking) return;
    source = options.open(url);
    source.onmessage = onMessage;
    source.onerror = onError;
  };
  if (typeof options.url === 'string') connect(options.url);
  else {
    options.url().then(connect, () => {
      if (!disposed) end({ error: SOURCE_MESSAGES.progressConnection });
    });
  }

  return {
    view: () => view,
    stop: () => end(),
    dispose() {
      disposed = true;
      closeStream();
      for (const handle of pending) timers.clearTimeout(handle);
      pending.clear();
    },
  };
}
