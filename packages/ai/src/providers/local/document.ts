import { RETAGGED_LANGUAGES, retagSentence } from './latin-tags';
import { isCjk, parseBlock, type EntitySpan, type ParsedSentence, type Token } from './nlp';
import {
  ANAPHORIC_OPENERS,
  CALENDAR_WORDS,
  GENERIC_NOUNS,
  LIGHT_VERBS,
  WEAK_MODIFIERS,
} from './lexicon';

/**
 * One analysis of a text that every task reads: clean sentences with their tokens, the key phrases
 * of the text and how central each sentence is. Real extracted text is noisy, so the noise is
 * removed here once: citation markers ([12], [edit]), headings and navigation lines, list stubs,
 * URLs, and sentences too short, too long or too symbol-heavy to quote.
 */

export type PhraseKind = 'proper' | 'concept' | 'date' | 'quantity';

export type PhraseOccurrence = {
  key: string;
  /** Token range within the sentence, end exclusive. */
  start: number;
  end: number;
  /** Exactly as it appears in the sentence text. */
  surface: string;
  /** The head noun is plural here ("systems"), whatever the phrase's usual form. */
  plural: boolean;
};

export type Sentence = {
  /** Position in the document. */
  id: number;
  /** Paragraph, counted over the whole document. */
  block: number;
  /** Which input part (chunk) it came from. */
  part: number;
  /** Whitespace-normalised text, citation markers removed. */
  text: string;
  tokens: Token[];
  /** Character offset of each token in `text`. */
  offsets: number[];
  entities: EntitySpan[];
  /** Word and number tokens. */
  words: number;
  /** Content stems, in order, repeats kept. */
  terms: string[];
  /** A well-formed statement fit to quote, summarise or ask about. */
  clean: boolean;
  /** Opens by leaning on the previous sentence ("It", "However", "This"). */
  anaphoric: boolean;
  phrases: PhraseOccurrence[];
};

export type Phrase = {
  key: string;
  /** The most frequent way the text writes it (not capitalised by a sentence start when avoidable). */
  surface: string;
  /** A spelling starting with a lower-case letter, when the text has one. */
  lowerSurface: string | null;
  kind: PhraseKind;
  /** Whether `surface` is plural. */
  plural: boolean;
  /** Occurrences in the document. */
  count: number;
  /** Sentence ids, ascending, no repeats. */
  sentences: number[];
  /** Word count. */
  length: number;
  score: number;
  /**
   * Every occurrence opens a sentence: a capitalised one-word "name" seen only there is more often
   * a misread verb or noun ("Open the panel", "Lack of skills") than a name.
   */
  doubtful: boolean;
};

export type DocumentModel = {
  sentences: Sentence[];
  phrases: Map<string, Phrase>;
  /** Per sentence, 0-1: how much of the rest of the text it shares. Zero for unclean sentences. */
  centrality: number[];
  /** Per sentence, 0-1: centrality, key-phrase weight and position combined. */
  importance: number[];
  /** Inverse sentence frequency of every content stem. */
  idf: Map<string, number>;
  /** The title's content stems (none without a title): a news story's headline restates its lede. */
  titleStems?: ReadonlySet<string>;
};

// Citation markers ([1], [12-14], [a], [edit], [citation needed]) and zero-width characters.
const CITATIONS =
  /\[(?:\d{1,3}(?:\s*[-–,]\s*\d{1,3})*|[a-z]|edit|citation needed|clarification needed|when\?|who\?|note \d+|nb \d+)\]/gi;
// Final punctuation of a line, also the full stops of Devanagari (danda "।", "॥"), Arabic ("؟") and
// Urdu ("۔"): a short line ending in one is a sentence, not a heading to drop.
const TERMINAL = /[.!?:;…"”’)\]。！？：；」』）।॥؟۔]$/;
const BULLET = /^(?:[-–—•*▪◦·‣]|\d{1,2}[.)]|[a-z][.)])\s+/;
const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV', 'NUM', 'X']);
const PHRASE_POS = new Set(['NOUN', 'PROPN', 'ADJ']);
const HEAD_POS = new Set(['NOUN', 'PROPN']);
const IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const YEARISH = /\b(?:1[5-9]\d\d|20\d\d)s?\b/;

