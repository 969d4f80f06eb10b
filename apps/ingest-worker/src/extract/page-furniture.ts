import type { ExtractedSection } from './types';

/**
 * Page furniture: what a printed page carries besides its text. A PDF's page number ("4",
 * "Page 4 of 12", "- 4 -") and its running head or foot (the journal's name, the chapter's title,
 * "Confidential") come out of pdf.js (and OCR) as lines of the page like any other, so the summary,
 * the key points and the questions read "you will get no 1 information" where a sentence runs on
 * to the next page, and a passage cited to page 4 ends with a lone "4".
 *
 * Written here rather than taken from a library: no maintained npm package does this on text that
 * is already extracted (PDF libraries that drop headers work on their own layout objects), and the
 * rules are Mnemo's choice of what to keep. They are cautious: a line goes only when the document
 * itself shows it is furniture (page numbers that follow the pages, a line repeated at the top or
 * bottom of many pages); everything else stays.
 */

// "4", "Page 4", "p. 4", "4 of 12", "4/12", "- 4 -", "— 4 —", "[4]", in a few languages.
const PAGE_NUMBER =
  /^[-–—[(\s]*(?:(?:page|p\.|pg\.|seite|s\.|página|pág\.|pagina|страница|стр\.)\s*)?(\d{1,4})(?:\s*(?:of|\/|von|de|di|из|sur)\s*\d{1,4})?[-–—\])\s]*$/iu;
// A running head or foot is one line: a browser's printout's header (date, time and the page's
// title, cut with "…") runs to ~140 characters. Longer repeated text is more likely a statement.
const FURNITURE_MAX_CHARS = 200;
// Repeated on at least this many pages, and on at least this share of the pages with text.
const RUNNING_MIN_PAGES = 3;
const RUNNING_MIN_SHARE = 0.4;
// Lines looked at from each edge of a page, one under the other.
const RUNNING_MAX_DEPTH = 3;

type Edge = 'first' | 'last';

function edgeLine(lines: readonly string[], edge: Edge): number {
  if (edge === 'first') return lines.findIndex((l) => l.trim() !== '');
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.trim() !== '') return i;
  return -1;
}

// A number standing alone, not part of a name or an address ("book-1", "v2", "1.5").
const STANDALONE_NUMBER = /(?<![\p{L}\p{N}_.-])\d+(?![\p{L}\p{N}_-]|\.\d)/gu;

/**
 * A running line's identities: case and spacing aside, with the page's own number in it read as
 * any page's ("J. Study Meth. 12 (2026) 4" on page 4). The page number is taken as the first or the
 * last number equal to the page ("4/12" and "12/12" on the last page; "Vol. 12, p. 12"), or as
 * no page number at all (a date's "02" on page 2), so a line has up to three identities. Other numbers count, so headings that differ by their number ("Chapter
 * 2", "Exercise 3") are not one running head. Lines without a letter have none: numbers alone are
 * the page-number rule's.
 */
function runningKeys(line: string, pageNumber: number): string[] {
  if (line.length > FURNITURE_MAX_CHARS || !/\p{L}/u.test(line)) return [];
  const key = line.toLowerCase().replace(/\s+/g, ' ').trim();
  const at = [...key.matchAll(STANDALONE_NUMBER)].filter((m) => Number(m[0]) === pageNumber);
  if (at.length === 0) return [key];
  const mark = (m: RegExpMatchArray) =>
    key.slice(0, m.index) + '#' + key.slice(m.index! + m[0].length);
  return [...new Set([key, mark(at[0]!), mark(at.at(-1)!)])];
}

/**
 * The sections (pages) without their page numbers and running heads or feet. Sections without a
 * page are left as they are.
 */
export function stripPageFurniture(sections: readonly ExtractedSection[]): ExtractedSection[] {
  const pages = sections.map((s) => ({ section: s, lines: s.text.split('\n') }));
  const paged = pages.filter((p) => p.section.page !== undefined);
  if (paged.length === 0) return [...sections];

  // 1. Page numbers: a number alone on a page's first or last line whose difference from the page
  // (front matter shifts it) is the document's usual one, seen on two pages or more; a one-page
  // document only when its number is 1.
  const candidates: { page: (typeof pages)[number]; index: number; offset: number }[] = [];
  for (const page of paged) {
    for (const edge of ['last', 'first'] as const) {
      const index = edgeLine(page.lines, edge);
      const match = index >= 0 ? PAGE_NUMBER.exec(page.lines[index]!.trim()) : null;
      if (match) {
        candidates.push({ page, index, offset: Number(match[1]) - page.section.page! });
        break;
      }
    }
  }
  const offsets = new Map<number, number>();
  for (const c of candidates) offsets.set(c.offset, (offsets.get(c.offset) ?? 0) + 1);
  const [usual, seen] = [...offsets].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  const numbered = seen >= 2 || (paged.length === 1 && seen === 1 && usual === 0);
  if (numbered) {
    for (const c of candidates) if (c.offset === usual) c.page.lines[c.index] = '';
  }

  // 2. Running heads and feet: the same short line (its page number aside) at the top, or at the
  // bottom, of many pages, a few deep (a browser's printout has the date and title above the
  // address and "1/12"). The first page's first line is kept: it is usually the title the heads
  // repeat.
  const withText = paged.filter((p) => p.lines.some((l) => l.trim() !== '')).length;
  for (const edge of ['first', 'last'] as const) {
    for (let depth = 0; depth < RUNNING_MAX_DEPTH; depth++) {
      const at = paged.map((p) => {
        const index = edgeLine(p.lines, edge);
        const pageNumber = p.section.page! + (numbered ? usual : 0);
        return {
          p,
          index,
          keys: index >= 0 ? runningKeys(p.lines[index]!.trim(), pageNumber) : [],
        };
      });
      const counts = new Map<string, number>();
      for (const { keys } of at)
        for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      let removed = 0;
      for (const { p, index, keys } of at) {
        const count = Math.max(0, ...keys.map((key) => counts.get(key) ?? 0));
        if (count < RUNNING_MIN_PAGES || count < RUNNING_MIN_SHARE * withText) continue;
        if (edge === 'first' && p === paged[0]) continue;
        // A page that is nothing but that line (a divider slide, a repeated stamp) keeps it.
        if (!p.lines.some((l, i) => i !== index && l.trim() !== '')) continue;
        p.lines[index] = '';
        removed++;
      }
      if (removed === 0) break;
    }
  }

  return pages.map(({ section, lines }) =>
    section.page === undefined ? section : { ...section, text: lines.join('\n').trim() },
  );
}

// A page that ends mid-sentence: no closing punctuation (any script's full stops, quotes and
// brackets count as closing).
const ENDS_SENTENCE = /[.!?…:;。！？؟।"”’'»)\]]$/u;

/**
 * The document's text from its pages: a blank line between pages, except where a sentence runs on
 * to the next page (the page ends without closing punctuation and the next begins in lower case),
 * which is joined as the page reader joins lines, a word broken with a hyphen put back together.
 * The sections themselves stay one per page, so chunks still cite the page they stand on.
 */
export function joinPageTexts(sections: readonly ExtractedSection[]): string {
  let out = '';
  for (const { text } of sections) {
    if (!out) {
      out = text;
      continue;
    }
    const runsOn = /^\p{Ll}/u.test(text) && !ENDS_SENTENCE.test(out);
    if (runsOn && /\p{L}-$/u.test(out)) out = out.slice(0, -1) + text;
    else out += (runsOn ? ' ' : '\n\n') + text;
  }
  return out;
}
