/** Spec 02 §9: the first reads show at once, then text is batched by size or time. */
export const STREAM_BUFFER = { immediateReads: 3, maxChars: 5000, maxDelayMs: 50 } as const;

export interface StreamBufferDeps {
  /** Receives the text gathered since the last flush, never an empty string. */
  onFlush: (text: string) => void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Batches streamed text so a fast stream does not re-render the chat on every network read: the
 * first 3 reads flush at once (the answer starts showing quickly), later text waits until more
 * than 5000 characters have gathered or 50 ms have passed since the last flush. A timer makes the
 * 50 ms hold even when no further read comes; `end` flushes what is left.
 */
export function createStreamBuffer(deps: StreamBufferDeps) {
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let reads = 0;
  let buffered = '';
  let lastFlush = now();
  let timer: unknown = null;

  function flush() {
    if (timer !== null) {
      clearTimer(timer);
      timer = null;
    }
    lastFlush = now();
    if (buffered === '') return;
    const text = buffered;
    buffered = '';
    deps.onFlush(text);
  }

  return {
    /** One network read's worth of text (possibly empty: a read of keep-alives still counts). */
    push(text: string) {
      reads += 1;
      buffered += text;
      if (
        reads <= STREAM_BUFFER.immediateReads ||
        buffered.length > STREAM_BUFFER.maxChars ||
        now() - lastFlush >= STREAM_BUFFER.maxDelayMs
      ) {
        flush();
        return;
      }
      if (timer === null && buffered !== '') {
        timer = setTimer(flush, Math.max(0, STREAM_BUFFER.maxDelayMs - (now() - lastFlush)));
      }
    },
    /** Flushes the rest: the stream finished, failed or was cancelled. */
    end: flush,
    /** Drops the rest without flushing (the chat was reset). */
    dispose() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      buffered = '';
    },
  };
}
