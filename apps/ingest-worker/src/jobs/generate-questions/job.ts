import { DelayedError, type Job } from 'bullmq';
import { createGenerateQuestionsHandler, type GenerateDeps, type GenerationResult } from './handler';

/** The generate queue's `generate-questions` job (its name and payload are the contracts' job map's). */
export const generateQuestionsJob = {
  create: (deps: GenerateDeps) => createGenerateQuestionsHandler(deps),
};

const isWaiting = (result: unknown): result is Extract<GenerationResult, { status: 'waiting' }> =>
  typeof result === 'object' && result !== null && (result as { status?: unknown }).status === 'waiting';

/**
 * The generate queue's processor around the job registry's: a job whose sources are still being
 * processed goes back to the queue as delayed and runs again later. BullMQ does not count that as
 * a failed try, so the tries stay for real failures (an AI outage).
 */
export function delayWhileWaiting(processor: (job: Job) => Promise<unknown>) {
  return async (job: Job, token?: string) => {
    const result = await processor(job);
    if (isWaiting(result)) {
      await job.moveToDelayed(Date.now() + result.retryInMs, token);
      throw new DelayedError();
    }
    return result;
  };
}
