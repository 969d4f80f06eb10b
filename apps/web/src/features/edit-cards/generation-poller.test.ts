import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDIT_CARDS_TIMINGS, pollUntilFound, waitUntilFound } from './generation-poller';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Answers the poll from a list of question counts, one per look; a thrown entry fails that look. */
function looks(counts: (number | Error)[]) {
  const calls: number[] = [];
  const load = vi.fn(async () => {
    calls.push(Date.now());
    const next = counts.shift() ?? 0;
    if (next instanceof Error) throw next;
    return { questions: Array.from({ length: next }, (_, i) => i) };
  });
  return { load, calls };
}

describe('the isGenerating poll', () => {
  it('looks every 3000 ms until a question appears, then reports once and stops', async () => {
    expect(EDIT_CARDS_TIMINGS.pollMs).toBe(3000);
    const { load } = looks([0, 0, 2, 5]);
    const onFound = vi.fn();
    pollUntilFound({ load, found: (a) => a.questions.length > 0, onFound });

    await vi.advanceTimersByTimeAsync(2999);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(onFound).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(onFound).toHaveBeenCalledTimes(1);
    expect(onFound).toHaveBeenCalledWith({ questions: [0, 1] });

    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps looking after a failed look', async () => {
    const { load } = looks([new Error('502'), 1]);
    const onFound = vi.fn();
    pollUntilFound({ load, found: (a) => a.questions.length > 0, onFound });
    await vi.advanceTimersByTimeAsync(3000);
    expect(onFound).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(onFound).toHaveBeenCalledTimes(1);
  });

  it('times the next look from the end of a slow one, so looks never overlap', async () => {
    let inFlight = 0;
    let most = 0;
    const load = vi.fn(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      inFlight--;
      return 0;
    });
    pollUntilFound({ load, found: (n) => n > 0, onFound: vi.fn() });
    await vi.advanceTimersByTimeAsync(3000 + 5000 + 3000 + 5000 + 3000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(most).toBe(1);
  });

  it('stops when told to, also while a look is on its way', async () => {
    let answer: (n: number) => void = () => {};
    const load = vi.fn(() => new Promise<number>((resolve) => (answer = resolve)));
    const onFound = vi.fn();
    const stop = pollUntilFound({ load, found: (n) => n > 0, onFound });
    await vi.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(1);
    stop();
    answer(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onFound).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);

    const idle = looks([4]);
    const stopBefore = pollUntilFound({
      load: idle.load,
      found: (a) => a.questions.length > 0,
      onFound,
    });
    stopBefore();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(idle.load).not.toHaveBeenCalled();
  });
});

describe('waiting for queued questions', () => {
  it('resolves with the first answer that has them', async () => {
    const { load } = looks([3, 3, 5]);
    const waited = waitUntilFound({ load, found: (a) => a.questions.length > 3, maxLooks: 10 });
    await vi.advanceTimersByTimeAsync(9000);
    await expect(waited).resolves.toEqual({ questions: [0, 1, 2, 3, 4] });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives up with null after the last look, failed looks counted', async () => {
    const { load } = looks([0, new Error('502'), 0]);
    const waited = waitUntilFound({ load, found: (a) => a.questions.length > 0, maxLooks: 3 });
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(waited).resolves.toBeNull();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('stops with null when the screen goes away', async () => {
    const { load } = looks([0, 0, 0, 1]);
    const controller = new AbortController();
    const waited = waitUntilFound({
      load,
      found: (a) => a.questions.length > 0,
      maxLooks: 10,
      signal: controller.signal,
    });
    await vi.advanceTimersByTimeAsync(3000);
    controller.abort();
    await expect(waited).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
