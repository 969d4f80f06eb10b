import { francAll } from 'franc-min';
import { NOT_RUSSIAN, detectLanguage, languageName, russianOrNot } from '../../language';
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
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (detected === 'en' && letters < SHORT_LETTERS) return notEnglishAfterAll(text) ?? 'en';
  if (detected) return detected;
  const count = (script: RegExp) => text.match(script)?.length ?? 0;
  const kana = count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const hangul = count(/\p{Script=Hangul}/gu);
  const han = count(/\p{Script=Han}/gu);
  // Four characters or more, and most of the letters: a Han name in a Latin text is not Chinese.
  if (kana + han >= 4 && kana > 0 && kana + han > letters / 2) return 'ja';
  if (hangul >= 4 && hangul > letters / 2) return 'ko';
  if (han >= 4 && han > letters / 2) return 'zh';
  return shortLatinLanguage(text) ?? shortRussian(text);
}

/** Under this many letters detectLanguage takes a text franc finds nearly English for English. */
const SHORT_LETTERS = 200;
/** How many more words of its function words another language must hold than English's. */
const MIN_LEAD_OVER_ENGLISH = 1;

/**
 * A short text detectLanguage called English that is another language we write by its function
 * words. detectLanguage prefers English on a text under 200 letters franc finds nearly as English
 * as its first guess (a question with English options must not be answered in Lingala), which
 * also takes a Dutch or Portuguese question of 40-199 letters for English ("Wat is het verschil
 * tussen chlorofyl a en chlorofyl b in planten?"). The function-word vote of shortLatinLanguage
 * tells them apart: the text is the other language when its function words outweigh English's by
 * a whole word and the vote names it. Measured in bench/README.md (h21sum, short messages).
 */
function notEnglishAfterAll(text: string): string | null {
  const scores = functionWordScores(text);
  const [first, second] = [...scores].sort((a, b) => b[1] - a[1]);
  if (!first || first[0] === 'en') return null;
  if (first[1] - (second?.[1] ?? 0) < MIN_LEAD) return null;
  return first[1] - (scores.get('en') ?? 0) >= MIN_LEAD_OVER_ENGLISH ? first[0] : null;
}

/**
 * Russian words of greeting and thanks that its stop list lacks and no other Cyrillic language
 * writes so ("Привет", "Здравствуйте"; Ukrainian writes "Привіт", Bulgarian "Здравей").
 */
const RUSSIAN_COURTESY = new Set(['привет', 'приветик', 'здравствуй', 'здравствуйте', 'благодарю']);

/**
 * A short Cyrillic message that can only be Russian: no letter Russian lacks (Ukrainian і, Kazakh
 * ә…), and ы, э or ё, which of the languages left only Russian and Belarusian write (Bulgarian,
 * Serbian and Macedonian do not; Belarusian is told by franc's trigrams), or a word of Russian's stop list or greetings that none of the Ukrainian and
 * Bulgarian lists holds, of three letters or more ("Спасибо!", "Что такое фотосинтез?"). A message that could be another
 * Cyrillic language stays unnamed, so the tutor keeps to the sources' language.
 */
export function shortRussian(text: string): string | null {
  const cyrillic = text.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (cyrillic === 0 || cyrillic < letters / 2 || NOT_RUSSIAN.test(text)) return null;
  // Belarusian writes ы and э too, and may hold no і or ў in a few words ("нумар крэдытнай
  // карты"): where franc's trigrams find the text more Belarusian than Russian, it is not named.
  if (/[ыэё]/iu.test(text)) {
    const ranked = francAll(text, { minLength: 3 });
    const score = (code: string) => ranked.find(([c]) => c === code)?.[1] ?? 0;
    return score('bel') > score('rus') ? null : 'ru';
  }
  const russian = stopWords('ru');
  const others = ['uk', 'bg'].flatMap((l) => stopWords(l) ?? []);
  const words = text.toLowerCase().match(/\p{Script=Cyrillic}+/gu) ?? [];
  // Three letters at least: "да", "во", "со", "по", "та" are Russian's and Macedonian's,
  // Serbian's or Ukrainian's alike.
  const only = (w: string) =>
    w.length >= 3 && (RUSSIAN_COURTESY.has(w) || russian?.has(w)) && !others.some((o) => o.has(w));
  return words.some(only) ? 'ru' : null;
}

/**
 * Each written Latin-script language's share of a text's words found in its stop list
 * (stopwords-iso), each word counting 1 / the number of lists holding it.
 */
function functionWordScores(text: string): Map<string, number> {
  const words = text.toLowerCase().match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? [];
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
  return scores;
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
  const scores = functionWordScores(text);
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
