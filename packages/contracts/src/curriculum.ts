/**
 * Curriculum to space (issue 23): course material split into units, one deck per unit, each
 * titled after its unit. Pure, so the worker (which has the extracted sections) and tests share
 * the one rule.
 *
 * Where units start, best evidence first:
 * 1. headings that name a unit ("Chapter 2: Energy", "Unit 3", "Lesson 4 —", "Part II", "1. Cells")
 *    from Word, EPUB, Markdown and HTML headings;
 * 2. failing that, lines of the text that do (a PDF or plain text has no heading marks, but its
 *    chapters open with such a line);
 * 3. failing that, every heading (slides, or a document whose headings are plain words);
 * 4. nothing: the whole material is one unit, titled after the document.
 * Units shorter than `minChars` are merged with a neighbour (a two-line section is not a deck), and
 * neighbours are merged, smallest first, until there are at most `maxUnits` (the plan's decks per
 * space). Text before the first unit (a title page, a table of contents) joins the first unit.
 */

/** A piece of extracted text with where it came from: the worker's `ExtractedSection`, narrowed. */
export type CurriculumSection = { text: string; heading?: string | undefined; page?: number | undefined };

export type CurriculumUnit = {
  /** The unit's heading as written, trimmed to `UNIT_TITLE_MAX` characters. */
  title: string;
  /** The unit's text, headings included, its sections separated by blank lines. */
  text: string;
};

export type SplitOptions = {
  /** A unit with less text than this is merged into a neighbour. */
  minChars?: number;
  /** At most this many units (decks); null: no limit beyond `UNITS_MAX`. */
  maxUnits?: number | null;
  /** The document's own title, for the single unit of material without structure. */
  fallbackTitle?: string | null;
};

/** Below this a unit is too small for a deck of its own (a few paragraphs make a handful of questions). */
export const UNIT_MIN_CHARS = 1200;
/** Never more decks than this from one upload, whatever the plan allows. */
export const UNITS_MAX = 40;
/** Deck titles are at most this long. */
export const UNIT_TITLE_MAX = 120;

/** A heading or line that names a unit: a chapter word with a number, or a numbered title. */
const UNIT_WORDS = 'chapter|unit|lesson|module|part|section|week|topic|lecture|kapitel|chapitre|cap[ií]tulo|unidad|le[çc]on|teil';
const NUMBER = '(?:\\d{1,3}|[IVXLC]{1,7}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
const WORD_HEADING = new RegExp(`^(?:${UNIT_WORDS})\\s+${NUMBER}\\b`, 'iu');
/** "1. Cells", "2) Energy", "3 Respiration": only as a heading (in running text a line may open with a number). */
const NUMBERED_HEADING = /^\d{1,2}(?:\.|\)|\s)\s*\p{L}/u;
/** A line of running text that opens a unit: as above, short, and not a sentence that runs on. */
const MAX_HEADING_LINE = 100;

/** Whether a heading names a unit of a course. */
export function isUnitHeading(text: string): boolean {
  const line = text.trim();
  return line.length > 0 && line.length <= MAX_HEADING_LINE && (WORD_HEADING.test(line) || NUMBERED_HEADING.test(line));
}

/** Whether a line of running text opens a unit: only the chapter-word form ("Chapter 3", "Unit IV"). */
export function isUnitLine(text: string): boolean {
  const line = text.trim();
  return line.length > 0 && line.length <= MAX_HEADING_LINE && WORD_HEADING.test(line);
}

const clip = (title: string) => {
  const t = title.replace(/\s+/g, ' ').trim();
  return t.length <= UNIT_TITLE_MAX ? t : `${t.slice(0, UNIT_TITLE_MAX - 1).trimEnd()}…`;
};

/** A section's text with its heading as its first line, once (some extractors repeat it in the text). */
const withHeading = (s: CurriculumSection) => {
  if (!s.heading) return s.text;
  const text = s.text.trimStart();
  return text === s.heading || text.startsWith(`${s.heading}\n`) ? s.text : `${s.heading}\n${s.text}`;
};

