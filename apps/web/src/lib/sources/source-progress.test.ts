import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgressEvent, ProgressStep } from '@mnemo/contracts/progress';
import {
  PROGRESS_ESTIMATE,
  isFinalStatus,
  POLLED_STATUSES,
  progressTone,
  progressUrl,
  ticketedProgressUrl,
  stepCounterText,
  stepNumber,
  trackSourceProgress,
  type EventSourceLike,
  type ProgressView,
} from './source-progress';

const SOURCE = '6f1c4b0e-8f0a-4c39-9a57-3b2f1e0d9c11';

/** An EventSource the test drives: it records its address and whether it was closed. */
class FakeEventSource implements EventSourceLike {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  emit(step: ProgressStep, progress: number, message = `${step}...`) {
    const event: ProgressEvent = {
      sourceId: SOURCE,
      step,
      message,
      progress,
      details: null,
      timestamp: new Date().toISOString(),
    };
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  raw(data: string) {
    this.onmessage?.({ data });
  }
  fail() {
    this.onerror?.(new Error('connection lost'));
  }
}

function start(extra: { onCompleted?: () => void; onEnd?: (last: unknown) => void } = {}) {
  const opened: FakeEventSource[] = [];
  const views: ProgressView[] = [];
  const tracker = trackSourceProgress({
    sourceId: SOURCE,
    url: progressUrl(SOURCE, 'tkt'),
    open: (url) => {
      const fake = new FakeEventSource(url);
      opened.push(fake);
      return fake;
    },
    onChange: (view) => views.push(view),
    ...extra,
  });
  const stream = opened[0]!;
  return { tracker, stream, views, last: () => tracker.view() };
}

describe('progress display rules', () => {
  it('colours completed green, error red, vectors-warning yellow and the rest blue', () => {
    expect(progressTone('completed')).toBe('success');
    expect(progressTone('error')).toBe('error');
    expect(progressTone('vectors-warning')).toBe('warning');
    for (const step of ['connected', 'extracting', 'embeddings', 'generating-keypoints'] as const) {
      expect(progressTone(step)).toBe('info');
    }
  });

  it('counts steps as ceil(progress / 10) of 10', () => {
    expect(stepNumber(0)).toBe(0);
    expect(stepNumber(1)).toBe(1);
    expect(stepNumber(10)).toBe(1);
    expect(stepNumber(11)).toBe(2);
    expect(stepNumber(95)).toBe(10);
    expect(stepNumber(100)).toBe(10);
    expect(stepNumber(250)).toBe(10);
    expect(stepNumber(Number.NaN)).toBe(0);
    expect(stepCounterText(33)).toBe('Step 4 of 10');
    expect(PROGRESS_ESTIMATE).toBe('Estimated time: 3-5 minutes');
  });

  it('polls every status but completed and failed', () => {
    expect(POLLED_STATUSES).toEqual(['pending', 'processing', 'content-ready', 'flashcards-ready']);
    expect(isFinalStatus('failed')).toBe(true);
  });

  it('puts a ticket in the stream address, never the login token or guest session', async () => {
    expect(progressUrl(SOURCE, 'a b')).toBe(`/api/ai/progress/${SOURCE}?ticket=a+b`);
    const asked: unknown[] = [];
    const client = {
      post: async (path: string, body?: unknown) => {
        asked.push([path, body]);
        return { success: true, ticket: 'tkt-1', expiresInSeconds: 60 } as never;
      },
    };
    const url = await ticketedProgressUrl(client, SOURCE);
    expect(asked).toEqual([[`/ai/progress/${SOURCE}/ticket`, undefined]]);
    expect(url).toBe(`/api/ai/progress/${SOURCE}?ticket=tkt-1`);
    expect(url).not.toMatch(/token=|anonymousSession=/);
  });
});

describe('following a source', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the stream at once and shows each event', () => {
    const { stream, last } = start();
    expect(stream.url).toBe(`/api/ai/progress/${SOURCE}?ticket=tkt`);
    expect(last()).toMatchObject({ tracking: true, visible: true, event: null, error: null });
    stream.emit('connected', 0);
    stream.emit('extracting', 25, 'Extracting text');
    expect(last().event).toMatchObject({
      step: 'extracting',
      progress: 25,
      message: 'Extracting text',
    });
  });

  it('after completed: reloads at 1 s, stops at 2 s, hides 3 s later', () => {
    const onCompleted = vi.fn();
    const onEnd = vi.fn();
    const { stream, last } = start({ onCompleted, onEnd });
    stream.emit('generating-keypoints', 90);
    stream.emit('completed', 100, 'Processing complete');
    expect(last().tracking).toBe(true);

    vi.advanceTimersByTime(999);
    expect(onCompleted).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onCompleted).toHaveBeenCalledTimes(1);
    expect(stream.closed).toBe(false);

    vi.advanceTimersByTime(1000);
    expect(stream.closed).toBe(true);
    expect(last()).toMatchObject({ tracking: false, visible: true });
    expect(onEnd).toHaveBeenCalledWith(expect.objectContaining({ step: 'completed' }));

    vi.advanceTimersByTime(2999);
    expect(last().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(last().visible).toBe(false);
    expect(onCompleted).toHaveBeenCalledTimes(1);
  });

  it('after an error step: stops 2 s later without reloading the deck', () => {
    const onCompleted = vi.fn();
    const { stream, last } = start({ onCompleted });
    stream.emit('error', 40, 'Could not read this PDF');
    vi.advanceTimersByTime(2000);
    expect(stream.closed).toBe(true);
    expect(last()).toMatchObject({ tracking: false, event: { step: 'error' } });
    vi.advanceTimersByTime(5000);
    expect(onCompleted).not.toHaveBeenCalled();
    expect(last().visible).toBe(false);
  });

  it('acts on the first terminal step only', () => {
    const onCompleted = vi.fn();
    const { stream } = start({ onCompleted });
    stream.emit('completed', 100);
    vi.advanceTimersByTime(500);
    stream.emit('completed', 100);
    vi.advanceTimersByTime(5000);
    expect(onCompleted).toHaveBeenCalledTimes(1);
  });

  it("reports 'Failed to parse progress update' and keeps listening", () => {
    const { stream, last } = start();
    stream.raw('not json');
    expect(last()).toMatchObject({ error: 'Failed to parse progress update', tracking: true });
    stream.raw(JSON.stringify({ step: 'warp-speed', progress: 5 }));
    expect(last().error).toBe('Failed to parse progress update');
    stream.emit('chunking', 45);
    expect(last()).toMatchObject({ error: null, event: { step: 'chunking' } });
    expect(stream.closed).toBe(false);
  });

  it("stops on a connection error with 'Progress tracking connection failed'", () => {
    const onEnd = vi.fn();
    const { stream, last } = start({ onEnd });
    stream.emit('extracting', 30);
    stream.fail();
    expect(stream.closed).toBe(true);
    expect(last()).toMatchObject({
      tracking: false,
      visible: true,
      error: 'Progress tracking connection failed',
      event: { step: 'extracting', progress: 30 },
    });
    expect(onEnd).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3000);
    expect(last().visible).toBe(false);
  });

  it('takes the stream ending after a terminal step as the normal end', () => {
    const onCompleted = vi.fn();
    const { stream, last } = start({ onCompleted });
    stream.emit('completed', 100);
    stream.fail();
    // Closed at once so EventSource does not reconnect, but no error and the timings stand.
    expect(stream.closed).toBe(true);
    expect(last()).toMatchObject({ tracking: true, error: null });
    vi.advanceTimersByTime(1000);
    expect(onCompleted).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(last().tracking).toBe(false);
  });

  it('stops on request and hides 3 s later', () => {
    const onEnd = vi.fn();
    const { tracker, stream, last } = start({ onEnd });
    tracker.stop();
    tracker.stop();
    expect(stream.closed).toBe(true);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(last()).toMatchObject({ tracking: false, visible: true, error: null });
    vi.advanceTimersByTime(3000);
    expect(last().visible).toBe(false);
  });

  it('forgets everything on dispose: no callbacks, no timers', () => {
    const onCompleted = vi.fn();
    const onEnd = vi.fn();
    const { tracker, stream, views } = start({ onCompleted, onEnd });
    stream.emit('completed', 100);
    const seen = views.length;
    tracker.dispose();
    expect(stream.closed).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(onCompleted).not.toHaveBeenCalled();
    expect(onEnd).not.toHaveBeenCalled();
    expect(views).toHaveLength(seen);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('opens the stream once its ticket arrives, and fails like a lost connection without one', async () => {
    const opened: string[] = [];
    const open = (url: string) => {
      opened.push(url);
      return new FakeEventSource(url);
    };
    const ok = trackSourceProgress({
      sourceId: SOURCE,
      url: async () => progressUrl(SOURCE, 'late'),
      open,
      onChange: () => {},
    });
    expect(ok.view()).toMatchObject({ tracking: true, visible: true, error: null });
    await vi.waitFor(() => expect(opened).toEqual([`/api/ai/progress/${SOURCE}?ticket=late`]));

    const onEnd = vi.fn();
    const refused = trackSourceProgress({
      sourceId: SOURCE,
      url: () => Promise.reject(new Error('401')),
      open,
      onChange: () => {},
      onEnd,
    });
    await vi.waitFor(() => expect(onEnd).toHaveBeenCalledTimes(1));
    expect(refused.view()).toMatchObject({
      tracking: false,
      error: 'Progress tracking connection failed',
    });
    expect(opened).toHaveLength(1);

    // Stopped while the ticket was on its way: nothing is opened afterwards.
    let deliver: (url: string) => void = () => {};
    const stopped = trackSourceProgress({
      sourceId: SOURCE,
      url: () => new Promise<string>((resolve) => (deliver = resolve)),
      open,
      onChange: () => {},
    });
    stopped.stop();
    deliver(progressUrl(SOURCE, 'too-late'));
    await Promise.resolve();
    await Promise.resolve();
    expect(opened).toHaveLength(1);
  });
});
