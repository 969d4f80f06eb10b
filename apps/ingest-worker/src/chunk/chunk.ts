import type { ChunkPosition } from '@mnemo/db/schema';

/**
 * Splits extracted text into the chunks that are embedded and retrieved. Chunks follow the text's
 * own structure: paragraphs stay whole when they fit, a new heading starts a new chunk, and only a
 * paragraph longer than a chunk is cut, at sentence ends. Each chunk keeps where it came from
 * (page, caption time, heading) so answers can cite it.
 *
 * Sizes are in words: about 375 words is about 500 tokens at the usual 4/3 tokens per word, a
 * size that keeps one idea per chunk for retrieval while leaving room for several chunks in a
 * prompt. Consecutive chunks share about 50 words (whole sentences), so a fact that straddles a
 * boundary is found from either side.
 */

/** A run of text with its origin, as the extractors give it. */
export type ChunkSection = { text: string; page?: number; startSeconds?: number; heading?: string };

export type Chunk = {
  chunkIndex: number;
  content: string;
  wordCount: number;
  position: ChunkPosition;
};

export type ChunkOptions = {
  targetWords?: number;
  overlapWords?: number;
  /** A heading change starts a new chunk only once the current one has this many words. */
  minWordsBeforeBreak?: number;
};

export const CHUNK_TARGET_WORDS = 375;
export const CHUNK_OVERLAP_WORDS = 50;

type Unit = { text: string; words: number; position: ChunkPosition };

// Chinese and Japanese write no spaces between words, so a space count makes a whole paragraph
// one "word" and a long text one giant chunk. Each Han or kana character counts as a word instead,
// as word processors count them: 375 such characters are about 400-500 tokens, the same size as
// 375 English words. (Korean and Thai are left to the space count: Korean spaces its words, and a
// Thai character is a letter, not a word.)
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const CJK_ALL = new RegExp(CJK.source, 'gu');

const wordsOf = (text: string) => {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (!CJK.test(text)) return tokens.length;
  let n = 0;
  for (const token of tokens) {
    const cjk = token.match(CJK_ALL)?.length ?? 0;
    // A Latin word or number glued to the characters ("DNAの") is a word of its own.
    n += cjk + (cjk === 0 || /[\p{L}\p{N}]/u.test(token.replace(CJK_ALL, '')) ? 1 : 0);
  }
  return n;
};

/** A sentence's words in order, each with what joins it to the one before (a space, or nothing). */
const wordRuns = (sentence: string): string[] =>
  CJK.test(sentence)
    ? (sentence.match(new RegExp(`${CJK.source}|[^\\s${CJK.source.slice(1, -1)}]+`, 'gu')) ?? [])
    : sentence.split(/\s+/).filter(Boolean);

/** Joins words or sentences back: with a space between Latin ones, directly after a CJK one. */
const joinRuns = (runs: readonly string[]) =>
  runs.reduce(
    (out, run) =>
      out === '' ? run : CJK.test(out.at(-1)!) || CJK.test(run[0]!) ? out + run : `${out} ${run}`,
    '',
  );

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const sentencesOf = (text: string) =>
  [...sentenceSegmenter.segment(text)].map((s) => s.segment.trim()).filter(Boolean);

const positionOf = (s: ChunkSection): ChunkPosition => ({
  ...(s.page !== undefined ? { page: s.page } : {}),
  ...(s.startSeconds !== undefined ? { startSeconds: s.startSeconds } : {}),
  ...(s.heading ? { heading: s.heading } : {}),
});

/** Paragraphs, then sentences for paragraphs over the target, then word runs for giant sentences. */
function unitsOf(sections: readonly ChunkSection[], target: number): Unit[] {
  const units: Unit[] = [];
  for (const section of sections) {
    const position = positionOf(section);
    for (const paragraph of section.text.split(/\n\s*\n/)) {
      const text = paragraph.replace(/\s+/g, ' ').trim();
      if (!text) continue;
      const words = wordsOf(text);
      if (words <= target) {
        units.push({ text, words, position });
        continue;
      }
      for (const sentence of sentencesOf(text)) {
        const sentenceWords = wordRuns(sentence);
        for (let i = 0; i < sentenceWords.length; i += target) {
          const piece = joinRuns(sentenceWords.slice(i, i + target));
          units.push({ text: piece, words: wordsOf(piece), position });
        }
      }
    }
  }
  return units;
}

/**
 * What the next chunk repeats of this one: its last paragraphs while they fit in `limit` words,
 * else the last whole sentences of its last paragraph, else (one giant sentence) its last words.
 */
function tailOf(parts: readonly string[], limit: number): string[] {
  if (limit <= 0) return [];
  const kept: string[] = [];
  let words = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    const w = wordsOf(parts[i]!);
    if (words + w > limit) break;
    kept.unshift(parts[i]!);
    words += w;
  }
  if (kept.length > 0) return kept;
  const last = parts.at(-1) ?? '';
  const sentences = sentencesOf(last);
  const tail: string[] = [];
  for (let i = sentences.length - 1; i >= 0; i--) {
    const w = wordsOf(sentences[i]!);
    if (words + w > limit) break;
    tail.unshift(sentences[i]!);
    words += w;
  }
  if (tail.length > 0) return [joinRuns(tail)];
  return [joinRuns(wordRuns(last).slice(-limit))];
}

export function chunkText(sections: readonly ChunkSection[], options: ChunkOptions = {}): Chunk[] {
  const target = options.targetWords ?? CHUNK_TARGET_WORDS;
  const overlap = Math.min(options.overlapWords ?? CHUNK_OVERLAP_WORDS, Math.floor(target / 3));
  const minBeforeBreak = options.minWordsBeforeBreak ?? Math.floor(target / 4);

  const chunks: Chunk[] = [];
  let parts: string[] = [];
  let words = 0;
  let position: ChunkPosition | null = null;
  // Words of this chunk that repeat the previous one; a chunk of nothing else is not emitted.
  let carried = 0;

  const flush = (withOverlap: boolean) => {
    if (parts.length === 0 || words === carried) return;
    const content = parts.join('\n\n');
    chunks.push({ chunkIndex: chunks.length, content, wordCount: words, position: position ?? {} });
    parts = withOverlap ? tailOf(parts, overlap) : [];
    words = parts.reduce((n, p) => n + wordsOf(p), 0);
    carried = words;
    position = null;
  };

  for (const unit of unitsOf(sections, target)) {
    const headingChanged =
      position !== null &&
      unit.position.heading !== undefined &&
      unit.position.heading !== position.heading;
    if (headingChanged && words - carried >= minBeforeBreak) flush(false);
    else if (words + unit.words > target && words > carried) flush(true);
    // The chunk is cited by where its new text starts, not by the overlap it repeats.
    if (position === null) position = unit.position;
    parts.push(unit.text);
    words += unit.words;
  }
  flush(false);
  return chunks;
}
