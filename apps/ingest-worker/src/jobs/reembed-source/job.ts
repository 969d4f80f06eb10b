import type { Embedder } from '@mnemo/ai/types';
import type { Db } from '@mnemo/db/client';
import { createReembedSourceHandler } from './handler';

/** The reembed queue's `reembed-source` job (its name and payload are the contracts' job map's). */
export const reembedSourceJob = {
  create: (deps: { db: Db; embedder: Embedder }) => createReembedSourceHandler(deps),
};
