import { reembedJobSchema } from '@mnemo/contracts/jobs';
import type { Embedder } from '@mnemo/ai/types';
import type { Db } from '@mnemo/db/client';
import { createReembedSourceHandler } from './handler';

export const reembedSourceJob = {
  name: 'reembed-source' as const,
  schema: reembedJobSchema,
  create: (deps: { db: Db; embedder: Embedder }) => createReembedSourceHandler(deps),
};
