import type { Db } from '@mnemo/db/client';
import type { Embedder, StudyAi } from '@mnemo/ai/types';
import type { DeckAccessChecker } from '../access/deck-access';

export type RetrievalDeps = {
  db: Db;
  embedder: Embedder;
  study: Pick<StudyAi, 'enhanceQuery'>;
  access: DeckAccessChecker;
};

/** Hybrid retrieval over a deck's chunks (pgvector cosine + full text, fused by reciprocal rank). */
export function createRetrievalService(deps: RetrievalDeps) {
  return { deps };
}
export type RetrievalService = ReturnType<typeof createRetrievalService>;