// A run of Chinese or Japanese characters is many words: about two characters each.
const wordCount = (s: string) =>
  isCjk(s) ? Math.ceil((s.match(/\p{L}/gu)?.length ?? 0) / 2) : (s.match(/\S+/g) ?? []).length;

export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/[\u200b-\u200d\ufeff\u00ad]/g, '')
    .replace(CITATIONS, '');
}

/**
 * Paragraphs of prose. Blank lines separate paragraphs; inside one, a short line without final
 * punctuation that does not continue a sentence is a heading or a list stub and is dropped, and
 * lines of a hard-wrapped paragraph (PDF text) are joined again.
 */
export function proseBlocks(text: string): string[] {
  const blocks: string[] = [];
  for (const para of cleanText(text).split(/\n[ \t]*\n/)) {
    const lines = para
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter((l) => l.length > 0);
    let current: string[] = [];
    const flush = () => {
      if (current.length > 0) blocks.push(current.join(' '));
      current = [];
    };
    lines.forEach((raw, i) => {
      const bullet = BULLET.test(raw);
      const line = raw.replace(BULLET, '');
      const previous = current[current.length - 1];
      const continues = previous !== undefined && !TERMINAL.test(previous);
      const next = lines[i + 1];
      const nextContinues = next !== undefined && /^[a-z]/.test(next);
      const stub = wordCount(line) <= 12 && !TERMINAL.test(line);
      if (bullet) {
        flush();
        if (!stub) current.push(line);
        return;
      }
      if (stub && !continues && !nextContinues) {
        flush();
        return;
      }
      current.push(line);
    });
    flush();
  }
  return blocks.filter((b) => !(wordCount(b) <= 12 && !TERMINAL.test(b)));
}

const isWord = (t: Token) => t.type === 'word' || t.type === 'number';
const hasLetter = (s: string) => /\p{L}/u.test(s);

function isContentTerm(t: Token): boolean {
  return (
    t.type === 'word' &&
    !t.stop &&
    CONTENT_POS.has(t.pos) &&
    t.normal.length >= 2 &&
    hasLetter(t.normal) &&
    !LIGHT_VERBS.has(t.lemma)
  );
}

/** Content stems of a text's tokens, for matching texts against each other. */
export const contentTerms = (tokens: readonly Token[]): string[] =>
  tokens.filter(isContentTerm).map((t) => t.stem);

