import { splitCurriculumJobSchema } from '@mnemo/contracts/jobs';
import { createSplitCurriculumHandler, type SplitCurriculumDeps } from './handler';

export const splitCurriculumJob = {
  name: 'split-curriculum' as const,
  schema: splitCurriculumJobSchema,
  create: (deps: SplitCurriculumDeps) => createSplitCurriculumHandler(deps),
};
