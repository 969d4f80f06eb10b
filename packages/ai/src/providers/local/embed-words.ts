import { stopWords } from './feedback-words';
import { arabicStem, cyrillicStem, foldArabic, koreanStem, wordTokens } from './nlp';

export type EmbedWord = { normal: string; stem: string; stop: boolean };

/** A letter of a script other than Latin (Arabic, Cyrillic, Greek, Devanagari, Han, Thai...). */
const OTHER_LETTER = /(?!\p{Script=Latin})\p{L}/u;

/**
 * Stop words by script, not by a detected language: a question of five words has no language a
 * detector can name, and a word must get the same weight in the question as in the passage that
 * answers it. Each script's set is the union of `stopwords-iso`'s lists for the languages written
 * in it that the package has.
 */
const SCRIPT_LANGUAGES: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/\p{Script=Arabic}/u, ['ar', 'fa', 'ur', 'ku']],
  [/\p{Script=Cyrillic}/u, ['ru', 'uk', 'bg']],
  [/\p{Script=Greek}/u, ['el']],
  [/\p{Script=Hebrew}/u, ['he']],
  [/\p{Script=Devanagari}/u, ['hi', 'mr']],
  [/\p{Script=Bengali}/u, ['bn']],
  [/\p{Script=Gujarati}/u, ['gu']],
  [/\p{Script=Armenian}/u, ['hy']],
  [/\p{Script=Thai}/u, ['th']],
  [/\p{Script=Hangul}/u, ['ko']],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, ['ja']],
  [/\p{Script=Han}/u, ['zh', 'ja']],
];
const scriptStops = new Map<RegExp, ReadonlySet<string>>();
function isStopWord(word: string): boolean {
  for (const [script, languages] of SCRIPT_LANGUAGES) {
    if (!script.test(word)) continue;
    let set = scriptStops.get(script);
    if (!set) {
      const union = new Set<string>();
      for (const l of languages) for (const w of stopWords(l) ?? []) union.add(w);
      set = union;
      scriptStops.set(script, set);
    }
    return set.has(word);
  }
  return false;
}

// Marks that are optional in writing (Greek accents, Hebrew points): dropped so that a word is one
// key however it is written. Marks that are letters' vowels (Devanagari, Thai...) stay.
const GREEK_ACCENTS = /[\u0300-\u036f]/gu;
const HEBREW_POINTS = /[\u0591-\u05c7]/gu;

/** The key of one word of a script other than Latin: folded, and lightly stemmed where nlp.ts can. */
function otherScriptWord(value: string): EmbedWord {
  const lower = value.normalize('NFC').toLowerCase();
  let normal = lower;
  let stem = lower;
  if (/\p{Script=Arabic}/u.test(lower)) {
    normal = foldArabic(lower);
    stem = arabicStem(lower);
  } else if (/\p{Script=Cyrillic}/u.test(lower)) {
    normal = lower.replace(/ё/gu, 'е');
    stem = cyrillicStem(normal);
  } else if (/\p{Script=Greek}/u.test(lower)) {
    normal = lower.normalize('NFD').replace(GREEK_ACCENTS, '').replace(/ς/gu, 'σ');
    stem = normal;
  } else if (/\p{Script=Hebrew}/u.test(lower)) {
    normal = lower.replace(HEBREW_POINTS, '');
    stem = normal;
  } else if (/\p{Script=Hangul}/u.test(lower)) {
    stem = koreanStem(lower);
  }
  return { normal, stem, stop: isStopWord(lower) || isStopWord(normal) };
}

const segmenter = new Intl.Segmenter([], { granularity: 'word' });

/**
 * The words of a text for the hashing embedder, in any script. Text in Latin letters only is read
 * by wink as before (`wordTokens`: Porter stems, its stop words), so English vectors are what they
 * were. wink's English model reads every word of another script as an unknown token and drops it,
 * which left an Arabic or Russian passage with an empty vector that no question could find: such
 * words come from ICU's word breaks (`Intl.Segmenter`, with dictionaries for scripts written without
 * spaces: Chinese, Japanese, Thai), each stretch of Latin words between them still read by wink.
 */
export function embedWords(text: string): EmbedWord[] {
  if (!OTHER_LETTER.test(text)) return wordTokens(text);
  const words: EmbedWord[] = [];
  let latinFrom = -1;
  const flushLatin = (to: number) => {
    if (latinFrom >= 0) words.push(...wordTokens(text.slice(latinFrom, to)));
    latinFrom = -1;
  };
  for (const { segment, index, isWordLike } of segmenter.segment(text)) {
    if (isWordLike && OTHER_LETTER.test(segment)) {
      flushLatin(index);
      words.push(otherScriptWord(segment));
    } else if (latinFrom < 0) latinFrom = index;
  }
  flushLatin(text.length);
  return words;
}
