import { francAll } from 'franc-min';
import { detectLanguage, languageName, russianOrNot } from '../../language';
import { stopWords } from './feedback-words';

/**
 * Which language the offline provider writes its own words in (the grader's feedback, the tutor's
 * framing around the passages it quotes): the source's, as the ingest worker detects it, with a
 * fallback for the short texts the detector declines.
 */

// A script other than Latin: a language the detector may not name on a short text.
const NON_LATIN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Thai}]/u;

/**
 * The language of a text: `detectLanguage`, and for a text too short for it (under 40 letters: a
 * Chinese question and its answer are often that short) the language of its script where one
 * language is all we can mean by it: kana is Japanese, Hangul Korean, Han without kana Chinese.
 * Cyrillic, Arabic or Devanagari alone are left unnamed: each writes several languages (Ukrainian,
 * Persian, Marathi...) and a guess would answer a Ukrainian learner in Russian.
 */
export function languageOfText(text: string): string | null {
  const detected = detectLanguage(text);
  if (detected) return detected;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const count = (script: RegExp) => text.match(script)?.length ?? 0;
  const kana = count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const hangul = count(/\p{Script=Hangul}/gu);
  const han = count(/\p{Script=Han}/gu);
  // Four characters or more, and most of the letters: a Han name in a Latin text is not Chinese.
  if (kana + han >= 4 && kana > 0 && kana + han > letters / 2) return 'ja';
  if (hangul >= 4 && hangul > letters / 2) return 'ko';
  if (han >= 4 && han > letters / 2) return 'zh';
  return shortLatinLanguage(text);
}

/** The Latin-script languages the offline provider writes its own words in (its tables' languages). */
const WRITTEN_LATIN: Readonly<Record<string, string>> = {
  eng: 'en',
  deu: 'de',
  spa: 'es',
  fra: 'fr',
  por: 'pt',
  ita: 'it',
  nld: 'nl',
};
/** How much more of the message's words one language's stop list must hold than any other's. */
const MIN_LEAD = 0.25;
/** How far under franc's first guess, another language, our pick may score and still stand. */
const OTHER_LANGUAGE_MARGIN = 0.2;

/**
 * The language of a short Latin-script message (under detectLanguage's 40 letters: "¿Qué es la
 * fotosíntesis?", "Warum ist meine Antwort falsch?"), among the Latin-script languages we write,
 * or null. Trigrams alone are noise at this length (franc answers Scots or Lingala as often as the
 * language), but such a message nearly always holds a function word, and function words tell
 * these languages apart: the language whose stop list (stopwords-iso) holds the most of the
 * message's words, each word counted as 1 / the number of lists holding it, when it leads the next
 * by MIN_LEAD. A message in a language we do not
 * write shares some of them ("di" is Italian and Malay, "de" half of Europe's): where franc's first
 * guess is such a language and ours scores clearly under it, no language is named, so the tutor
 * keeps to the sources' language as it did before. Measured in bench/README.md (h21lang, short
 * messages).
 */
export function shortLatinLanguage(text: string): string | null {
  if (!/\p{Script=Latin}/u.test(text)) return null;
  const words = text.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? [];
  if (words.length < 2) return null;
  const lists = Object.values(WRITTEN_LATIN).flatMap((language) => {
    const stops = stopWords(language);
    return stops ? [{ language, stops }] : [];
  });
  // A word in one list only tells more than one in four ("la" is Spanish, French and Italian).
  const scores = new Map<string, number>();
  for (const word of words) {
    const w = word.replace(/’/g, "'");
    const holders = lists.filter(({ stops }) => stops.has(w));
    for (const { language } of holders)
      scores.set(language, (scores.get(language) ?? 0) + 1 / holders.length);
  }
  const [first, second] = [...scores].sort((a, b) => b[1] - a[1]);
  // A lead of a quarter of a word at least: "o" is Spanish and Portuguese, "a" four of them, and
  // such a tie is no evidence. With ties broken by trigrams, 31 of 453 held-out phrases were named
  // wrongly; with this lead, 4.
  if (!first || first[1] - (second?.[1] ?? 0) < MIN_LEAD) return null;
  const best = first[0];
  const ranked = francAll(text, { minLength: 3 });
  const francScore = (language: string) =>
    ranked.find(([code]) => WRITTEN_LATIN[code] === language)?.[1] ?? 0;
  const [top] = ranked;
  if (!top || top[0] === 'und' || WRITTEN_LATIN[top[0]] !== undefined) return best;
  return francScore(best) >= top[1] - OTHER_LANGUAGE_MARGIN ? best : null;
}

export type Written<T> = {
  words: T;
  /** The language the words are in (BCP 47 base). */
  language: string;
  /** English: why the words are English, or '' when they are in the text's language. */
  note: string;
};

/**
 * The words of `table` for `language` (detected from `text`, which decides when it is null),
 * else English and a note saying why: the language is one the table lacks (named with
 * Intl.DisplayNames), or a script other than Latin whose language could not be told.
 */
export function writtenIn<T extends object>(
  table: Readonly<Record<string, T>> & { en: T },
  language: string | null,
  text: string,
  notes: { unknown: string; cannot: (name: string) => string },
): Written<T> {
  const chosen = language === null ? languageOfText(text) : russianOrNot(language, text);
  if (chosen === null)
    return { words: table.en, language: 'en', note: NON_LATIN.test(text) ? notes.unknown : '' };
  const base = chosen.split('-')[0] ?? chosen;
  const words = table[base];
  if (words) return { words, language: base, note: '' };
  return { words: table.en, language: 'en', note: notes.cannot(languageName(base)) };
}

/**
 * A list joined as the language joins one ("A, B и C", "A、B和C", "A وB وC"): ICU's list patterns
 * through Intl.ListFormat, so no table of ours spells them.
 */
export function conjunction(language: string): (items: readonly string[]) => string {
  const format = new Intl.ListFormat(language, { type: 'conjunction', style: 'long' });
  return (items) => format.format(items);
}

/**
 * Sentences joined as the text writes them: Chinese and Japanese put no space after their full
 * stop ("。"), every other script one.
 */
export function joinSentences(sentences: readonly string[]): string {
  return sentences.reduce(
    (out, s, i) => (i === 0 ? s : /[。！？]$/u.test(out) ? `${out}${s}` : `${out} ${s}`),
    '',
  );
}
