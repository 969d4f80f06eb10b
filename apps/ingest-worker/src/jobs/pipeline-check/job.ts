import type { ProgressPublisher } from '../../progress/publisher';
import { createPipelineCheckHandler } from './handler';

/** The ingest queue's `pipeline-check` job (its name and payload are the contracts' job map's). */
export const pipelineCheckJob = {
  create: (deps: { publish: ProgressPublisher }) => createPipelineCheckHandler(deps),
};
