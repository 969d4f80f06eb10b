import type { Attribution } from '@mnemo/contracts/entities/chat';

/**
 * An answer's [n] markers as links to the passages they cite (issue 21). The tutor numbers the
 * passages it was given [1], [2]…; the answer's attribution says, per source, which marker cites
 * which chunk and where that chunk stands (a document's page, a video's second).
 */
export type CitationTarget = {
  n: number;
  sourceId: string;
  title: string;
  chunkIndex: number;
  page?: number;
  startSeconds?: number;
};

/** The passages an answer cites, by marker number. */
export function citationTargets(attribution: readonly Attribution[] | undefined): Map<number, CitationTarget> {
  const targets = new Map<number, CitationTarget>();
  for (const a of attribution ?? []) {
    for (const p of a.passages ?? []) {
      if (!targets.has(p.n)) targets.set(p.n, { ...p, sourceId: a.sourceId, title: a.title });
    }
  }
  return targets;
}

/** The href a marker link carries inside the Markdown; the renderer turns it into a route link. */
export const CITE_HREF = /^#cite-(\d+)$/;
const citeHref = (n: number) => `#cite-${n}`;

// The markers the tutor writes, as `@mnemo/ai` reads them: [1], [2, 3], [1-3].
const MARKER = /\[(\d+(?:\s*[,–-]\s*\d+)*)\](?!\()/g;
// Code keeps its brackets: fenced blocks and inline spans are left as they are.
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/g;

function numbersOf(marker: string): number[] {
  const out: number[] = [];
  for (const part of marker.split(',')) {
    const [from, to] = part.split(/[–-]/).map((x) => Number.parseInt(x.trim(), 10));
    if (from === undefined || Number.isNaN(from)) continue;
    const last = to === undefined || Number.isNaN(to) || to < from || to - from > 20 ? from : to;
    for (let n = from; n <= last; n++) out.push(n);
  }
  return out;
}

/**
 * The Markdown with each known marker number as a link (`[2, 3]` becomes two links, [2] and [3]);
 * numbers the attribution does not know stay plain text, and code is never touched.
 */
export function linkCitations(markdown: string, targets: ReadonlyMap<number, CitationTarget>): string {
  if (targets.size === 0) return markdown;
  return markdown
    .split(CODE)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(MARKER, (whole, inner: string) => {
            const numbers = numbersOf(inner);
            if (!numbers.some((n) => targets.has(n))) return whole;
            return numbers.map((n) => (targets.has(n) ? `[\\[${n}\\]](${citeHref(n)})` : `\\[${n}\\]`)).join('');
          }),
    )
    .join('');
}

/** 95 → "1:35", 3723 → "1:02:03". */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Where a passage stands, in words: "page 4", "at 1:35", or nothing when unknown. */
export function placeOf(p: { page?: number | undefined; startSeconds?: number | undefined }): string | null {
  if (p.page !== undefined) return `page ${p.page}`;
  if (p.startSeconds !== undefined) return `at ${clockTime(p.startSeconds)}`;
  return null;
}

/** What a citation link says to a screen reader and in its tooltip. */
export function citationLabel(t: CitationTarget): string {
  const place = placeOf(t);
  return place ? `${t.title}, ${place}` : t.title;
}
