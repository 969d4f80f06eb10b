import type { Db } from '@mnemo/db/client';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import type { ChatTurn, Embedder, StudyAi } from '@mnemo/ai/types';
import type {
  CheckVectorAvailabilityResponse,
  EnhanceQueryResponse,
  RetrieveContextResponse,
  SourcePassageResponse,
} from '@mnemo/contracts/api/chat';
import type { ChatHistory } from '@mnemo/contracts/entities/chat';
import type { DeckAccessChecker } from '../access/deck-access';
import {
  createRetrievalRepository,
  EXACT_SCAN_MAX_CHUNKS,
  type ChunkScope,
  type RetrievalRepository,
} from './retrieval.repository';
import { attributionOf, calibrationFor, fitToBudget, fuse, type SimilarityCalibration } from './retrieval.ranking';

/** Where the service reports what it recovered from (a pino logger fits). */
type WarnLogger = { warn: (obj: Record<string, unknown>, msg?: string) => void };

export type RetrievalDeps = {
  db: Db;
  embedder: Embedder;
  study: Pick<StudyAi, 'enhanceQuery'>;
  access: DeckAccessChecker;
  /** Defaults to a repository over `db`; tests may pass their own. */
  repository?: RetrievalRepository;
  /** Overrides the embedder's similarity calibration (see retrieval.ranking.ts). */
  calibration?: SimilarityCalibration;
  /** How long query enhancement may take before the original query is used. */
  enhanceTimeoutMs?: number;
};

export type RetrieveInput = {
  deckId: string;
  sourceIds?: string[] | undefined;
  query: string;
  topK: number;
  threshold: number;
  useHybridSearch: boolean;
  maxContextTokens: number;
};

/** The spec's client sends the last 4 messages; at most those are used (spec 02 §9). */
export const ENHANCE_HISTORY_MESSAGES = 4;
const DEFAULT_ENHANCE_TIMEOUT_MS = 10_000;
/** Each side of a hybrid search ranks this many candidates before fusion. */
const candidatesFor = (topK: number) => Math.max(20, topK * 4);

