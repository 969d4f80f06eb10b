import type { DocumentModel, Phrase, PhraseOccurrence, Sentence } from './document';
import type { QuestionWords } from './question-words';
import { foreignCopula } from './summarize';

/**
 * Real questions, self-contained stems and concept tags for German, Spanish, French, Portuguese and
 * Italian sources (the languages latin-tags.ts tags), where rewrite.ts reads English only:
 * - a definition "X ist der Vorgang, bei dem …" asked from its predicate: "Wie heißt der Vorgang,
 *   bei dem …?" (a multiple choice whose options are terms; "Was ist X?" is the free response);
 * - "X <verb> <object> …" with X opening the sentence asked as "Was <verb> X?" ("Die Photosynthese
 *   liefert den Sauerstoff" → "Was liefert die Photosynthese?");
 * - a sentence that leans on the one before (a connective adverb or a pronoun subject at its
 *   start, "Dabei entstehen …", "Sie ist …", "Sin embargo, …", "Il est …") is no stem on its own;
 * - concept tags are nouns or noun phrases in one form per word (German "Pflanze" and "Pflanzen"
 *   are one tag; the Romance languages' keys already drop the plural, latin-tags.ts).
 * The word lists below are ours: stopwords-iso (feedback-words.ts) lists these words among all
 * function words without saying which are connectives or pronouns, and no maintained npm list
 * sorts them so.
 */

export const LATIN_REWRITTEN = new Set(['de', 'es', 'fr', 'pt', 'it']);

const baseOf = (language: string | null) => (language ?? '').split('-')[0] ?? '';

/** Adverbs and adverbial phrases opening a sentence that carries on from the one before. */
const CONNECTIVES: Record<string, ReadonlySet<string>> = {
  de: new Set(
    'dabei dadurch daher darum deshalb deswegen dafür dazu daraus darauf darin davon danach davor dagegen damit außerdem zudem ferner jedoch allerdings trotzdem dennoch stattdessen somit also folglich ebenso ebenfalls hierbei hierdurch hierzu hierfür hiermit anschließend sonst andernfalls zusätzlich gleichzeitig ebendort dort'.split(
      ' ',
    ),
  ),
  es: new Set(
    'además asimismo así también entonces luego después igualmente incluso sin_embargo no_obstante por_eso por_ello por_tanto por_lo_tanto por_consiguiente en_cambio de_este_modo de_esta_manera de_esta_forma por_otro_lado por_su_parte'.split(
      ' ',
    ),
  ),
  fr: new Set(
    "ainsi ensuite puis alors cependant toutefois pourtant néanmoins donc aussi également sinon de_plus en_outre par_ailleurs par_conséquent en_revanche de_même c'est_pourquoi de_cette_façon de_cette_manière".split(
      ' ',
    ),
  ),
  pt: new Set(
    'assim portanto então contudo porém também além_disso no_entanto por_isso dessa_forma desse_modo deste_modo por_outro_lado'.split(
      ' ',
    ),
  ),
  it: new Set(
    'inoltre quindi pertanto tuttavia però poi allora così anche invece infatti dunque perciò in_questo_modo in_questo_caso per_questo'.split(
      ' ',
    ),
  ),
};

/**
 * Pronouns, demonstratives and possessives that, opening a sentence, point at something an earlier
 * one named ("Sie ist die Grundlage …", "Ce processus …", "Su función …").
 */
const POINTING: Record<string, ReadonlySet<string>> = {
  de: new Set(
    'er sie es dies diese dieser dieses diesem diesen solche solcher solches derartige beide jene jener jenes sein seine ihr ihre'.split(
      ' ',
    ),
  ),
  es: new Set(
    'él ella ellos ellas esto eso aquello este esta estos estas ese esa esos esas aquel aquella aquellos aquellas dicho dicha dichos dichas tal tales su sus'.split(
      ' ',
    ),
  ),
  fr: new Set(
    "il elle ils elles ce c' cela ceci ça celui celle ceux celles cet cette ces son sa ses leur leurs".split(
      ' ',
    ),
  ),
  pt: new Set(
    'ele ela eles elas isto isso aquilo este esta estes estas esse essa esses essas aquele aquela aqueles aquelas tal tais seu sua seus suas'.split(
      ' ',
    ),
  ),
  it: new Set(
    'egli ella esso essa essi esse lui lei loro ciò questo questa questi queste quello quella quelli quelle tale tali suo sua suoi sue'.split(
      ' ',
    ),
  ),
};