type Draft = { title: string | null; parts: string[] };
const size = (d: Draft) => d.parts.reduce((n, p) => n + p.length, 0);

/** Units from headings: each section whose heading passes `starts` opens a unit. */
function byHeadings(sections: readonly CurriculumSection[], starts: (heading: string) => boolean): Draft[] {
  const drafts: Draft[] = [{ title: null, parts: [] }];
  for (const s of sections) {
    if (s.heading && starts(s.heading)) drafts.push({ title: s.heading, parts: [] });
    const last = drafts.at(-1)!;
    // The heading is part of the text the questions are written from.
    const body = withHeading(s);
    if (body.trim()) last.parts.push(body);
  }
  return drafts;
}

/** Units from lines of the text that name a unit (PDFs and plain text). */
function byLines(sections: readonly CurriculumSection[]): Draft[] {
  const drafts: Draft[] = [{ title: null, parts: [] }];
  for (const s of sections) {
    let buffer: string[] = [];
    const flush = () => {
      if (buffer.join('').trim()) drafts.at(-1)!.parts.push(buffer.join('\n'));
      buffer = [];
    };
    for (const line of s.text.split('\n')) {
      if (isUnitLine(line)) {
        flush();
        drafts.push({ title: line.trim(), parts: [] });
      }
      buffer.push(line);
    }
    flush();
  }
  return drafts;
}

/** The preamble (text before the first unit) goes into the first unit. */
function foldPreamble(drafts: Draft[]): Draft[] {
  const [pre, first, ...rest] = drafts;
  if (!first) return drafts;
  return [{ title: first.title, parts: [...pre!.parts, ...first.parts] }, ...rest];
}

/** Merges `b` into `a`: the title names both ends ("Unit 1 – Unit 2") when both had one. */
function merge(a: Draft, b: Draft): Draft {
  const title = a.title && b.title ? `${a.title.split(' – ')[0]} – ${b.title.split(' – ').at(-1)}` : (a.title ?? b.title);
  return { title, parts: [...a.parts, ...b.parts] };
}

/** Merges the smallest unit into its smaller neighbour while one is below `min` or there are too many. */
function mergeSmall(drafts: Draft[], min: number, max: number): Draft[] {
  const list = [...drafts];
  while (list.length > 1) {
    let at = 0;
    for (let i = 1; i < list.length; i++) if (size(list[i]!) < size(list[at]!)) at = i;
    if (size(list[at]!) >= min && list.length <= max) break;
    const left = at > 0 ? list[at - 1]! : null;
    const right = at < list.length - 1 ? list[at + 1]! : null;
    if (left && (!right || size(left) <= size(right))) list.splice(at - 1, 2, merge(left, list[at]!));
    else list.splice(at, 2, merge(list[at]!, right!));
  }
  return list;
}

/**
 * The units of course material, in order; at least one when there is any text (empty material
 * gives none).
 */
export function splitUnits(sections: readonly CurriculumSection[], options: SplitOptions = {}): CurriculumUnit[] {
  const min = options.minChars ?? UNIT_MIN_CHARS;
  const max = Math.max(1, Math.min(options.maxUnits ?? UNITS_MAX, UNITS_MAX));
  const whole = (): CurriculumUnit[] => {
    const text = sections.map(withHeading).join('\n\n').trim();
    if (!text) return [];
    const title = options.fallbackTitle?.trim() || sections.find((s) => s.heading)?.heading || text.split('\n')[0]!;
    return [{ title: clip(title), text }];
  };

  const attempts = [
    () => byHeadings(sections, isUnitHeading),
    () => byLines(sections),
    () => byHeadings(sections, () => true),
  ];
  for (const attempt of attempts) {
    const drafts = attempt();
    // Structure is at least two units; one heading is a title, not a division.
    if (drafts.length < 3) continue;
    const units = mergeSmall(foldPreamble(drafts), min, max);
    if (units.length < 2) return whole();
    return units.map((u) => ({ title: clip(u.title ?? options.fallbackTitle ?? 'Unit'), text: u.parts.join('\n\n').trim() }));
  }
  return whole();
}
