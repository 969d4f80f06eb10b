import { setTimeout as sleep } from 'node:timers/promises';
import type { PipelineCheckJob } from '@mnemo/contracts/jobs';
import type { ProgressPublisher } from '../../progress/publisher';

/**
 * Walks a source id through starting → n intermediate steps → completed, publishing each. It proves
 * the path queue → worker → Redis pub/sub → gateway SSE → browser without real content, for
 * operators after a deploy and for the system test.
 */
export function createPipelineCheckHandler({ publish }: { publish: ProgressPublisher }) {
  return async function handle(job: PipelineCheckJob) {
    await publish({
      sourceId: job.sourceId,
      step: 'starting',
      message: 'Pipeline check started',
      progress: 0,
    });
    for (let i = 1; i <= job.steps; i++) {
      if (job.delayMs) await sleep(job.delayMs);
      await publish({
        sourceId: job.sourceId,
        step: 'extracting',
        message: `Pipeline check step ${i} of ${job.steps}`,
        progress: Math.round((i / (job.steps + 1)) * 100),
        details: { step: i },
      });
    }
    if (job.delayMs) await sleep(job.delayMs);
    await publish({
      sourceId: job.sourceId,
      step: 'completed',
      message: 'Pipeline check completed',
      progress: 100,
    });
    return { steps: job.steps };
  };
}