/** Languages that drop a pronoun subject: a sentence opening with its finite verb ("Es la base …"). */
const PRO_DROP = new Set(['es', 'pt', 'it']);

const words = (s: Sentence) => s.tokens.filter((t) => t.type === 'word');

/**
 * Whether the sentence, copied alone into a card, leans on the sentence before it: a connective
 * opening it ("Dabei entstehen …", "Sin embargo, …", "Par conséquent, …"), a pronoun or a
 * demonstrative as its first word ("Sie ist …", "Cette énergie …"), or, where the language drops
 * the subject, a finite verb first ("Es la base de …"). German "Es gibt …" names its subject.
 */
export function leansOnEarlier(s: Sentence, language: string | null): boolean {
  const base = baseOf(language);
  if (!LATIN_REWRITTEN.has(base)) return false;
  const w = words(s);
  const first = w[0]?.normal ?? '';
  const run = (n: number) =>
    w
      .slice(0, n)
      .map((t) => t.normal)
      .join('_');
  const connectives = CONNECTIVES[base];
  if (connectives && [1, 2, 3, 4].some((n) => connectives.has(run(n)))) return true;
  if (base === 'de') {
    if (first === 'es' && w[1]?.normal === 'gibt') return false;
    // "Das ist …", "Die sind …": an article standing alone before the verb is a pronoun.
    if (['das', 'der', 'die'].includes(first) && /^\p{Ll}/u.test(w[1]?.value ?? '')) {
      const next = w[1];
      if (next && (next.pos === 'AUX' || next.pos === 'VERB')) return true;
    }
  }
  if (POINTING[base]?.has(first)) return true;
  if (PRO_DROP.has(base) && w[0]?.pos === 'AUX') return true;
  return false;
}

/** The question's subject as the sentence writes it, the first letter lowered unless a noun in German. */
function subjectText(s: Sentence, end: number, base: string): string {
  const from = s.offsets[0] ?? 0;
  const to = (s.offsets[end - 1] ?? 0) + (s.tokens[end - 1]?.value.length ?? 0);
  const text = s.text.slice(from, to);
  const first = s.tokens[0];
  // German capitalises nouns; elsewhere a capital only from the sentence start goes (a name keeps it).
  const lower =
    first !== undefined &&
    (first.pos === 'DET' || (base !== 'de' && first.pos !== 'PROPN' && end > 1));
  return lower ? (text[0]?.toLowerCase() ?? '') + text.slice(1) : text;
}

/** Whether only an article or a possessive comes before the phrase (it is the sentence's subject). */
function opensWithSubject(s: Sentence, o: PhraseOccurrence): boolean {
  if (o.start > 2) return false;
  return s.tokens.slice(0, o.start).every((t) => t.pos === 'DET');
}

/** "and" and "or": before a verb, they open a second predicate. */
const COORDINATORS = new Set(['und', 'oder', 'y', 'e', 'o', 'u', 'et', 'ou', 'ed']);

const PLURAL_COPULAS = new Set(['sind', 'son', 'sont', 'são', 'sono', 'waren', 'eran', 'étaient']);

/**
 * A definition whose subject is the answer, asked from its predicate: "X ist der Vorgang, bei dem
 * …" → "Wie heißt der Vorgang, bei dem …?". Null when the sentence is no such definition or its
 * predicate is too short to point at one term ("X ist ein Gas.").
 */
