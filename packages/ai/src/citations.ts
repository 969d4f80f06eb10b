import type { Citation, RetrievedChunk } from './types';

/** [1], [2, 3], [1-3] and [1][2]; the tutor is told to cite passages this way. */
const MARKER = /\[(\d+(?:\s*[,–-]\s*\d+)*)\]/g;

/** The passage numbers (1-based) an answer cites, in order of first use. */
export function citedNumbers(text: string): number[] {
  const seen = new Set<number>();
  for (const match of text.matchAll(MARKER)) {
    for (const part of (match[1] ?? '').split(',')) {
      const [from, to] = part.split(/[–-]/).map((n) => Number.parseInt(n.trim(), 10));
      if (from === undefined || Number.isNaN(from)) continue;
      const last = to === undefined || Number.isNaN(to) || to < from || to - from > 20 ? from : to;
      for (let n = from; n <= last; n++) seen.add(n);
    }
  }
  return [...seen];
}

/**
 * Which retrieved chunks an answer used, grouped per source in order of first citation, from the
 * [n] markers it contains, with each marker's passage (so the web links [n] to it). Numbers
 * outside the context (a model inventing [7] of 5) are ignored.
 */
export function citationsFrom(text: string, context: readonly RetrievedChunk[]): Citation[] {
  const bySource = new Map<string, Citation>();
  for (const n of citedNumbers(text)) {
    const chunk = context[n - 1];
    if (!chunk) continue;
    const citation = bySource.get(chunk.sourceId) ?? {
      sourceId: chunk.sourceId,
      title: chunk.sourceTitle,
      chunkIndexes: [],
      passages: [],
    };
    if (!citation.chunkIndexes.includes(chunk.chunkIndex))
      citation.chunkIndexes.push(chunk.chunkIndex);
    citation.passages?.push({
      n,
      chunkIndex: chunk.chunkIndex,
      ...(chunk.page !== undefined ? { page: chunk.page } : {}),
      ...(chunk.startSeconds !== undefined ? { startSeconds: chunk.startSeconds } : {}),
    });
    bySource.set(chunk.sourceId, citation);
  }
  for (const c of bySource.values()) c.chunkIndexes.sort((a, b) => a - b);
  return [...bySource.values()];
}
