import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerationStatusResponse } from '@mnemo/contracts/api/questions';
import { GENERATION_FAILURES } from '@mnemo/contracts/api/questions';
import { ApiError } from '../../lib/api';
import { waitForGeneration, watchGeneration } from './generation-watch';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

type Step = Omit<GenerationStatusResponse, 'success' | 'jobId'> | Error;

/** Answers the status call from a list of steps, one per look; an Error entry fails that look. */
function statuses(steps: Step[]) {
  return vi.fn(async (): Promise<GenerationStatusResponse> => {
    const next = steps.shift() ?? { state: 'running' };
    if (next instanceof Error) throw next;
    return { success: true, jobId: 'generate-d-r', ...next };
  });
}

const notFound = () =>
  new ApiError({ status: 404, message: 'Generation not found', code: 'NOT_FOUND' });

describe('watching a queued generation', () => {
  it('reports queued and running, then the completed run once, and stops looking', async () => {
    const load = statuses([
      { state: 'queued' },
      { state: 'running' },
      { state: 'completed', created: 7, notes: ['Questions are in English: the offline study AI cannot write questions in Japanese yet.'] },
    ]);
    const onProgress = vi.fn();
    const onEnd = vi.fn();
    watchGeneration({ load, onProgress, onEnd });

    await vi.advanceTimersByTimeAsync(3000);
    expect(onProgress).toHaveBeenLastCalledWith('queued');
    await vi.advanceTimersByTimeAsync(3000);
    expect(onProgress).toHaveBeenLastCalledWith('running');
    expect(onEnd).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    // The run's notes (how its questions were written) come with its end.
    expect(onEnd).toHaveBeenCalledExactlyOnceWith({
      state: 'completed',
      created: 7,
      notes: ['Questions are in English: the offline study AI cannot write questions in Japanese yet.'],
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(onProgress).toHaveBeenCalledTimes(2);
  });

  it('ends with the reason of a failed run, looking past a failed look', async () => {
    const load = statuses([
      new Error('network'),
      { state: 'failed', reason: GENERATION_FAILURES.noText },
    ]);
    const onEnd = vi.fn();
    watchGeneration({ load, onProgress: vi.fn(), onEnd });
    await vi.advanceTimersByTimeAsync(6000);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith({
      state: 'failed',
      reason: 'This source has no text to ask about',
    });
    await vi.advanceTimersByTimeAsync(9000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('ends as unknown when the server does not know the job (404)', async () => {
    const load = statuses([notFound()]);
    const onEnd = vi.fn();
    watchGeneration({ load, onProgress: vi.fn(), onEnd });
    await vi.advanceTimersByTimeAsync(3000);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith({ state: 'unknown' });
  });

  it('stops when the screen stops it', async () => {
    const load = statuses([]);
    const stop = watchGeneration({ load, onProgress: vi.fn(), onEnd: vi.fn() });
    await vi.advanceTimersByTimeAsync(3000);
    stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('waiting for a regeneration', () => {
  it('resolves with the end, or null after the last look', async () => {
    const failed = waitForGeneration({
      load: statuses([
        { state: 'running' },
        { state: 'failed', reason: 'The AI service is unavailable' },
      ]),
      maxLooks: 5,
    });
    await vi.advanceTimersByTimeAsync(6000);
    await expect(failed).resolves.toEqual({
      state: 'failed',
      reason: 'The AI service is unavailable',
    });

    const endless = waitForGeneration({ load: statuses([]), maxLooks: 2 });
    await vi.advanceTimersByTimeAsync(6000);
    await expect(endless).resolves.toBeNull();
  });
});
