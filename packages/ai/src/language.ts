import { franc } from 'franc-min';

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
  const code = franc(sample, { minLength: 10 });
  if (code === 'und') return null;
  try {
    return Intl.getCanonicalLocales(code)[0] ?? null;
  } catch {
    return null;
  }
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
