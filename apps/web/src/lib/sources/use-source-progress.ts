import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProgressEvent } from '@mnemo/contracts/progress';
import { api } from '../api';
import { logWarning } from '../log';
import {
  ticketedProgressUrl,
  trackSourceProgress,
  type EventSourceLike,
  type ProgressTracker,
  type ProgressView,
} from './source-progress';

/** A run of tracking: a source, and a counter so that Retry on the same source starts afresh. */
export interface ProgressTarget {
  sourceId: string;
  run: number;
}

export interface SourceProgressOptions {
  /** 1 s after a completed step (the deck reload). */
  onCompleted?: () => void;
  /** Tracking ended. */
  onEnd?: (last: ProgressEvent | null) => void;
  /** For tests and storybook-like hosts; the browser's EventSource otherwise. */
  open?: (url: string) => EventSourceLike;
}


/** The browser's EventSource, with credentials, behind the small interface the tracker uses. */
function openEventSource(url: string): EventSourceLike {
  const stream = new EventSource(url, { withCredentials: true });
  const like: EventSourceLike = { onmessage: null, onerror: null, close: () => stream.close() };
  stream.onmessage = (event) => like.onmessage?.(event);
  stream.onerror = (event) => like.onerror?.(event);
  return like;
}

/**
 * Live progress of one source over GET /api/ai/progress/:sourceId (spec 02 §4, §7). Null target:
 * nothing tracked. The view stays after tracking ends until it is hidden 3 s later.
 */
export function useSourceProgress(
  target: ProgressTarget | null,
  options: SourceProgressOptions = {},
): { view: ProgressView | null; stop: () => void } {
  const [view, setView] = useState<ProgressView | null>(null);
  const tracker = useRef<ProgressTracker | null>(null);
  // Callbacks change identity on every render of the caller; the stream must not restart for that.
  const callbacks = useRef(options);
  callbacks.current = options;

  const sourceId = target?.sourceId ?? null;
  const run = target?.run ?? 0;
  useEffect(() => {
    if (!sourceId) {
      setView(null);
      return;
    }
    const started = trackSourceProgress({
      sourceId,
      url: () => ticketedProgressUrl(api, sourceId),
      open: callbacks.current.open ?? openEventSource,
      onChange: setView,
      onCompleted: () => callbacks.current.onCompleted?.(),
      onEnd: (last) => callbacks.current.onEnd?.(last),
      onParseError: (data, cause) => logWarning('Failed to parse progress update', { data, cause }),
    });
    tracker.current = started;
    setView(started.view());
    return () => {
      started.dispose();
      if (tracker.current === started) tracker.current = null;
    };
  }, [sourceId, run]);

  const stop = useCallback(() => tracker.current?.stop(), []);
  return { view, stop };
}