export function namedChoice(
  s: Sentence,
  o: PhraseOccurrence,
  phrase: Phrase,
  language: string | null,
  words: QuestionWords,
): string | null {
  const base = baseOf(language);
  if (!LATIN_REWRITTEN.has(base) || !words.named) return null;
  if (phrase.kind === 'date' || phrase.kind === 'quantity') return null;
  if (!opensWithSubject(s, o)) return null;
  const copula = foreignCopula(s, o.end);
  if (!copula) return null;
  const start = s.offsets[o.end + 1];
  if (start === undefined) return null;
  // The predicate ends where a second one begins ("… der Gesellschaft und hat Anspruch auf …",
  // "… de la société et a droit à …") or at a semicolon: the question asks for the class alone.
  const stop = s.tokens.findIndex(
    (t, i) =>
      i > o.end + 1 &&
      (t.value === ';' ||
        (COORDINATORS.has(t.normal) &&
          (s.tokens[i + 1]?.pos === 'AUX' || s.tokens[i + 1]?.pos === 'VERB') &&
          /^\p{Ll}/u.test(s.tokens[i + 1]?.value ?? ''))),
  );
  const predicate = s.text
    .slice(start, stop < 0 ? undefined : s.offsets[stop])
    .replace(/[.!?…]+["”’»)]?$/u, '')
    .replace(/[,;:]\s*$/u, '')
    .trim();
  // The predicate names a class and says enough about it: an article and at least four words.
  const predicateWords = predicate.split(/\s+/).filter((x) => /\p{L}/u.test(x));
  if (predicateWords.length < 5) return null;
  // A predicate that repeats the term gives it away.
  if (predicate.toLowerCase().includes(o.surface.toLowerCase())) return null;
  return words.named(predicate, PLURAL_COPULAS.has(copula));
}

/** Words after a verb that open its direct object (an article, a determiner, a number). */
const OBJECT_OPENERS: Record<string, ReadonlySet<string>> = {
  de: new Set(
    'den die das ein eine einen kein keine keinen seine seinen ihre ihren alle viele einige mehrere'.split(
      ' ',
    ),
  ),
  es: new Set('el la los las un una unos unas su sus varios varias muchos muchas'.split(' ')),
  fr: new Set("le la les l' un une son sa ses leur leurs plusieurs".split(' ')),
  pt: new Set('o a os as um uma uns umas seu sua seus suas vários várias muitos muitas'.split(' ')),
  it: new Set("il lo la i gli le l' un uno una un' suo sua suoi sue molti molte".split(' ')),
};

/** Adverbs that may stand between a verb and its object ("liefert fast den gesamten …"). */
const LIGHT_ADVERBS: Record<string, ReadonlySet<string>> = {
  de: new Set('fast etwa nur auch vor allem zunächst meist oft stets immer ebenfalls'.split(' ')),
  es: new Set('casi solo sólo también principalmente'.split(' ')),
  fr: new Set('presque seulement aussi principalement surtout'.split(' ')),
  pt: new Set('quase apenas também principalmente'.split(' ')),
  it: new Set('quasi solo anche principalmente'.split(' ')),
};

/** German separable verb particles, written at the end of the clause ("nimmt … Licht auf"). */
const GERMAN_PARTICLES = new Set(
  'ab an auf aus bei dar durch ein fest fort her herum hin los mit nach vor weg weiter zu zurück zusammen um'.split(
    ' ',
  ),
);

/** Negations and reflexives: "Was ernährt Tiere?" from "Tiere ernähren sich …" asks the wrong thing. */
const NO_OBJECT_QUESTION = new Set(
  "nicht nie kein keine sich no nunca se ne n' s' non não".split(' '),
);

/**
 * "X <verb> <object> …" with X the sentence's subject asked as "What does X <verb>?" in the
 * language: "Die Photosynthese liefert fast den gesamten Sauerstoff …" → "Was liefert die
 * Photosynthese?", "La clorofila absorbe la luz …" → "¿Qué absorbe la clorofila?", "La
 * chlorophylle absorbe la lumière" → "Qu'absorbe la chlorophylle ?". Only for a verb with a direct
 * object right after it (an article or, in German, a noun): "Die Elektronen wandern über …" asks
 * nothing "Was" answers.
 */
export function objectQuestion(
  s: Sentence,
  o: PhraseOccurrence,
  language: string | null,
  words: QuestionWords,
): string | null {
  const base = baseOf(language);
  if (!LATIN_REWRITTEN.has(base) || !words.whatDoes) return null;
  if (!opensWithSubject(s, o)) return null;
  // "Das Enzym Rubisco verbindet …": a German noun after the subject's noun is its apposition.
  let end = o.end;
  while (
    base === 'de' &&
    s.tokens[end]?.pos === 'NOUN' &&
    /^\p{Lu}/u.test(s.tokens[end]?.value ?? '')
  )
    end++;
  const verb = s.tokens[end];
  if (!verb || verb.type !== 'word' || verb.pos !== 'VERB' || /^\p{Lu}/u.test(verb.value))
    return null;
  // A finite verb of the third person: German -t/-en, Romance -a/-e/-an/-en/-ent/-t/-it.
  const finite =
    base === 'de'
      ? /(?:t|en|n)$/u.test(verb.normal)
      : base === 'fr'
        ? /(?:e|ent|t|it|ut|d)$/u.test(verb.normal)
        : /(?:a|e|an|en|am|em|ono|ano)$/u.test(verb.normal);
  if (!finite) return null;
  if (s.tokens.some((t) => NO_OBJECT_QUESTION.has(t.normal))) return null;
  let k = end + 1;
  while (LIGHT_ADVERBS[base]?.has(s.tokens[k]?.normal ?? '')) k++;
  const object = s.tokens[k];
  if (!object || object.type !== 'word') return null;
  // A bare noun is an object too ("nutzt ATP", "lanzan ceniza volcánica"), not an adverb in -ment(e).
  const opensObject =
    OBJECT_OPENERS[base]?.has(object.normal) ||
    (base === 'de'
      ? object.pos === 'NOUN' && /^\p{Lu}/u.test(object.value)
      : object.pos === 'NOUN' && !object.stop && !/ment[eo]?$/u.test(object.normal)) ||
    object.pos === 'NUM';
  if (!opensObject) return null;
  // German: the clause's last word is a separable particle the question keeps ("Was nimmt das
  // Chlorophyll auf?"); any other lower-case word there is a verb of its own (a participle, an
  // infinitive) the question would lose.
  let particle = '';
  if (base === 'de') {
    const comma = s.tokens.findIndex((t, i) => i > k && t.value === ',');
    const clause = s.tokens
      .slice(k, comma < 0 ? undefined : comma)
      .filter((t) => t.type === 'word');
    const last = clause[clause.length - 1];
    if (last && /^\p{Ll}/u.test(last.value) && last !== object) {
      if (GERMAN_PARTICLES.has(last.normal)) particle = last.normal;
      else if (last.pos === 'VERB' || last.pos === 'AUX') return null;
    }
  }
  return words.whatDoes(verb.value, subjectText(s, end, base), particle);
}

/**
 * German plural (and genitive) endings, longest first: "Pflanze"/"Pflanzen", "Elektron"/"Elektronen",
 * "Tier"/"Tiere", "Blut"/"Blutes".
 */
const GERMAN_PLURAL = ['nen', 'en', 'er', 'es', 'n', 'e', 's'];

const canonicalCache = new WeakMap<DocumentModel, Map<string, string>>();

/**
 * German nouns the text writes in two numbers, to the singular: a word is a plural of another word
 * of the text when it is that word with a plural ending ("Pflanzen" of "Pflanze"). Only words the
 * text itself writes both ways are merged, so no ending is stripped on a guess ("Daten", "Wasser").
 */
function germanSingulars(doc: DocumentModel): Map<string, string> {
  const cached = canonicalCache.get(doc);
  if (cached) return cached;
  const nouns = new Set<string>();
  for (const s of doc.sentences)
    for (const t of s.tokens)
      if (t.type === 'word' && /^\p{Lu}\p{Ll}/u.test(t.value)) nouns.add(t.value);
  const map = new Map<string, string>();
  for (const w of nouns)
    for (const ending of GERMAN_PLURAL) {
      const stem = w.slice(0, -ending.length);
      if (w.endsWith(ending) && stem.length >= 3 && nouns.has(stem)) {
        map.set(w, stem);
        break;
      }
    }
  canonicalCache.set(doc, map);
  return map;
}

/**
 * A phrase as a concept tag: German phrases led by an inflected adjective the text uses once
 * ("entstehenden Verbindungen", "gesamten Sauerstoff") are tagged by their nouns, and a German
 * noun by its singular where the text writes both. The Romance languages' phrases are nouns with
 * their adjectives and come through as written.
 */
export function conceptTag(p: Phrase, doc: DocumentModel, language: string | null): string {
  const base = baseOf(language);
  const text = p.kind === 'concept' ? (p.lowerSurface ?? p.surface) : p.surface;
  if (base !== 'de') return text;
  let parts = p.surface.split(/\s+/u);
  if (p.count < 2 && parts.some((x) => /^\p{Ll}/u.test(x))) {
    const nouns = parts.filter((x) => /^\p{Lu}/u.test(x));
    if (nouns.length > 0) parts = nouns;
  }
  const singular = germanSingulars(doc);
  return parts.map((x) => singular.get(x) ?? x).join(' ');
}
