import type { QuestionType } from '@mnemo/contracts/entities/question';

/**
 * Splits `total` into whole parts by `weights` (largest remainder, ties to the earlier part). With
 * `atLeastOne`, every part of positive weight gets one first when the total allows it; the rest
 * follows the weights. Parts of weight 0 get nothing.
 */
export function apportion(total: number, weights: readonly number[], { atLeastOne = false } = {}): number[] {
  const parts = weights.map(() => 0);
  const live = weights.map((w, i) => (w > 0 ? i : -1)).filter((i) => i >= 0);
  if (total <= 0 || live.length === 0) return parts;
  let left = total;
  if (atLeastOne && total >= live.length) {
    for (const i of live) parts[i] = 1;
    left -= live.length;
  }
  const sum = live.reduce((s, i) => s + weights[i]!, 0);
  const quotas = live.map((i) => ({ i, q: (left * weights[i]!) / sum }));
  for (const { i, q } of quotas) parts[i]! += Math.floor(q);
  let rest = left - quotas.reduce((s, { q }) => s + Math.floor(q), 0);
  const byRemainder = [...quotas].sort((a, b) => b.q - Math.floor(b.q) - (a.q - Math.floor(a.q)) || a.i - b.i);
  for (const { i } of byRemainder) {
    if (rest === 0) break;
    parts[i]! += 1;
    rest -= 1;
  }
  return parts;
}

export type SourceWeight = { sourceId: string; weight: number };
export type PlannedCell = { sourceId: string; type: QuestionType; count: number };

/**
 * What to ask of each source: `total` questions spread over the sources in proportion to their
 * content (at least one each when the total allows), and over the types as evenly as possible
 * (earlier types take the remainder). The types are dealt in turn along the sources, so each
 * source gets a mix, and the totals per source and per type are both exact.
 */
export function planGeneration(total: number, types: readonly QuestionType[], sources: readonly SourceWeight[]): PlannedCell[] {
  const distinct = [...new Set(types)];
  if (distinct.length === 0) return [];
  const perSource = apportion(
    total,
    sources.map((s) => s.weight),
    { atLeastOne: true },
  );
  const cells: PlannedCell[] = [];
  let dealt = 0;
  sources.forEach((source, i) => {
    const counts = new Map<QuestionType, number>();
    for (let k = 0; k < perSource[i]!; k++, dealt++) {
      const type = distinct[dealt % distinct.length]!;
      counts.set(type, (counts.get(type) ?? 0) + 1);
    }
    for (const type of distinct) {
      const count = counts.get(type) ?? 0;
      if (count > 0) cells.push({ sourceId: source.sourceId, type, count });
    }
  });
  return cells;
}

/** The per-type totals of a plan. */
export function countsByType(cells: readonly { type: QuestionType; count: number }[]): Map<QuestionType, number> {
  const totals = new Map<QuestionType, number>();
  for (const c of cells) totals.set(c.type, (totals.get(c.type) ?? 0) + c.count);
  return totals;
}
