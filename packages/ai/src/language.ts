import { francAll } from 'franc-min';

/** Below this many letters a guess is noise (a caption, a title): no language is stored. */
const MIN_LETTERS = 40;
/** Trigram statistics settle long before this; the rest of a long book adds only time. */
const SAMPLE_CHARS = 20_000;

/**
 * The language of a text as a BCP 47 tag ('en', 'de', 'zh', 'ja'), or null when the text is too
 * short or the guess is unclear. franc-min (trigram profiles of the 82 most spoken languages, data
 * shipped in the package) answers ISO 639-3 codes; Intl canonicalises them ('deu' → 'de',
 * 'cmn' → 'zh'). Chinese and Japanese are recognised by script before franc, which handles Han
 * text poorly (a run of CJK has no spaces for its trigrams to lean on).
 */
export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, SAMPLE_CHARS);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return null;
  const kana = sample.match(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  const han = sample.match(/\p{Script=Han}/gu)?.length ?? 0;
  const hangul = sample.match(/\p{Script=Hangul}/gu)?.length ?? 0;
  if (kana > 0.05 * letters) return 'ja';
  if (hangul > 0.3 * letters) return 'ko';
  if (han > 0.3 * letters) return 'zh';
  const code = shortTextGuess(francAll(sample, { minLength: 10 }), letters);
  if (code === 'und') return null;
  try {
    const tag = Intl.getCanonicalLocales(code)[0];
    return tag ? russianOrNot(tag, sample) : null;
  } catch {
    return null;
  }
}

/** Below this many letters franc's trigram scores are close together and its first guess is noisy. */
const SHORT_LETTERS = 200;
/** How close to the first guess English must score, on a short text, to be taken instead. */
const ENGLISH_MARGIN = 0.1;

/**
 * franc's guess, except that a short text it finds nearly as English as its first guess is English:
 * on a question and its options ("Which organelle makes most ATP? Nucleus Mitochondrion ...")
 * franc's first guess is often a language of similar trigrams (Lingala, French, Scots), and
 * answering an English learner in French, or telling them we cannot write Lingala, is the costly
 * mistake; a short Spanish or Polish text does not score near English and keeps its language.
 */
function shortTextGuess(ranked: readonly (readonly [string, number])[], letters: number): string {
  const [first] = ranked;
  if (!first) return 'und';
  if (letters >= SHORT_LETTERS || first[0] === 'eng') return first[0];
  const english = ranked.find(([code]) => code === 'eng');
  return english && english[1] >= first[1] - ENGLISH_MARGIN ? 'eng' : first[0];
}

/**
 * A language's English name from its BCP 47 code ("de" → "German"), for the notes and prompts that
 * name a detected language; the code itself when Intl does not know it (a malformed code throws
 * in Intl.DisplayNames).
 */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Letters Russian does not write: Ukrainian і ї є ґ, Belarusian і ў, Serbian and Macedonian
 * ј љ њ ћ ђ џ ѓ ќ ѕ; Kazakh, Kyrgyz, Tatar, Bashkir and Mongolian ә ғ қ ң ө ұ ү һ җ ҙ ҡ ҫ (these
 * write ы and э as Russian does, so those two alone do not make a text Russian).
 */
export const NOT_RUSSIAN = /[іїєґўјљњћђџѓќѕәғқңөұүһҗҙҡҫ]/iu;
const CYRILLIC_NEIGHBOURS = new Set(['bg', 'uk', 'be', 'mk', 'sr']);

/**
 * A Cyrillic neighbour of Russian, detected or stored, checked against the alphabet. franc's
 * trigrams take a short Russian text for Bulgarian ("Где происходит фотосинтез и что для него
 * нужно растениям?" reads as 'bg'); the alphabet settles it: Russian writes ы and э, which
 * Bulgarian and Ukrainian do not, and a Bulgarian sentence of any length nearly always has ъ as a
 * vowel ("във", "към", "съм"), which Russian writes only as a rare hard sign. Without a letter only
 * another language writes, such a text is Russian. Trigrams decide on texts of 300 letters or more.
 */
export function russianOrNot(detected: string, text: string): string {
  if (!CYRILLIC_NEIGHBOURS.has(detected) || NOT_RUSSIAN.test(text)) return detected;
  if (/[ыэ]/iu.test(text)) return 'ru';
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return detected === 'bg' && letters < 300 && !/ъ/iu.test(text) ? 'ru' : detected;
}
