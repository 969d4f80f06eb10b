import type { Embedder } from '@mnemo/ai/types';
// Token estimates are one rule for the worker's chunk sizes and this budget.
import { estimateTokens, WORDS_PER_TOKEN, wordsOf } from '@mnemo/contracts/tokens';

/**
 * The pure parts of retrieval: what a cosine means for a given embedder, reciprocal rank fusion,
 * and the token budget. Decisions and their reasons: docs/decisions.md, "Retrieval".
 */

/** Reciprocal rank fusion's constant (Cormack et al. 2009): damps the weight of the top ranks. */
export const RRF_K = 60;

/** Remaining budget below which no truncated chunk is added (spec 02 §9). */
export const MIN_TRUNCATED_TOKENS = 100;

/**
 * Maps an embedder's raw cosine to the 0-1 similarity scale the spec's threshold (0.7) was set on.
 * Neural embedders (OpenAI-compatible) are taken as that scale: their cosine is used as it is.
 * The offline hashing embedder has its own scale (it scores a question against the chunk that
 * answers it at 0.05-0.36, unrelated chunks at a median of 0.01; packages/ai/src/providers/local
 * README): its cosine is mapped piecewise linearly through anchors measured on the real fixtures,
 * so the spec's 0.7 falls on the weakest true match measured.
 */
export type SimilarityCalibration = (cosine: number) => number;

// [cosine, calibrated] anchors for `mnemo-hash-v1-*` and `-v2-*`: noise median → 0, weakest measured
// answer → 0.7, above the strongest measured answer → 1. Measured on v1; v2 only adds the words of
// scripts other than Latin that v1 dropped, so Latin-script vectors, the ones measured, are the same.
const HASHING_ANCHORS: ReadonlyArray<readonly [number, number]> = [
  [0.01, 0],
  [0.05, 0.7],
  [0.4, 1],
];

export function piecewiseLinear(anchors: ReadonlyArray<readonly [number, number]>): SimilarityCalibration {
  return (x) => {
    const first = anchors[0]!;
    const last = anchors[anchors.length - 1]!;
    if (x <= first[0]) return first[1];
    if (x >= last[0]) return last[1];
    for (let i = 1; i < anchors.length; i++) {
      const [x1, y1] = anchors[i]!;
      const [x0, y0] = anchors[i - 1]!;
      if (x <= x1) return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
    }
    return last[1];
  };
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** The calibration for an embedder, by its model name (recorded on every chunk). */
export function calibrationFor(embedder: Pick<Embedder, 'model'>): SimilarityCalibration {
  if (/^mnemo-hash-v[12]-\d+$/.test(embedder.model)) return piecewiseLinear(HASHING_ANCHORS);
  return clamp01;
}

/**
 * Reciprocal rank fusion of the lists the search used, as a 0-1 score: the sum of 1/(k + rank) over
 * the lists a chunk is in, divided by its maximum (first in every list). A chunk first in both lists
 * scores 1; first in one only, 0.5. Ties keep the order of first appearance (the first list first).
 */
export function fuse(lists: ReadonlyArray<ReadonlyArray<{ id: string }>>, k = RRF_K): Array<{ id: string; score: number }> {
  const max = lists.length / (k + 1);
  const sum = new Map<string, number>();
  const order = new Map<string, number>();
  for (const list of lists)
    list.forEach((c, i) => {
      sum.set(c.id, (sum.get(c.id) ?? 0) + 1 / (k + i + 1));
      if (!order.has(c.id)) order.set(c.id, order.size);
    });
  return [...sum.entries()]
    .map(([id, s]) => ({ id, score: Math.min(1, s / max) }))
    .sort((a, b) => b.score - a.score || order.get(a.id)! - order.get(b.id)!);
}


/** The first words of `text` that fit in `tokens`, ending with an ellipsis to show the cut. */
export function truncateToTokens(text: string, tokens: number): string {
  const words = wordsOf(text);
  const fit = Math.floor(tokens * WORDS_PER_TOKEN);
  // The ellipsis counts as a word, so the cut text still fits.
  return words.length <= fit ? words.join(' ') : `${words.slice(0, Math.max(0, fit - 1)).join(' ')} …`;
}

export type BudgetedChunk = {
  sourceId: string;
  chunkIndex: number;
  content: string;
  score: number;
  sourceTitle: string;
};

/**
 * Spec 02 §9: chunks sorted by score, taken while they fit `maxTokens`; the first that does not fit
 * is truncated to the remaining budget only when more than 100 tokens remain, and nothing after it is
 * taken. The chunks taken are then grouped by source (sources in the order of their best chunk,
 * chunks by score within a source) so a prompt reads each source's passages together.
 */
export function fitToBudget<T extends BudgetedChunk>(
  sorted: readonly T[],
  maxTokens: number,
): { chunks: T[]; tokenCount: number } {
  const taken: Array<T> = [];
  let used = 0;
  for (const chunk of sorted) {
    const tokens = estimateTokens(chunk.content);
    if (used + tokens <= maxTokens) {
      taken.push(chunk);
      used += tokens;
      continue;
    }
    const remaining = maxTokens - used;
    if (remaining > MIN_TRUNCATED_TOKENS) {
      const content = truncateToTokens(chunk.content, remaining);
      taken.push({ ...chunk, content });
      used += estimateTokens(content);
    }
    break;
  }
  const bySource = new Map<string, T[]>();
  for (const chunk of taken) {
    const group = bySource.get(chunk.sourceId);
    if (group) group.push(chunk);
    else bySource.set(chunk.sourceId, [chunk]);
  }
  return { chunks: [...bySource.values()].flat(), tokenCount: used };
}

/** One attribution entry per source, in the order of the chunks. */
export function attributionOf(chunks: readonly BudgetedChunk[]) {
  const bySource = new Map<string, { sourceId: string; title: string; chunkIndexes: number[] }>();
  for (const c of chunks) {
    const entry = bySource.get(c.sourceId) ?? { sourceId: c.sourceId, title: c.sourceTitle, chunkIndexes: [] };
    entry.chunkIndexes.push(c.chunkIndex);
    bySource.set(c.sourceId, entry);
  }
  return [...bySource.values()];
}