/** Hybrid retrieval over a deck's chunks (pgvector cosine + full text, fused by reciprocal rank). */
export function createRetrievalService(deps: RetrievalDeps) {
  const { embedder, study, access } = deps;
  const repository = deps.repository ?? createRetrievalRepository({ db: deps.db });
  const calibrate = deps.calibration ?? calibrationFor(embedder);
  const enhanceTimeoutMs = deps.enhanceTimeoutMs ?? DEFAULT_ENHANCE_TIMEOUT_MS;

  /**
   * The vector side: nearest chunks of the current model whose calibrated similarity passes the
   * threshold. `scopeSize` is the scope's chunk count as the database keeps it (every chunk, with or
   * without a vector), so no chunk is counted per query: up to EXACT_SCAN_MAX_CHUNKS the exact scan,
   * past it the HNSW index. Only when the index finds fewer than `limit` chunks (most of the scope
   * not embedded by this model, e.g. re-embedding pending) are this model's vectors counted, and a
   * scope of at most EXACT_SCAN_MAX_CHUNKS of them scanned exactly, as when every query counted them
   * (a scope of more chunks whose vectors of this model are fewer but still fill `limit` is searched
   * through the index, approximately, where the count would have chosen the exact scan).
   */
  async function vectorCandidates(scope: ChunkScope, input: RetrieveInput, limit: number, scopeSize: number) {
    const [query] = await embedder.embed([input.query]);
    if (scopeSize === 0 || !query) return [];
    let hits = await repository.nearest(scope, embedder.model, query, limit, scopeSize);
    if (scopeSize > EXACT_SCAN_MAX_CHUNKS && hits.length < limit) {
      const embedded = await repository.countEmbedded(scope, embedder.model, EXACT_SCAN_MAX_CHUNKS + 1);
      if (embedded <= EXACT_SCAN_MAX_CHUNKS)
        hits = embedded === 0 ? [] : await repository.nearest(scope, embedder.model, query, limit, embedded);
    }
    return hits
      .map((h) => ({ id: h.id, similarity: calibrate(h.similarity) }))
      .filter((h) => h.similarity >= input.threshold);
  }

  return {
    /**
     * Chunks of the deck (or of the given sources of it) for a query, best first, grouped by
     * source and cut to the token budget, with their attribution. Hybrid: the vector side (only
     * chunks over the threshold) and the full-text side (every chunk holding a query word) are
     * fused by reciprocal rank; `score` is the fused 0-1 score. Vector only: `score` is the
     * calibrated similarity. In hybrid mode a failing embedder leaves the full-text side alone.
     */
    async retrieve(owner: Owner, input: RetrieveInput, log?: WarnLogger): Promise<RetrieveContextResponse> {
      await access.forDeck(owner, input.deckId);
      const scope: ChunkScope = { deckId: input.deckId, sourceIds: input.sourceIds };
      const limit = candidatesFor(input.topK);

      // One statement for both sides: the scope's size (the vector side's path) and the query words'
      // counts (the full-text side's weights).
      const counts = await repository.counts(scope, input.useHybridSearch ? input.query : '');

      let ranked: Array<{ id: string; score: number }>;
      if (input.useHybridSearch) {
        const [vector, text] = await Promise.all([
          vectorCandidates(scope, input, limit, counts.size).catch((error: unknown) => {
            log?.warn({ err: error, deckId: input.deckId }, 'query embedding failed; full-text retrieval only');
            return [];
          }),
          repository.matching(scope, input.query, limit, counts),
        ]);
        ranked = fuse([vector, text]);
      } else {
        ranked = (await vectorCandidates(scope, input, limit, counts.size)).map((h) => ({ id: h.id, score: h.similarity }));
      }

      const top = ranked.slice(0, input.topK);
      const details = new Map((await repository.details(top.map((t) => t.id))).map((d) => [d.id, d]));
      const sorted = top.flatMap((t) => {
        const d = details.get(t.id);
        if (!d) return [];
        const place = {
          ...(d.page !== undefined ? { page: d.page } : {}),
          ...(d.startSeconds !== undefined ? { startSeconds: d.startSeconds } : {}),
        };
        return [{ content: d.content, score: t.score, sourceId: d.sourceId, sourceTitle: d.sourceTitle, chunkIndex: d.chunkIndex, ...place }];
      });
      const { chunks, tokenCount } = fitToBudget(sorted, input.maxContextTokens);
      return { success: true, chunks, attribution: attributionOf(chunks), tokenCount };
    },

    /**
     * The query rewritten to stand alone for retrieval, from at most the last four messages. Any
     * failure of the AI (or a slow answer, or an empty one) gives back the original query, as the
     * spec's client would use it anyway.
     */
    async enhanceQuery(
      owner: Owner,
      input: { deckId: string; query: string; chatHistory?: ChatHistory | undefined },
      log?: WarnLogger,
    ): Promise<EnhanceQueryResponse> {
      await access.forDeck(owner, input.deckId);
      const history: ChatTurn[] = (input.chatHistory ?? [])
        .slice(-ENHANCE_HISTORY_MESSAGES)
        .flatMap((m) => (m.role === 'system' ? [] : [{ role: m.role, content: m.content }]));
      try {
        const enhanced = await study.enhanceQuery({
          query: input.query,
          history,
          signal: AbortSignal.timeout(enhanceTimeoutMs),
        });
        return { success: true, enhancedQuery: enhanced.trim() || input.query };
      } catch (error) {
        log?.warn({ err: error, deckId: input.deckId }, 'query enhancement failed; original query used');
        return { success: true, enhancedQuery: input.query };
      }
    },

    /**
     * One passage of a source, for a citation [n] to link to (issue 21). The source's deck decides
     * who may read it, as for retrieval; a source or index that does not exist is 404 like a deck
     * the caller may not view, so ids cannot be probed.
     */
    async passage(owner: Owner, sourceId: string, chunkIndex: number): Promise<SourcePassageResponse> {
      const notFound = () => new AppError('NOT_FOUND', 'Passage not found');
      const found = await repository.passage(sourceId, chunkIndex);
      if (!found) throw notFound();
      await access.forDeck(owner, found.deckId).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound() : error;
      });
      const { id: _id, ...passage } = found;
      return { success: true, passage };
    },

    /** Whether the deck (or the given sources of it) has chunks embedded by the current model. */
    async checkAvailability(
      owner: Owner,
      input: { deckId: string; sourceIds?: string[] | undefined },
    ): Promise<CheckVectorAvailabilityResponse> {
      await access.forDeck(owner, input.deckId);
      const chunkCount = await repository.countEmbedded({ deckId: input.deckId, sourceIds: input.sourceIds }, embedder.model);
      return { success: true, available: chunkCount > 0, chunkCount };
    },
  };
}
export type RetrievalService = ReturnType<typeof createRetrievalService>;
