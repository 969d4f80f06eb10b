import { pipelineCheckJobSchema } from '@mnemo/contracts/jobs';
import type { ProgressPublisher } from '../../progress/publisher';
import { createPipelineCheckHandler } from './handler';

export const pipelineCheckJob = {
  name: 'pipeline-check' as const,
  schema: pipelineCheckJobSchema,
  create: (deps: { publish: ProgressPublisher }) => createPipelineCheckHandler(deps),
};
