import type { ExtractedSection } from './types';
import { cutTitle, SOURCE_TITLE_MAX } from '@mnemo/contracts/entities/source';

// C0 and C1 controls except tab and newline (form feed becomes a paragraph break first), and the
// invisible characters that only get in the way of search and prompts: zero-width space, BOM, soft
// hyphen, word joiner. ZWJ/ZWNJ stay: they change how Persian words and emoji read.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const INVISIBLE = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\u00AD\u200B\u2060\uFEFF]/g;
// Every Unicode space that is not a line break, tab included.
const SPACES = /[\t\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]+/g;

/**
 * Cleans extracted text for storage, chunking and prompts: one kind of line break, no control or
 * invisible characters, one space between words, no blank lines inside a paragraph and exactly one
 * blank line between paragraphs. Single line breaks stay (verse, addresses, list items).
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?|\u2028/g, '\n')
    .replace(/[\f\u2029]/g, '\n\n')
    .replace(INVISIBLE, '')
    .replace(SPACES, ' ')
    .replace(/ {2,}/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One line of text: titles, headings, caption cues. */
export const normaliseInline = (text: string) => normaliseText(text).replace(/\s+/g, ' ');

/** Sections with clean text; those left empty are dropped so no chunk is cited to nothing. */
export function cleanSections(sections: readonly ExtractedSection[]): ExtractedSection[] {
  const out: ExtractedSection[] = [];
  for (const section of sections) {
    const text = normaliseText(section.text);
    if (!text) continue;
    const { heading: rawHeading, ...rest } = section;
    const heading = rawHeading ? normaliseInline(rawHeading) : '';
    out.push(heading ? { ...rest, text, heading } : { ...rest, text });
  }
  return out;
}

export const joinSections = (sections: readonly ExtractedSection[]) =>
  sections.map((s) => s.text).join('\n\n');

const TITLE_MAX = 200;

/**
 * A title from the text itself when the source has none: its first line, or when that line is a
 * whole paragraph (a plain-text file, a page without a title), the line's first sentence; cut at a
 * word boundary. Sentences and words come from Intl.Segmenter, so a Chinese or Japanese paragraph,
 * which has no spaces, gives its first sentence too instead of the whole paragraph.
 * Sources keep only 50 characters of it (contracts' cutSourceTitle); the rest is for logs and meta.
 */
export function firstLineTitle(text: string): string | null {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  if (!line) return null;
  const title = line.length > SOURCE_TITLE_MAX ? firstSentence(line) : line;
  if (title.length <= TITLE_MAX) return title;
  return `${cutTitle(title, TITLE_MAX)}…`;
}

function firstSentence(line: string): string {
  const sentences = new Intl.Segmenter(undefined, { granularity: 'sentence' }).segment(line);
  for (const { segment } of sentences) {
    const sentence = segment.trim();
    if (sentence.length > 0) return sentence;
  }
  return line;
}
