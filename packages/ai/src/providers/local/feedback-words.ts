import { createRequire } from 'node:module';
import { languageName } from '../../language';

/**
 * The offline grader's feedback sentences, in the languages it can write. The language is the
 * question's and expected answer's (both come from the source, so they are in its language),
 * detected as the ingest worker detects a source's. Feedback in another language is written in
 * English, and says so once, naming the language (Intl.DisplayNames), so the learner knows why.
 */
export type FeedbackWords = {
  and: string;
  quote: (text: string) => string;
  goodCovered: (hit: string) => string;
  goodMatches: string;
  alsoMention: (missing: string) => string;
  negates: string;
  partlyHit: (hit: string) => string;
  partly: string;
  leavesOut: (missing: string) => string;
  needsMore: string;
  sourceSays: (text: string) => string;
  noMatch: string;
  isMissing: (missing: string) => string;
  sentences: string;
};

const ENGLISH: FeedbackWords = {
  and: 'and',
  quote: (t) => `“${t}”`,
  goodCovered: (hit) => `Good answer: you covered ${hit}.`,
  goodMatches: 'Good answer: it matches what the source says.',
  alsoMention: (m) => ` To make it complete, also mention ${m}.`,
  negates: ' Careful: your answer negates what the source says.',
  partlyHit: (hit) => `Partly right: you mention ${hit}`,
  partly: 'Partly right',
  leavesOut: (m) => `, but your answer leaves out ${m}.`,
  needsMore: ', but it needs more of the source’s detail.',
  sourceSays: (t) => ` The source says: “${t}”`,
  noMatch: 'This does not match what the source says.',
  isMissing: (m) => ` It is missing ${m}.`,
  sentences: ' Write your answer as sentences that say how the ideas connect, not a list of words.',
};

const WORDS: Record<string, FeedbackWords> = {
  en: ENGLISH,
  de: {
    and: 'und',
    quote: (t) => `„${t}“`,
    goodCovered: (hit) => `Gute Antwort: Sie nennen ${hit}.`,
    goodMatches: 'Gute Antwort: Sie stimmt mit der Quelle überein.',
    alsoMention: (m) => ` Vollständig wird sie, wenn Sie auch ${m} nennen.`,
    negates: ' Vorsicht: Ihre Antwort verneint, was die Quelle sagt.',
    partlyHit: (hit) => `Teilweise richtig: Sie nennen ${hit}`,
    partly: 'Teilweise richtig',
    leavesOut: (m) => `, aber es fehlt ${m}.`,
    needsMore: ', aber es fehlen Einzelheiten aus der Quelle.',
    sourceSays: (t) => ` In der Quelle steht: „${t}“`,
    noMatch: 'Das entspricht nicht dem, was die Quelle sagt.',
    isMissing: (m) => ` Es fehlt ${m}.`,
    sentences:
      ' Schreiben Sie Ihre Antwort in Sätzen, die zeigen, wie die Gedanken zusammenhängen, nicht als Liste von Wörtern.',
  },
  es: {
    and: 'y',
    quote: (t) => `«${t}»`,
    goodCovered: (hit) => `Buena respuesta: mencionas ${hit}.`,
    goodMatches: 'Buena respuesta: coincide con lo que dice la fuente.',
    alsoMention: (m) => ` Para completarla, menciona también ${m}.`,
    negates: ' Atención: tu respuesta niega lo que dice la fuente.',
    partlyHit: (hit) => `En parte correcta: mencionas ${hit}`,
    partly: 'En parte correcta',
    leavesOut: (m) => `, pero falta ${m}.`,
    needsMore: ', pero le faltan detalles de la fuente.',
    sourceSays: (t) => ` La fuente dice: «${t}»`,
    noMatch: 'Esto no coincide con lo que dice la fuente.',
    isMissing: (m) => ` Falta ${m}.`,
    sentences:
      ' Escribe tu respuesta en frases que digan cómo se relacionan las ideas, no como una lista de palabras.',
  },
  fr: {
    and: 'et',
    quote: (t) => `« ${t} »`,
    goodCovered: (hit) => `Bonne réponse : vous mentionnez ${hit}.`,
    goodMatches: 'Bonne réponse : elle correspond à ce que dit la source.',
    alsoMention: (m) => ` Pour être complète, mentionnez aussi ${m}.`,
    negates: ' Attention : votre réponse nie ce que dit la source.',
    partlyHit: (hit) => `En partie juste : vous mentionnez ${hit}`,
    partly: 'En partie juste',
    leavesOut: (m) => `, mais il manque ${m}.`,
    needsMore: ', mais il manque des détails de la source.',
    sourceSays: (t) => ` La source dit : « ${t} »`,
    noMatch: 'Cela ne correspond pas à ce que dit la source.',
    isMissing: (m) => ` Il manque ${m}.`,
    sentences:
      ' Rédigez votre réponse en phrases qui disent comment les idées se relient, pas en liste de mots.',
  },
};

// A script other than Latin: a language the detector may not name on a short text, and one these
// sentences are not in.
const NON_LATIN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Thai}]/u;

/**
 * The feedback words for a question in `language` (detected from `text`, the question and its
 * expected answer), and the note to add when they are not its language.
 */
export function feedbackWordsFor(
  language: string | null,
  text: string,
): { words: FeedbackWords; note: string } {
  if (language === null) {
    return NON_LATIN.test(text)
      ? {
          words: ENGLISH,
          note: ' (Feedback in English: the offline grader writes only English, German, Spanish and French.)',
        }
      : { words: ENGLISH, note: '' };
  }
  const base = language.split('-')[0] ?? language;
  const words = WORDS[base];
  if (words) return { words, note: '' };
  const name = languageName(base);
  return {
    words: ENGLISH,
    note: ` (Feedback in English: the offline grader cannot write ${name}.)`,
  };
}

let stopLists: Record<string, string[]> | undefined;
const stopSets = new Map<string, ReadonlySet<string>>();

/**
 * The stop words of a language (BCP 47) from the npm package `stopwords-iso` (58 languages), or
 * undefined when it has none. Read once, on the first grading in a language other than English.
 */
export function stopWords(language: string): ReadonlySet<string> | undefined {
  const base = language.split('-')[0] ?? language;
  const cached = stopSets.get(base);
  if (cached) return cached;
  stopLists ??= createRequire(import.meta.url)('stopwords-iso') as Record<string, string[]>;
  const list = stopLists[base];
  if (!list) return undefined;
  const set = new Set(list.map((w) => w.toLowerCase()));
  stopSets.set(base, set);
  return set;
}