// Full stops of the scripts read by ICU alone: Latin, Arabic (also Urdu's), Devanagari's danda.
const SCRIPT_FINAL = /[.!؟۔।॥]["”’»)]?$/u;

function isClean(tokens: Token[], text: string, words: number): boolean {
  // A script the tagger cannot read (Arabic, Cyrillic, Devanagari...): no verb to look for, and
  // capitals only where the script has them.
  if (tokens.some((t) => t.untagged)) {
    if (words < 6 || words > 45 || !SCRIPT_FINAL.test(text)) return false;
    if (/[|©{}<>\\]|https?:|www\./.test(text)) return false;
    const first = text.match(/\p{L}/u)?.[0] ?? '';
    if (first.toLowerCase() !== first.toUpperCase() && first !== first.toUpperCase()) return false;
    const wordTokens = tokens.filter(isWord);
    return (
      wordTokens.filter((t) => hasLetter(t.value)).length / Math.max(1, wordTokens.length) >= 0.75
    );
  }
  // Chinese, Japanese, Korean: no capitals and no tagger (nlp.ts), so only length, the final stop
  // and being mostly words are checked.
  if (isCjk(text)) {
    if (words < 6 || words > 80 || !/[。！.!]["”’」』）)]?$/u.test(text)) return false;
    if (/[|©{}<>\\]|https?:|www\./.test(text)) return false;
    const wordTokens = tokens.filter(isWord);
    return (
      wordTokens.filter((t) => hasLetter(t.value)).length / Math.max(1, wordTokens.length) >= 0.75
    );
  }
  if (words < 6 || words > 45) return false;
  if (!/^["“‘'(]?[\p{Lu}\d]/u.test(text)) return false;
  if (!/[.!]["”’)]?$/.test(text)) return false;
  if (/[|©{}<>\\]|\.{3}|…|https?:|www\./.test(text)) return false;
  if (tokens.some((t) => t.type === 'url' || t.type === 'email')) return false;
  const wordTokens = tokens.filter(isWord);
  const alphabetic = wordTokens.filter((t) => hasLetter(t.value)).length;
  if (alphabetic / Math.max(1, wordTokens.length) < 0.75) return false;
  // Title Case lines are headlines and reference titles, not prose.
  const capitalised = wordTokens.slice(1).filter((t) => /^\p{Lu}/u.test(t.value)).length;
  if (wordTokens.length >= 6 && capitalised / (wordTokens.length - 1) > 0.6) return false;
  // A footnote number glued to the start ("23 If your users...").
  if (/^\d{1,3} \p{Lu}/u.test(text) && tokens[1]?.stop) return false;
  const upper = wordTokens.filter(
    (t) => t.value.length > 1 && t.value === t.value.toUpperCase() && hasLetter(t.value),
  ).length;
  if (upper / Math.max(1, wordTokens.length) > 0.3) return false;
  // A statement has a verb; headline fragments and captions mostly do not.
  return tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
}

/** Builds a sentence's text from its tokens, keeping single spaces where the source had any. */
function layout(tokens: Token[]): { text: string; offsets: number[] } {
  let text = '';
  const offsets: number[] = [];
  tokens.forEach((t, i) => {
    if (i > 0 && t.spaced) text += ' ';
    offsets.push(text.length);
    text += t.value;
  });
  return { text, offsets };
}

const surfaceOf = (
  s: { text: string; offsets: number[]; tokens: Token[] },
  start: number,
  end: number,
) => {
  const from = s.offsets[start] ?? 0;
  const last = s.tokens[end - 1];
  const to = (s.offsets[end - 1] ?? from) + (last?.value.length ?? 0);
  return s.text.slice(from, to);
};

const isJoiner = (t: Token | undefined, next: Token | undefined) =>
  t !== undefined &&
  next !== undefined &&
  (t.value === '-' || t.value === '–') &&
  !t.spaced &&
  !next.spaced;

/** Noun phrases: runs of adjectives and nouns ending in a noun, up to four words, without weak modifiers. */
function nounPhrases(tokens: Token[]): [number, number][] {
  const runs: [number, number][] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    // Not the tail of a hyphenated word ("ons" of "Add-ons").
    // Chinese and Japanese write no spaces between words at all.
    const glued =
      i > 0 &&
      !t?.spaced &&
      (tokens[i - 1]?.value === '-' ||
        (tokens[i - 1]?.type === 'word' && !IDEOGRAPH.test(t?.value ?? '')));
    if (!t || !PHRASE_POS.has(t.pos) || t.type !== 'word' || glued) {
      i++;
      continue;
    }
    let j = i + 1;
    for (;;) {
      const u = tokens[j];
      if (
        u &&
        PHRASE_POS.has(u.pos) &&
        !u.opensPhrase &&
        (u.type === 'word' || u.type === 'number')
      )
        j++;
      else if (isJoiner(u, tokens[j + 1]) && tokens[j + 1]?.type !== 'punctuation') j += 2;
      else break;
    }
    runs.push([i, j]);
    i = j;
  }
  const phrases: [number, number][] = [];
  for (const [a, b] of runs) {
    let start = a;
    let end = b;
    const trimStart = () => {
      for (;;) {
        const t = tokens[start];
        if (
          start < end &&
          t &&
          (t.stop || WEAK_MODIFIERS.has(t.normal) || t.value === '-' || t.value === '–')
        )
          start++;
        else break;
      }
    };
    trimStart();
    while (end > start && !HEAD_POS.has(tokens[end - 1]?.pos ?? '')) end--;
    // Not the head of a hyphenated word either ("Add" of "Add-ons").
    if (end === b && isJoiner(tokens[end], tokens[end + 1])) continue;
    const wordsIn = () =>
      tokens.slice(start, end).filter((t) => t.type === 'word' || t.type === 'number').length;
    while (wordsIn() > 4) {
      start++;
      trimStart();
    }
    if (end <= start) continue;
    const words = tokens.slice(start, end).filter((t) => t.type === 'word' || t.type === 'number');
    // A single letter is a slip in alphabetic scripts; one Han character is a word ("場", "水").
    if (words.some((t) => t.value.length < 2 && !/\d/.test(t.value) && !IDEOGRAPH.test(t.value)))
      continue;
    if (words.every((t) => GENERIC_NOUNS.has(t.normal) || CALENDAR_WORDS.has(t.normal) || t.stop))
      continue;
    // A lone word of two Han characters or kana is a term ("政府", "降水"); of two letters it is not.
    const lone = words.length === 1 ? (words[0]?.value ?? '') : null;
    if (lone !== null && [...lone].length < (IDEOGRAPH.test(lone) ? 2 : 3)) continue;
    phrases.push([start, end]);
  }
  return phrases;
}

/** The runs of content words of a sentence read without tags, as token ranges. */
function contentRuns(tokens: readonly Token[]): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  tokens.forEach((t, i) => {
    const content = t.type === 'word' && !t.stop && t.pos === 'NOUN' && hasLetter(t.value);
    if (content && start < 0) start = i;
    if (!content && start >= 0) {
      runs.push([start, i]);
      start = -1;
    }
  });
  if (start >= 0) runs.push([start, tokens.length]);
  return runs;
}

const MAX_RUN = 3;
const runKey = (tokens: readonly Token[], from: number, to: number) =>
  tokens
    .slice(from, to)
    .map((t) => t.lemma)
    .join(' ');

/** How often each run of one to three content words occurs, over sentences read without tags. */
function wordRunCounts(sentences: readonly Sentence[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of sentences) {
    for (const [a, b] of contentRuns(s.tokens)) {
      for (let i = a; i < b; i++) {
        for (let n = 1; n <= MAX_RUN && i + n <= b; n++) {
          const key = runKey(s.tokens, i, i + n);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
    }
  }
  return counts;
}

/**
 * Terms of a sentence in a script the tagger cannot read: with no part of speech, a term is what
 * the text itself repeats. Within each run of content words, the longest run of two or three
 * words the text uses again ("دورة الماء", "солнечного света") is one term; a word left over is a
 * term of its own when it is a word and not a letter or two.
 */
function repeatedRuns(tokens: readonly Token[], counts: ReadonlyMap<string, number>) {
  const spans: [number, number][] = [];
  for (const [a, b] of contentRuns(tokens)) {
    let i = a;
    while (i < b) {
      let n = Math.min(MAX_RUN, b - i);
      while (n > 1 && (counts.get(runKey(tokens, i, i + n)) ?? 0) < 2) n--;
      if (n > 1 || [...(tokens[i]?.value ?? '')].length >= 3) spans.push([i, i + n]);
      i += n;
    }
  }
  return spans;
}

function entityPhrases(s: {
  tokens: Token[];
  entities: EntitySpan[];
  text: string;
  offsets: number[];
}) {
  const found: { start: number; end: number; kind: PhraseKind; surface: string }[] = [];
  for (const e of s.entities) {
    const surface = surfaceOf(s, e.start, e.end);
    if (
      e.type === 'DATE' &&
      (YEARISH.test(surface) ||
        [...CALENDAR_WORDS].some((m) => surface.toLowerCase().includes(m) && m.length > 3))
    ) {
      if (/\d/.test(surface)) found.push({ start: e.start, end: e.end, kind: 'date', surface });
    } else if (e.type === 'MONEY' || e.type === 'PERCENT') {
      found.push({ start: e.start, end: e.end, kind: 'quantity', surface });
    }
  }
  return found;
}

type PhraseStat = {
  kind: PhraseKind;
  count: number;
  sentences: Set<number>;
  surfaces: Map<string, number>;
  plurals: Set<string>;
  /** Occurrences not at the start of their sentence. */
  inner: number;
  stems: string[];
  length: number;
};

/**
 * Analyses the parts of one text (the chunks of a source, or one whole text). Sentences are never
 * joined across parts. `title` words make sentences and phrases that share them more important;
 * `fragments` keeps lines that are not prose (for short texts such as answers and messages).
 * `language` (BCP 47, as detected) retags German, Spanish and French, which the English tagger
 * misreads (latin-tags.ts).
 */
export function analyze(
  parts: readonly string[],
  options: { title?: string; fragments?: boolean; language?: string | null } = {},
): DocumentModel {
  const parse = parserFor(options.language ?? null);
  const sentences: Sentence[] = [];
  const stats = new Map<string, PhraseStat>();
  let block = 0;
  // Short texts (a learner's answer, a chat message) keep their fragments: they are the whole text.
  const blocksOf = (part: string) =>
    options.fragments
      ? cleanText(part)
          .split(/\n[ \t]*\n/)
          .map((b) => b.replace(/\s+/g, ' ').trim())
          .filter((b) => b.length > 0)
      : proseBlocks(part);
  const markPhrases = (sentence: Sentence, spans: readonly [number, number][]) => {
    const { tokens } = sentence;
    const taken = new Set<number>();
    for (const e of entityPhrases(sentence)) {
      const key = `#${e.surface.toLowerCase()}`;
      sentence.phrases.push({
        key,
        start: e.start,
        end: e.end,
        surface: e.surface,
        plural: false,
      });
      for (let k = e.start; k < e.end; k++) taken.add(k);
      record(stats, key, e.kind, false, e.surface, sentence.id, [key], e.end - e.start, false);
    }
    for (const [start, end] of spans) {
      let overlaps = false;
      for (let k = start; k < end; k++) if (taken.has(k)) overlaps = true;
      if (overlaps) continue;
      const words = tokens
        .slice(start, end)
        .filter((t) => t.type === 'word' || t.type === 'number');
      // Lemmas, not stems: stems merge "computer" with "computation", lemmas only "whale" with "whales".
      const key = words.map((t) => t.lemma).join(' ');
      const head = tokens[end - 1];
      const kind: PhraseKind = head?.pos === 'PROPN' ? 'proper' : 'concept';
      const plural =
        head !== undefined &&
        head.pos === 'NOUN' &&
        head.normal !== head.lemma &&
        head.normal.endsWith('s');
      const surface = surfaceOf(sentence, start, end);
      sentence.phrases.push({ key, start, end, surface, plural });
      const initial = tokens.slice(0, start).every((t) => t.type === 'punctuation');
      // Chinese and Japanese words are one to four characters: a term's length is counted as
      // words are in these scripts (about two characters each), so "富国強兵" is a compound.
      const length = IDEOGRAPH.test(surface)
        ? Math.min(4, Math.max(1, Math.ceil([...surface.replace(/\s/g, '')].length / 2)))
        : words.length;
      record(
        stats,
        key,
        kind,
        plural,
        surface,
        sentence.id,
        words.map((t) => t.stem),
        length,
        initial,
      );
    }
  };
  parts.forEach((part, partIndex) => {
    for (const text of blocksOf(part)) {
      for (const parsed of parse(text)) {
        const tokens = parsed.tokens.filter((t) => t.type !== 'tabCRLF' && t.type !== 'spaces');
        if (tokens.length === 0) continue;
        const { text: sentenceText, offsets } = layout(tokens);
        const words = tokens.filter(isWord).length;
        if (words === 0) continue;
        const first = tokens.find(isWord);
        const sentence: Sentence = {
          id: sentences.length,
          block,
          part: partIndex,
          text: sentenceText,
          tokens,
          offsets,
          entities: parsed.entities,
          words,
          terms: contentTerms(tokens),
          clean: isClean(tokens, sentenceText, words),
          anaphoric: first !== undefined && ANAPHORIC_OPENERS.has(first.normal),
          phrases: [],
        };
        sentences.push(sentence);
        // Words of a script the tagger cannot read have no noun phrases: their terms are the
        // text's repeated word runs, known once every sentence is read.
        if (!tokens.some((t) => t.untagged)) markPhrases(sentence, nounPhrases(tokens));
      }
      block++;
    }
  });
  const untagged = sentences.filter((s) => s.tokens.some((t) => t.untagged));
  if (untagged.length > 0) {
    const runs = wordRunCounts(untagged);
    for (const s of untagged) markPhrases(s, repeatedRuns(s.tokens, runs));
  }

  const idf = inverseFrequencies(sentences);
  const centrality = degreeCentrality(sentences, idf);
  const titleStems = new Set(
    options.title ? parse(options.title).flatMap((s) => contentTerms(s.tokens)) : [],
  );
  const phrases = scorePhrases(stats, sentences, titleStems);
  const importance = rankSentences(sentences, phrases, centrality, titleStems);
  return { sentences, phrases, centrality, importance, idf, titleStems };
}

function record(
  stats: Map<string, PhraseStat>,
  key: string,
  kind: PhraseKind,
  plural: boolean,
  surface: string,
  sentence: number,
  stems: string[],
  length: number,
  initial: boolean,
) {
  let stat = stats.get(key);
  if (!stat) {
    stat = {
      kind,
      count: 0,
      sentences: new Set(),
      surfaces: new Map(),
      plurals: new Set(),
      inner: 0,
      stems,
      length,
    };
    stats.set(key, stat);
  }
  if (plural) stat.plurals.add(surface);
  if (!initial) stat.inner++;
  stat.count++;
  stat.sentences.add(sentence);
  stat.surfaces.set(surface, (stat.surfaces.get(surface) ?? 0) + 1);
  // One proper-noun reading anywhere makes the phrase a name (sentence-initial capitals mislead the tagger).
  if (kind === 'proper') stat.kind = 'proper';
}

/** Sentences of a block, tagged for the language where the English tags would mislead. */
function parserFor(language: string | null): (text: string) => ParsedSentence[] {
  const base = language?.split('-')[0] ?? '';
  if (!RETAGGED_LANGUAGES.has(base)) return (text) => parseBlock(text, language);
  return (text) =>
    isCjk(text) ? parseBlock(text) : parseBlock(text).map((s) => retagSentence(s, base));
}

function inverseFrequencies(sentences: Sentence[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const s of sentences) for (const t of new Set(s.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = Math.max(1, sentences.length);
  const idf = new Map<string, number>();
  for (const [t, f] of df) idf.set(t, Math.log(1 + n / f));
  return idf;
}

/** Unit tf-idf vector of a list of stems. */
export function termVector(
  terms: readonly string[],
  idf: (t: string) => number,
): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  let norm = 0;
  for (const [t, f] of tf) {
    const w = (1 + Math.log(f)) * idf(t);
    tf.set(t, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [t, w] of tf) tf.set(t, w / norm);
  return tf;
}

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [t, w] of small) dot += w * (large.get(t) ?? 0);
  return dot;
}

/**
 * LexRank's degree variant: a sentence is central when it shares weighted vocabulary with many
 * others. Computed through an inverted index, so the cost follows shared terms, not n².
 */
function degreeCentrality(sentences: Sentence[], idf: Map<string, number>): number[] {
  const vectors = sentences.map((s) =>
    s.clean ? termVector(s.terms, (t) => idf.get(t) ?? 1) : new Map<string, number>(),
  );
  const postings = new Map<string, [number, number][]>();
  vectors.forEach((v, i) => {
    for (const [t, w] of v) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push([i, w]);
    }
  });
  const scores = new Array<number>(sentences.length).fill(0);
  vectors.forEach((v, i) => {
    const dots = new Map<number, number>();
    for (const [t, w] of v) {
      for (const [j, wj] of postings.get(t) ?? [])
        if (j !== i) dots.set(j, (dots.get(j) ?? 0) + w * wj);
    }
    let sum = 0;
    // Near-copies (repeated boilerplate) are not evidence of importance.
    for (const d of dots.values()) if (d < 0.9) sum += d;
    scores[i] = sum;
  });
  const max = Math.max(1e-9, ...scores);
  return scores.map((s) => s / max);
}

function scorePhrases(
  stats: Map<string, PhraseStat>,
  sentences: Sentence[],
  titleStems: Set<string>,
): Map<string, Phrase> {
  const stemFrequency = new Map<string, number>();
  for (const s of sentences)
    for (const t of s.terms) stemFrequency.set(t, (stemFrequency.get(t) ?? 0) + 1);
  const phrases = new Map<string, Phrase>();
  for (const [key, stat] of stats) {
    let surface = '';
    let best = -1;
    for (const [form, n] of stat.surfaces) {
      // Prefer the most frequent form; on a tie, the one not capitalised by a sentence start.
      const rank = n + (form[0] === form[0]?.toLowerCase() ? 0.5 : 0);
      if (rank > best) {
        best = rank;
        surface = form;
      }
    }
    const support =
      stat.stems.reduce((sum, s) => sum + (stemFrequency.get(s) ?? 0), 0) /
      Math.max(1, stat.stems.length);
    const kindWeight = stat.kind === 'date' ? 0.6 : stat.kind === 'quantity' ? 0.5 : 1;
    const inTitle = stat.stems.some((s) => titleStems.has(s)) ? 1.3 : 1;
    // Repetition is the main evidence; length and the frequency of the phrase's words only refine it,
    // so a long phrase met once (often a tagging slip: "Obama lands") stays below repeated terms.
    const score =
      Math.log2(1 + stat.count) * (1 + 0.25 * (stat.length - 1)) * kindWeight * inTitle +
      0.25 * Math.log2(1 + support);
    const lowerSurface = [...stat.surfaces.keys()].find((f) => /^\p{Ll}/u.test(f)) ?? null;
    // A name is always capitalised: one lower-case use makes it a common noun the tagger misread.
    const kind = stat.kind === 'proper' && lowerSurface !== null ? 'concept' : stat.kind;
    phrases.set(key, {
      key,
      surface,
      lowerSurface,
      kind,
      plural: stat.plurals.has(surface),
      count: stat.count,
      sentences: [...stat.sentences].sort((a, b) => a - b),
      length: stat.length,
      score,
      // Only a script with capitals can mislead so: a Japanese topic opens every sentence it is in.
      doubtful:
        stat.inner === 0 &&
        stat.length === 1 &&
        (kind === 'proper' || kind === 'concept') &&
        /^\p{Lu}/u.test(surface),
    });
  }
  return phrases;
}

function rankSentences(
  sentences: Sentence[],
  phrases: Map<string, Phrase>,
  centrality: number[],
  titleStems: Set<string>,
): number[] {
  const density = sentences.map((s) => {
    const keys = new Set(s.phrases.map((p) => p.key));
    let sum = 0;
    for (const k of keys) sum += phrases.get(k)?.score ?? 0;
    return sum / Math.sqrt(Math.max(4, s.words));
  });
  const maxDensity = Math.max(1e-9, ...density);
  const firstClean = sentences.findIndex((s) => s.clean);
  return sentences.map((s, i) => {
    if (!s.clean) return 0;
    const rank = i - firstClean;
    const lead = rank < 3 ? 1 - rank * 0.25 : 0;
    const title =
      titleStems.size > 0 ? s.terms.filter((t) => titleStems.has(t)).length / titleStems.size : 0;
    let score =
      0.55 * (centrality[i] ?? 0) +
      0.3 * ((density[i] ?? 0) / maxDensity) +
      0.1 * lead +
      0.1 * Math.min(1, title);
    if (s.anaphoric) score *= 0.75;
    // Quotations are voices in the text, rarely its explanation of something.
    if (/^["“‘']/.test(s.text)) score *= 0.7;
    if (s.words < 8) score *= 0.7;
    if (s.words > 35) score *= 0.85;
    return score;
  });
}
