import { AiError } from '../../errors';
import {
  freeResponseEvaluation,
  gradeMultipleChoice,
  isMultipleChoice,
  stoplightFor,
} from '../../grading';
import type { EvaluateInput, Evaluation, QuestionForGrading, Stoplight } from '../../types';
import { analyze, type DocumentModel } from './document';
import { cosineSimilarity, hashingVector } from './hashing-embedder';
import { stem, type Token } from './nlp';
import { LIGHT_VERBS } from './lexicon';
import { VOCABULARY, wordVectors } from './word-vectors';
import { glosses, synonyms, synsets, type WordNetPos } from './wordnet';
import { type FeedbackWords, feedbackWordsFor, stopWords } from './feedback-words';
import { detectLanguage } from '../../language';
import { RETAGGED_LANGUAGES } from './latin-tags';

/**
 * Grading without a model. Multiple choice compares indexes (shared with every provider). A free response is compared with the
 * expected answer two ways: how much of the expected answer's key vocabulary it covers (by stem,
 * weighted by part of speech, terms the question already gives away counting little) and how
 * similar the two texts are as hashing embeddings (word pairs and character n-grams catch
 * rewordings and spelling variants). Clarity looks at the answer's form, depth at how many distinct
 * key ideas it develops. The feedback names what was covered and what was missing.
 */

const VECTOR_SIZE = 1024;
// "without", "nothing" and "none" qualify far more often than they deny a claim ("without too much
// hassle"), so only words that negate the clause they stand in count.
const NEGATIONS = new Set(['not', 'no', 'never', 'neither', 'nor', 'cannot']);
const BOUNDS = new Set(['more', 'less', 'fewer', 'greater', 'smaller', 'larger']);
const CONNECTIVES = new Set([
  'because',
  'since',
  'therefore',
  'thus',
  'so',
  'which',
  'while',
  'whereas',
  'although',
  'example',
  'instance',
  'means',
  'such',
]);

export function evaluateAnswer(input: EvaluateInput): Evaluation {
  const { question, response } = input;
  // Multiple choice is graded as every provider grades it (../../grading).
  return isMultipleChoice(question)
    ? gradeMultipleChoice(question, response)
    : gradeFreeResponse(question, typeof response === 'number' ? String(response) : response);
}

// ---------------------------------------------------------------------------------------------

/** `nameable`: a noun or part of a phrase, so worth naming in feedback (a lone "small" is not). */
type KeyTerm = {
  stem: string;
  lemma: string;
  /** Lower-cased as written: what the word vectors are keyed by. */
  normal: string;
  weight: number;
  label: string;
  nameable: boolean;
  /** The part of speech the expected answer uses it in (its definitions are read in that one). */
  pos: string;
};

const POS_WEIGHT: Record<string, number> = {
  PROPN: 1.2,
  NOUN: 1,
  NUM: 0.9,
  ADJ: 0.6,
  VERB: 0.6,
  ADV: 0.3,
  X: 0.5,
};

// Abbreviations that look like words to the tokenizer.
const NOT_TERMS = new Set(['e.g.', 'i.e.', 'etc', 'etc.', 'al', 'al.', 'cf', 'cf.', 'vs', 'vs.']);

/**
 * A content word worth matching. wink's stop words are English; `stops` adds those of the
 * question's language when it is another (stopwords-iso), so "der", "el" or "les" are no key terms.
 */
function isContentToken(t: Token, stops?: ReadonlySet<string>): boolean {
  return t.type === 'word' || t.type === 'number'
    ? !t.stop &&
        !stops?.has(t.normal) &&
        t.normal.length >= 2 &&
        !NOT_TERMS.has(t.normal) &&
        POS_WEIGHT[t.pos] !== undefined &&
        !LIGHT_VERBS.has(t.lemma)
    : false;
}

/** The expected answer's key terms, labelled with the noun phrase they belong to when there is one. */
function keyTerms(
  doc: DocumentModel,
  questionStems: Set<string>,
  isKey: (t: Token) => boolean,
  phrases: boolean,
): KeyTerm[] {
  const terms = new Map<string, KeyTerm>();
  for (const s of doc.sentences) {
    const labelAt = new Map<number, string>();
    if (phrases)
      for (const p of s.phrases) for (let i = p.start; i < p.end; i++) labelAt.set(i, p.surface);
    s.tokens.forEach((t, i) => {
      if (!isKey(t)) return;
      // Restating the question earns little: its own terms weigh a fifth.
      const weight = (POS_WEIGHT[t.pos] ?? 0.5) * (questionStems.has(t.stem) ? 0.2 : 1);
      const existing = terms.get(t.stem);
      const phrase = labelAt.get(i);
      const nameable =
        phrase !== undefined || t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'NUM';
      if (!existing || existing.weight < weight)
        terms.set(t.stem, {
          stem: t.stem,
          lemma: t.lemma.toLowerCase(),
          normal: t.normal,
          weight,
          label: phrase ?? t.value,
          nameable,
          pos: t.pos,
        });
    });
  }
  return [...terms.values()];
}

/**
 * Stems match, or (for longer words) share their first five letters: "develop" / "developers", or
 * one stem of four letters or more opens the other ("reus" / "reusabl": reused, reusability).
 */
function matches(stem: string, answer: Set<string>, prefixes: Set<string>): boolean {
  if (answer.has(stem) || (stem.length >= 5 && prefixes.has(stem.slice(0, 5)))) return true;
  if (stem.length < 4) return false;
  for (const a of answer) {
    if (a.length >= 4 && (a.startsWith(stem) || stem.startsWith(a))) return true;
  }
  return false;
}

/** "Re-usability" is "reusability": a hyphen after a common prefix only splits the word for the tokenizer. */
const joinPrefixes = (text: string) =>
  text.replace(/\b(re|co|pre|non|un|sub|multi|inter|over|under|de)-(?=\p{Ll})/giu, '$1');

/**
 * An acronym in one text spelled out in the other ("FIFO" / "first in, first out"): the spelled-out
 * words are appended to the answer for matching, or the acronym when the answer spells it out, so
 * both count as the same idea. Only for the comparison: feedback quotes the texts as written.
 */
function withAcronyms(answer: string, reference: string): string {
  const words = (text: string) => text.match(/\p{L}[\p{L}\p{N}']*/gu) ?? [];
  const acronyms = (text: string) =>
    [...new Set(text.match(/\b[A-Z]{2,6}s?\b/g) ?? [])].map((a) => a.replace(/s$/, ''));
  const spelled = (acronym: string, text: string): string | null => {
    const ws = words(text);
    const letters = acronym.toLowerCase();
    for (let i = 0; i + letters.length <= ws.length; i++) {
      const run = ws.slice(i, i + letters.length);
      if (run.every((w, k) => w[0]?.toLowerCase() === letters[k])) return run.join(' ');
    }
    return null;
  };
  const extra: string[] = [];
  for (const a of acronyms(answer)) {
    const run = spelled(a, reference);
    if (run && !answer.toLowerCase().includes(run.toLowerCase())) extra.push(run);
  }
  for (const a of acronyms(reference)) {
    if (answer.includes(a)) continue;
    if (spelled(a, answer)) extra.push(a);
  }
  return extra.length === 0 ? answer : `${answer}\n\n${extra.join('. ')}.`;
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/**
 * A small number written one way in the answer and the other in the expected answer ("2 children" /
 * "two children"): the other spelling is appended to the answer for matching, as for acronyms.
 */
function withNumberWords(answer: string, reference: string): string {
  const has = (text: string, word: string) => new RegExp(`\\b${word}\\b`, 'i').test(text);
  const extra: string[] = [];
  NUMBER_WORDS.forEach((word, n) => {
    if (has(answer, String(n)) && has(reference, word) && !has(answer, word)) extra.push(word);
    if (has(answer, word) && has(reference, String(n)) && !has(answer, String(n)))
      extra.push(String(n));
  });
  return extra.length === 0 ? answer : `${answer}\n\n${extra.join(' ')}.`;
}

/**
 * Saying that a quantity has no bound without a word for it: "as many as you want", "as much as
 * needed", "any number of". Read as "no limit", which the negated forms below then meet with
 * "unlimited" / "limitless".
 */
const NO_LIMIT_IDIOMS =
  /\b(?:as\s+(?:many|much)\s+as\s+(?:(?:you|one|we|they|the\s+user|the\s+programmer)\s+)?(?:wants?|wish(?:es)?|likes?|needs?|needed|desired?|necessary|possible)|any\s+number\s+of)\b/i;
const NEGATING_WORDS = ['no', 'not', 'without', 'never', 'non'];
/** A negative affix on a word ("unlimited", "invisible", "nonempty", "endless"): the word's base. */
const NEGATIVE_AFFIX = /^(?:un|in|im|il|ir|non)(\p{L}{4,})$|^(\p{L}{4,})less$/u;

/**
 * One idea said by a negative word in one text and by a negation in the other ("unlimited" / "no
 * limit", "without limit", "not limited"; "limitless" / "no limit"): the other form is appended to the
 * answer for matching, as for acronyms. The base must be a word WordNet knows, so that "insert" or
 * "increase" are not read as "in-" words. An idiom of no bound ("as many as you want") counts as
 * "no limit".
 */
function withNegatedForms(answer: string, reference: string): string {
  const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const given = wordsOf(answer);
  const negated = new Set<string>();
  given.forEach((w, i) => {
    if (NEGATING_WORDS.includes(w))
      for (const next of given.slice(i + 1, i + 4)) negated.add(stem(next));
  });
  if (NO_LIMIT_IDIOMS.test(answer)) negated.add(stem('limit'));
  const affixed = new Map<string, string>();
  for (const w of given) {
    const base = negativeBase(w);
    if (base) affixed.set(stem(base), w);
  }
  const reference_ = wordsOf(reference);
  const extra: string[] = [];
  reference_.forEach((w, i) => {
    const base = negativeBase(w);
    if (base && negated.has(stem(base)) && !given.includes(w)) extra.push(w);
    if (NEGATING_WORDS.includes(w))
      for (const next of reference_.slice(i + 1, i + 4))
        if (affixed.has(stem(next))) extra.push(`${w} ${next}`);
  });
  return extra.length === 0 ? answer : `${answer}\n\n${[...new Set(extra)].join('. ')}.`;
}

/** The base of a word with a negative affix, when WordNet knows both ("unlimited" → "limited"). */
function negativeBase(word: string): string | null {
  const m = NEGATIVE_AFFIX.exec(word);
  const base = m?.[1] ?? m?.[2];
  if (!base || synsets(word).length === 0) return null;
  return synsets(base).length > 0 || synsets(stem(base)).length > 0 ? base : null;
}

/**
 * Words whose clause says something negative without a plain negation ("avoids making copies",
 * "eliminates the need to copy", "omitting the base case", "unlike an array"): its polarity cannot
 * be read from the words, so such a clause is compared with nothing.
 */
const VEILED_NEGATIONS = new Set([
  'avoid',
  'prevent',
  'without',
  'lack',
  'omit',
  'eliminate',
  'unlike',
  'instead',
  'rather',
  'except',
]);
/** Where one proposition ends and the next begins: "..., but not the return type", "if the base case is not included". */
const CLAUSE_BREAKS = new Set([
  'but',
  'whereas',
  'although',
  'though',
  'however',
  'while',
  'unless',
  'because',
  'if',
  'when',
  'so',
]);
/**
 * A condition ("if the base case is not included", "when a class does not include a constructor")
 * names a case, it claims nothing: its polarity is not compared.
 */
const CONDITIONS = new Set(['if', 'when', 'unless', 'whenever']);
/** How many words after a negation it reaches ("is not a layout engine"). */
const NEGATION_REACH = 4;
/** Negations of a verb, which deny its subject too ("the base case is not included"). */
const VERB_NEGATIONS = new Set(['not', 'never']);

/**
 * One clause: its key stems, those it denies and those it states; `predicate`, those a negation
 * reaches after it (what is denied of the subject: "does not include white spaces").
 */
type Clause = {
  stems: Set<string>;
  denied: Set<string>;
  stated: Set<string>;
  predicate: Set<string>;
};

/**
 * A text as clauses: the claims it makes. A negation denies the key words it reaches after it in its
 * clause and, when it follows an auxiliary ("is not", "does not", "can not"), the clause's subject
 * before it too: "the base case is not included" and "no base case" deny the same thing. Conditions
 * (CONDITIONS) and clauses whose polarity the words do not show (VEILED_NEGATIONS) are left out.
 */
function clausesOf(doc: DocumentModel, isKey: (t: Token) => boolean): Clause[] {
  const clauses: Clause[] = [];
  for (const s of doc.sentences) {
    let tokens: Token[] = [];
    let condition = false;
    const close = (next: Token | null) => {
      const clause = condition ? null : clauseOf(tokens, isKey);
      if (clause) clauses.push(clause);
      tokens = [];
      condition = next !== null && CONDITIONS.has(next.normal);
    };
    for (const t of s.tokens) {
      // "while" opens a clause, "a while loop" does not.
      const opens = CLAUSE_BREAKS.has(t.normal) && t.pos !== 'NOUN' && t.pos !== 'ADJ';
      if (t.type === 'punctuation' ? /^[,;:()]$/.test(t.value) : opens) close(t);
      else tokens.push(t);
    }
    close(null);
  }
  return clauses;
}

function clauseOf(tokens: readonly Token[], isKey: (t: Token) => boolean): Clause | null {
  if (tokens.some((t) => VEILED_NEGATIONS.has(t.lemma.toLowerCase()))) return null;
  const clause: Clause = {
    stems: new Set(),
    denied: new Set(),
    stated: new Set(),
    predicate: new Set(),
  };
  const deniedAt = new Set<number>();
  const predicateAt = new Set<number>();
  tokens.forEach((t, i) => {
    // "no more than two" bounds a number, it denies nothing.
    if (!NEGATIONS.has(t.normal) || BOUNDS.has(tokens[i + 1]?.normal ?? '')) return;
    for (let j = i + 1; j < Math.min(tokens.length, i + 1 + NEGATION_REACH); j++) {
      deniedAt.add(j);
      predicateAt.add(j);
    }
    // "X is not Y", "X does not Y": the subject is denied with its verb ("has no children" denies
    // the children only), back to the last "and" / "or".
    if (VERB_NEGATIONS.has(t.normal) && tokens[i - 1]?.pos === 'AUX')
      for (let j = i - 1; j >= 0 && tokens[j]?.pos !== 'CCONJ'; j--) deniedAt.add(j);
  });
  tokens.forEach((t, i) => {
    if (!isKey(t)) return;
    clause.stems.add(t.stem);
    (deniedAt.has(i) ? clause.denied : clause.stated).add(t.stem);
    if (predicateAt.has(i)) clause.predicate.add(t.stem);
  });
  return clause.stems.size > 0 ? clause : null;
}

/**
 * A contradiction: most of what the answer shares with the expected answer (by weight) is denied by
 * one and plainly stated by the other, in clauses about the same thing. A term a text both denies
 * and states ("a while loop may never execute; a do...while will always execute") is not denied by
 * it; a term the expected answer itself denies somewhere cannot be contradicted. Two clauses are
 * about the same thing when the shorter shares at least two key words with the other (all of its
 * key words when it has one): "but NOT the return type" denies another type than "the types of the
 * parameters", and one negated detail among several right ones is a qualification.
 */
const CONTRADICTED_SHARE = 0.5;
function contradiction(
  covered: KeyTerm[],
  given: DocumentModel,
  expected: DocumentModel,
  isKey: (t: Token) => boolean,
): boolean {
  const inAnswer = clausesOf(given, isKey);
  const inExpected = clausesOf(expected, isKey);
  const prefixesOf = (stems: Set<string>) =>
    new Set([...stems].filter((x) => x.length >= 5).map((x) => x.slice(0, 5)));
  const shared = (a: Clause, b: Clause) => {
    const prefixes = prefixesOf(b.stems);
    return [...a.stems].filter((x) => matches(x, b.stems, prefixes)).length;
  };
  const sameThing = (a: Clause, b: Clause) =>
    shared(a, b) >= Math.min(2, a.stems.size, b.stems.size);
  const inSet = (stems: Set<string>, stem: string) => matches(stem, stems, prefixesOf(stems));
  // Denied by `one` (never stated by it) where `other` states it (and never denies it), in clauses about the same thing.
  const deniedAgainst = (stem: string, one: Clause[], other: Clause[]) => {
    if (one.some((c) => inSet(c.stated, stem)) || other.some((c) => inSet(c.denied, stem)))
      return false;
    const mine = one.filter((c) => inSet(c.denied, stem));
    const theirs = other.filter((c) => inSet(c.stated, stem));
    // And what is denied of the subject is what the other says of it: "an array of characters does
    // not include white spaces" denies nothing of "an array of characters has a null element".
    const samePredicate = (c: Clause, e: Clause) =>
      c.predicate.size === 0 || [...c.predicate].some((x) => inSet(e.stems, x));
    return mine.some((c) => theirs.some((e) => sameThing(c, e) && samePredicate(c, e)));
  };
  const total = covered.reduce((sum, k) => sum + k.weight, 0);
  const denied = covered
    .filter(
      (k) =>
        deniedAgainst(k.stem, inAnswer, inExpected) || deniedAgainst(k.stem, inExpected, inAnswer),
    )
    .reduce((sum, k) => sum + k.weight, 0);
  return total > 0 && denied >= CONTRADICTED_SHARE * total;
}

/** Credit for one key term: its own word (1), a WordNet synonym of a word of the answer (0.8), or none. */
const SYNONYM_CREDIT = 0.8;

const WORDNET_POS: Record<string, WordNetPos> = {
  NOUN: 'noun',
  PROPN: 'noun',
  VERB: 'verb',
  ADJ: 'adj',
  ADV: 'adv',
};
/** Definitions already read, as their key stems; WordNet bounds it, the cap keeps a long-lived service small. */
const definitionStems = new Map<string, string[][]>();
const DEFINITIONS_KEPT = 20_000;

/**
 * The key stems of each WordNet definition of an English word, in the part of speech it is used in
 * (a word's definitions in other parts of speech are other meanings: "list" the verb is not "a
 * database containing an ordered array of items").
 */
function definitionsOf(lemma: string, pos: string): string[][] {
  const wordnetPos = WORDNET_POS[pos];
  if (!wordnetPos) return [];
  const id = `${lemma} ${wordnetPos}`;
  const known = definitionStems.get(id);
  if (known) return known;
  const found = glosses(lemma, wordnetPos).map((gloss) => {
    // "(computer science) indicator consisting of ...": the field names where, not what.
    const doc = analyze([gloss.replace(/^\([^)]*\)\s*/, '')], { fragments: true, language: 'en' });
    const stems = doc.sentences.flatMap((s) => s.tokens).filter((t) => isContentToken(t));
    return [...new Set(stems.map((t) => t.stem))];
  });
  if (definitionStems.size >= DEFINITIONS_KEPT) definitionStems.clear();
  definitionStems.set(id, found);
  return found;
}

const PART_BREAK = /^[,;:()]$/;

/**
 * The largest share of one part's key-term weight credited: the parts are the text's sentences (when
 * it has two or more) and its clauses set off by , ; : or parentheses (when there are two or more);
 * a part counts when it holds at least two key terms beyond the question's. 0 when none counts.
 */
function largestPartShare(
  doc: DocumentModel,
  key: readonly KeyTerm[],
  questionStems: ReadonlySet<string>,
  credit: (k: KeyTerm) => number,
): number {
  const clauses: Token[][] = [];
  for (const sentence of doc.sentences) {
    let clause: Token[] = [];
    for (const t of sentence.tokens) {
      if (t.type === 'punctuation' && PART_BREAK.test(t.value)) {
        clauses.push(clause);
        clause = [];
      } else clause.push(t);
    }
    clauses.push(clause);
  }
  const parts: (readonly Token[])[] = [
    ...(doc.sentences.length > 1 ? doc.sentences.map((s) => s.tokens) : []),
    ...(clauses.length > 1 ? clauses : []),
  ];
  let best = 0;
  for (const part of parts) {
    const stems = new Set(part.map((t) => t.stem));
    const own = key.filter((k) => stems.has(k.stem));
    if (own.filter((k) => !questionStems.has(k.stem)).length < 2) continue;
    const weight = own.reduce((sum, k) => sum + k.weight, 0);
    best = Math.max(best, own.reduce((sum, k) => sum + k.weight * credit(k), 0) / weight);
  }
  return best;
}

/** What grading reads from an answer, before any weighting (the bench fits the weights on these). */
export type FreeResponseSignals = {
  /** Weighted share of the expected answer's key terms the answer uses (stem, derivation or WordNet synonym). */
  coverage: number;
  /**
   * For an expected answer of two sentences or clauses or more, the largest share of the key-term
   * weight of one of them that the answer names (as `coverage` credits); 0 when it is one statement.
   */
  partCoverage: number;
  /** The same, a key term also credited for the closest word of the answer by word vectors or by a WordNet definition. */
  softCoverage: number;
  /** Hashing-embedding cosine of the two texts without the question's words. */
  similarity: number;
  /** Word-vector alignment: each expected word meets its closest word of the answer (idf-weighted mean). */
  alignment: number;
  /** Share of the answer's key words that belong to the subject (expected answer or question). */
  onSubject: number;
  /** Words of the answer. */
  words: number;
  /** Key terms of the expected answer beyond the question's words: how much there is to say. */
  keyCount: number;
  /** Only the question's own words. */
  restatesQuestion: boolean;
  /** The answer says there is no answer ("not answered", "I don't know", "no idea"). */
  declines: boolean;
  /** Written as code or a formula ("*(array + index)", "O(log n)"): words cannot judge it. */
  code: boolean;
  contradicts: boolean;
  /** 0-1: whether the words form sentences (see clarityOf). */
  sense: number;
};

type Analysis = {
  signals: FreeResponseSignals;
  key: KeyTerm[];
  covered: KeyTerm[];
  questionStems: Set<string>;
  expectedText: string;
  asWritten: DocumentModel;
  expected: DocumentModel;
  /** The question's language (BCP 47), or null when too short to tell. */
  language: string | null;
};

/**
 * An answer that only says there is none: "not answered", "I don't know", "no idea", "?". It is no
 * attempt: "not answered" shares no word with the expected answer, but was graded by its length like
 * any two words (about 2 of 5, never 0). English, and only the whole answer (a word that may be an answer, "pass", "skip", is not read as one): another
 * language's "I don't know" is graded as the words it is.
 */
const DECLINED =
  /^[\s\p{P}]*(?:i\s+)?(?:not\s+answered|unanswered|no\s+answer|do\s*n[o'’]?t\s+know|no\s+idea|not\s+sure|n\/a)?[\s\p{P}]*$/iu;

/** Rarer words carry more of a text's meaning: a weight from the word's frequency rank in the vectors' corpus. */
const idf = (rank: number) => Math.log((rank + 100) / 100);

/**
 * Code or a formula: at least one mark of program or math syntax (";", braces, brackets, "=", "*",
 * "&", "<", ">", "+", "|", "%", or "(" right after a name as in "f(x)", "O(n)") for every four words.
 * Prose with a parenthesis or a "+" now and then stays prose.
 */
export function isCode(text: string): boolean {
  // Names and prose that borrow the marks: "C++", "C#", "50%", "R&D".
  const prose = text.replace(/\b\p{Lu}(?:\+\+|#)|\d%|\b\p{Lu}&\p{Lu}\b/gu, ' x ');
  const marks = (prose.match(/[;{}[\]=*&<>+|%^~]|(?<=[\p{L}\p{N}_])\(/gu) ?? []).length;
  const words = (text.match(/\p{L}+/gu) ?? []).length;
  return marks > 0 && marks * 4 >= words;
}

const ENTITIES: Record<string, string> = {
  gt: '>',
  lt: '<',
  amp: '&',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * Notation read as the words it stands for. Text pasted from a web page or form can arrive with its
 * HTML entities escaped ("Left -&gt; Root"), and an arrow between spaced items writes a sequence
 * ("left child -> parent -> right child" is "left child, then parent, then right child"): read as
 * symbols, such an answer had no function words and was halved as a list of words. An arrow inside
 * code ("p->next", no spaces) is member access, not a sequence, and is left as written.
 */
export function readableNotation(text: string): string {
  return text
    .replace(/&(gt|lt|amp|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d{1,5});/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/\s+(?:-{1,2}>|→|⟶)\s+/g, ' and then ');
}

function analyzeAnswer(question: QuestionForGrading, rawResponse: string): Analysis {
  const response = readableNotation(rawResponse);
  const expectedText = readableNotation(
    (question.expectedAnswer ?? question.correctAnswerText ?? '').trim(),
  );
  if (expectedText.length === 0) {
    throw new AiError('bad_request', 'The question has no expected answer to grade against', {
      provider: 'local',
    });
  }
  const answer = response.trim();
  // Tagged for the question's language: read by the English tagger, German, Spanish, French,
  // Portuguese and Italian had almost no function words, so the source's own sentence given as the
  // answer read as a list of words (clarity 0, a French one graded red).
  const language = detectLanguage(`${question.question}\n${expectedText}`);
  const parsing = { fragments: true, language };
  const expected = analyze([joinPrefixes(expectedText)], parsing);
  const asWritten = analyze([joinPrefixes(answer)], parsing);
  const compared =
    answer.length === 0
      ? answer
      : joinPrefixes(
          withNegatedForms(
            withNumberWords(
              withAcronyms(answer, `${expectedText} ${question.question}`),
              expectedText,
            ),
            expectedText,
          ),
        );
  const given = compared === answer ? asWritten : analyze([compared], parsing);
  const questionDoc = analyze([question.question], parsing);
  const questionStems = new Set(questionDoc.sentences.flatMap((s) => s.terms));
  const stops = language && language !== 'en' ? stopWords(language) : undefined;
  const isKeyToken = (t: Token) => isContentToken(t, stops);
  // Noun phrases come from wink's English tagger: in another language a key term is named alone.
  const key = keyTerms(expected, questionStems, isKeyToken, stops === undefined);
  const givenTokens = given.sentences.flatMap((s) => s.tokens);
  const givenKeyTokens = givenTokens.filter(isKeyToken);
  const givenStems = new Set(givenKeyTokens.map((t) => t.stem));
  const givenLemmas = [...new Set(givenKeyTokens.map((t) => t.lemma.toLowerCase()))];
  const givenPrefixes = new Set(
    [...givenStems].filter((s) => s.length >= 5).map((s) => s.slice(0, 5)),
  );
  const vectors = wordVectors();
  const givenWords = [...new Set(givenKeyTokens.map((t) => t.normal))];

  const credit = (k: KeyTerm): number =>
    matches(k.stem, givenStems, givenPrefixes)
      ? 1
      : givenLemmas.some((l) => synonyms(k.lemma, l))
        ? SYNONYM_CREDIT
        : 0;
  // The closest word of the answer by meaning, credited only well above the cosine unrelated words
  // reach in these vectors (~0.3-0.5).
  const closest = (word: string, among: readonly string[]) =>
    among.reduce((best, w) => Math.max(best, vectors.similarity(word, w) ?? 0), 0);
  const softCredit = (word: string, among: readonly string[]) =>
    SOFT_CREDIT * clamp01((closest(word, among) - SOFT_FROM) / (SOFT_TO - SOFT_FROM));
  // Meaning by definition (English: WordNet's are): the answer used a word WordNet defines with the
  // key term ("delete": "remove or make invisible" for "remove"), or words of the key term's own
  // definition, for a learner who describes the idea rather than names it. The share of the
  // definition's words the answer uses, beyond the question's and the term's own. Credited as a
  // synonym is (SYNONYM_CREDIT) but only in the score, like word vectors: relatedness ("root" in a
  // tree's definition) is not precise enough to tell a learner what was covered.
  // Only in an answer on the subject (a word of the question or the expected answer): in one on
  // another, a definition's chance word ("bridge": "a structure that allows people ... to cross" for
  // a data structure) is no evidence.
  const onTopic = [...key.map((k) => k.stem), ...questionStems].some((x) =>
    matches(x, givenStems, givenPrefixes),
  );
  const definitionCredit = (k: KeyTerm): number => {
    if (stops !== undefined || !onTopic) return 0;
    let best = 0;
    for (const stems of definitionsOf(k.lemma, k.pos)) {
      const own = stems.filter((x) => x !== k.stem && !questionStems.has(x));
      const used = own.filter((x) => matches(x, givenStems, givenPrefixes)).length;
      if (own.length > 0) best = Math.max(best, used / own.length);
    }
    const definedBy = givenKeyTokens.some((t) =>
      definitionsOf(t.lemma.toLowerCase(), t.pos).some((stems) => stems.includes(k.stem)),
    );
    return SYNONYM_CREDIT * (definedBy ? 1 : best);
  };
  const credits = new Map(key.map((k) => [k.stem, credit(k)]));
  const softCredits = new Map(
    key.map((k) => [
      k.stem,
      Math.max(
        credits.get(k.stem) ?? 0,
        softCredit(k.normal, givenWords),
        (credits.get(k.stem) ?? 0) < 1 ? definitionCredit(k) : 0,
      ),
    ]),
  );
  const totalWeight = key.reduce((sum, k) => sum + k.weight, 0) || 1;
  const covered = key.filter((k) => (credits.get(k.stem) ?? 0) > 0);
  const weighted = (c: Map<string, number>) =>
    key.reduce((sum, k) => sum + k.weight * (c.get(k.stem) ?? 0), 0) / totalWeight;
  const coverage = weighted(credits);
  // An expected answer of several statements often gives the answer and then its detail ("They turn
  // sunlight into sugar. Chlorophyll in their cells ..."; "It reads the source code, checks its
  // syntax, and translates it into machine instructions"), and people give full marks for the main
  // one said right: the largest share of one part's key-term weight the answer names, a part being a
  // sentence or a clause set off by , ; : or parentheses that holds two key terms or more beyond the
  // question's (one term is a word, not a statement), for the green rule below.
  const partCoverage = largestPartShare(
    expected,
    key,
    questionStems,
    (k) => credits.get(k.stem) ?? 0,
  );

  const softCoverage = weighted(softCredits);

  const withoutQuestion = (tokens: readonly Token[]) =>
    tokens
      .filter((t) => !questionStems.has(t.stem))
      .map((t) => t.value)
      .join(' ');
  // The question's words are left out of both: repeating them is not answering (the answers people
  // scored best and worst repeat them alike).
  const similarity =
    answer.length === 0
      ? 0
      : cosineSimilarity(
          hashingVector(withoutQuestion(givenTokens), VECTOR_SIZE),
          hashingVector(withoutQuestion(expected.sentences.flatMap((s) => s.tokens)), VECTOR_SIZE),
        );
  // Alignment, as BERTScore does with contextual vectors: each word of the expected answer meets its
  // closest word of the answer (its own word counts 1).
  const align = (from: readonly Token[], to: readonly Token[]) => {
    const targets = [...new Set(to.filter(isKeyToken).map((t) => t.normal))];
    let sum = 0;
    let total = 0;
    for (const t of from.filter(isKeyToken)) {
      const rank = vectors.rank(t.normal);
      const w =
        (rank === undefined ? idf(VOCABULARY) : idf(rank)) * (questionStems.has(t.stem) ? 0.2 : 1);
      const exact = to.some((x) => x.stem === t.stem);
      sum += w * (exact ? 1 : Math.max(0, closest(t.normal, targets)));
      total += w;
    }
    return total === 0 ? 0 : sum / total;
  };
  const expectedTokens = expected.sentences.flatMap((s) => s.tokens);
  const alignment = answer.length === 0 ? 0 : align(expectedTokens, givenTokens);

  // Precision: how much of what the answer says belongs to the subject (the expected answer or the
  // question, by stem, prefix or synonym); padding on another subject dilutes it.
  const refStems = new Set([...key.map((k) => k.stem), ...questionStems]);
  const refPrefixes = new Set([...refStems].filter((x) => x.length >= 5).map((x) => x.slice(0, 5)));
  const refKeyTokens = [...expected.sentences, ...questionDoc.sentences]
    .flatMap((x) => x.tokens)
    .filter(isKeyToken);
  const refLemmas = [...new Set(refKeyTokens.map((t) => t.lemma.toLowerCase()))];
  const strictOn = givenKeyTokens.map((t) =>
    matches(t.stem, refStems, refPrefixes) ||
    refLemmas.some((l) => synonyms(t.lemma.toLowerCase(), l))
      ? 1
      : 0,
  );
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const onSubject = mean(strictOn);

  const words = asWritten.sentences
    .flatMap((s) => s.tokens)
    .filter((t) => t.type === 'word' || t.type === 'number').length;
  const ownStems = [...givenStems].filter((s) => !questionStems.has(s));
  const restatesQuestion = givenStems.size > 0 && ownStems.length === 0;
  const declines = DECLINED.test(answer);
  const contradicts = contradiction(
    key
      .map((k) => ({ ...k, weight: k.weight * (softCredits.get(k.stem) ?? 0) }))
      .filter((k) => k.weight > 0),
    given,
    expected,
    isKeyToken,
  );
  const { sense } = clarityOf(asWritten, Math.max(onSubject, coverage), expected, language);
  return {
    signals: {
      coverage,
      partCoverage,
      softCoverage,
      similarity,
      alignment,
      onSubject,
      words,
      keyCount: key.filter((k) => !questionStems.has(k.stem)).length,
      restatesQuestion,
      declines,
      code: isCode(answer),
      contradicts,
      sense,
    },
    key,
    covered,
    questionStems,
    expectedText,
    asWritten,
    expected,
    language,
  };
}

/** The signals of one answer, for the bench that fits and checks the weights below. */
export function freeResponseSignals(
  question: QuestionForGrading,
  response: string,
): FreeResponseSignals {
  return analyzeAnswer(question, response).signals;
}

/** Word-vector credit: none below cosine SOFT_FROM, rising to SOFT_CREDIT at SOFT_TO (GloVe's unrelated words reach 0.3-0.5). */
const SOFT_FROM = 0.5;
const SOFT_TO = 0.85;
const SOFT_CREDIT = 0.8;

/**
 * The score people would give (0-5), from four signals combined linearly: key-term coverage and
 * similarity square-rooted (covering half the key ideas is worth more than half marks, as people
 * grade), word-vector alignment, and length against what there is to say (an answer of three words
 * rarely covers an expected answer of eight key terms, whichever words it uses; capped, so padding
 * earns nothing beyond it). The weights are a least-squares fit on one half of the labelled set's
 * questions (bench/grading.ts), checked on the other half: no question, answer or per-question figure
 * of the set is used.
 */
export const WEIGHTS = {
  coverage: 1.15,
  similarity: 1,
  alignment: 0.22,
  length: 3.4,
  bias: -0.78,
};

/**
 * The share of the expected answer's key-term weight an answer must name (by word, derivation or
 * WordNet synonym: `coverage`) to be green; below it, yellow at best. Chosen among 0.3 / 0.4 / 0.5 by
 * the tune half's 8-fold (bench/README.md, 2026-11-30).
 */
export const GREEN_COVERAGE = 0.4;
/**
 * Or the share of one sentence or clause of a longer expected answer it must name (`partCoverage`):
 * one statement of the source said right is an answer, and the feedback still names what the other
 * parts add. Chosen among 0.5 / 0.6 / 0.7 in the tune half's 8-fold as the lowest share that lets no
 * more of people's < 2.5 go green (bench/README.md, 2026-11-30, "one statement of the source").
 */
export const GREEN_PART = 0.6;

/** Where people's scale (0-5) crosses into yellow and into green, set on the same half. */
export const YELLOW_FROM = 3.45;
export const GREEN_FROM = 4.45;

/** The weights and edges together: what the fit produces (bench/grading-fit.ts cross-checks others). */
export type GradingModel = { weights: typeof WEIGHTS; yellowFrom: number; greenFrom: number };
const MODEL: GradingModel = { weights: WEIGHTS, yellowFrom: YELLOW_FROM, greenFrom: GREEN_FROM };

/** The four signals as the linear model reads them (the fit in bench/grading-fit.ts reads the same). */
export function featuresOf(s: FreeResponseSignals): Omit<typeof WEIGHTS, 'bias'> {
  return {
    coverage: Math.sqrt(s.softCoverage),
    similarity: Math.sqrt(clamp01(s.similarity / 0.3)),
    alignment: s.alignment,
    length: Math.sqrt(Math.min(1, s.words / Math.max(1, s.keyCount))),
  };
}

export function predictedScore(s: FreeResponseSignals, model: GradingModel = MODEL): number {
  const f = featuresOf(s);
  const w = model.weights;
  let score =
    w.coverage * f.coverage +
    w.similarity * f.similarity +
    w.alignment * f.alignment +
    w.length * f.length +
    w.bias;
  score = clamp(score, 0, 5);
  // Only the question's own words: nothing was answered.
  if (s.restatesQuestion) score = Math.min(score, 1.5);
  // Short of the expected answer's key terms (by word, derivation or synonym): partly right at best.
  // Word vectors and definitions still raise the score, but what they credit is relatedness, which
  // the feedback cannot name as covered; green says the answer names what the source says.
  // Or one statement of a longer expected answer, named (GREEN_PART).
  if (s.coverage < GREEN_COVERAGE && s.partCoverage < GREEN_PART)
    score = Math.min(score, model.greenFrom - 0.01);
  // Denying what the expected answer states is never right, however many of its words it uses.
  if (s.contradicts) score = Math.min(score, (model.yellowFrom + model.greenFrom) / 2);
  // No words at all; or words thrown together, which are not an answer whichever words they are.
  if (s.words === 0 || s.declines) score = 0;
  else if (s.sense < 0.25) score *= 0.5 + 2 * s.sense;
  // Code or a formula: this grader reads words, and cannot tell whether "*(arrayName + index)" or
  // "O(log n)" says what the expected answer says in words (nor is code prose, so the word-salad
  // rule above does not apply to it). Never wrong on words alone: partly right, naming what the
  // source says, unless it denies what the source states or restates the question.
  if (s.code && s.words > 0 && !s.contradicts && !s.restatesQuestion)
    score = Math.max(score, model.yellowFrom);
  return score;
}

/**
 * Accuracy 0-10 from the predicted score: linear (the figure people's scores correlate with) with the
 * stoplight's edges (red below 4, green from 7, after rounding) at YELLOW_FROM and GREEN_FROM, and
 * steeper above GREEN_FROM so that a complete answer reaches 10.
 */
export function accuracyOf(s: FreeResponseSignals, model: GradingModel = MODEL): number {
  const p = predictedScore(s, model);
  const { yellowFrom, greenFrom } = model;
  if (p < greenFrom)
    return clamp(3.5 + (2.99 * (p - yellowFrom)) / (greenFrom - yellowFrom), 0, 6.49);
  return Math.min(10, 6.5 + (3.5 * (p - greenFrom)) / (5 - greenFrom));
}

function gradeFreeResponse(question: QuestionForGrading, response: string): Evaluation {
  const { signals, key, covered, questionStems, expectedText, asWritten, expected, language } =
    analyzeAnswer(question, response);
  const { coverage, onSubject, contradicts, sense } = signals;
  const { clarity } = clarityOf(
    asWritten,
    Math.max(onSubject, coverage, signals.similarity / 0.3),
    expected,
    language,
  );

  const distinctCovered = new Set(
    covered.filter((k) => !questionStems.has(k.stem)).map((k) => k.label.toLowerCase()),
  ).size;
  const distinctKey = new Set(
    key.filter((k) => !questionStems.has(k.stem)).map((k) => k.label.toLowerCase()),
  ).size;
  const depth = Math.round(
    depthOf(distinctCovered, distinctKey, asWritten, expected, coverage) * Math.min(1, sense * 2),
  );

  const rounded = Math.round(accuracyOf(signals));
  const { words, note } = feedbackWordsFor(language, `${question.question}\n${expectedText}`);
  return freeResponseEvaluation({
    accuracy: rounded,
    clarity,
    depth,
    feedback:
      feedbackFor(
        stoplightFor(rounded),
        key,
        covered,
        questionStems,
        expectedText,
        contradicts,
        words,
        signals.code,
      ) +
      (sense < 0.25 ? words.sentences : '') +
      note,
  });
}

/**
 * Part-of-speech pairs English almost never writes ("the of", "a is", "and and"): many of them mean
 * words thrown together, however well punctuated.
 */
const ARTICLES = new Set(['a', 'an', 'the']);
const CLOSED_CLASS = new Set(['DET', 'ADP', 'PRON', 'AUX', 'CCONJ', 'SCONJ', 'PART']);
const IMPLAUSIBLE_PAIRS = new Set([
  'DET AUX',
  'DET ADP',
  'DET DET',
  'DET CCONJ',
  'DET PRON',
  'DET PUNCT',
  'ADP ADP',
  'ADP CCONJ',
  'ADP PUNCT',
  'CCONJ CCONJ',
  'CCONJ PUNCT',
  'AUX AUX',
  'PRON PRON',
]);

/**
 * Clarity of form and sense, without a language model: sentence length (8-25 words read best), a
 * verb in each sentence, capital and final punctuation, variety of words, and, so that word salad is
 * not clear however it is punctuated, a share of function words like English prose (about a third to
 * a half; a list of content words or a string of "the of and" is far off), few implausible
 * part-of-speech pairs, few repeated words, and relevance: an answer on another subject is not a
 * clear answer to this question.
 */
function clarityOf(
  given: DocumentModel,
  relevance: number,
  expected?: DocumentModel,
  language: string | null = null,
): { clarity: number; sense: number } {
  const sentences = given.sentences.filter((s) => s.words > 0);
  if (sentences.length === 0) return { clarity: 0, sense: 0 };
  const lengths = sentences.map((s) => s.words);
  const mean = lengths.reduce((a, b) => a + b, 0) / lengths.length;
  // Sentences of 8-25 words read best; fragments and run-ons less so.
  const lengthScore =
    mean < 3
      ? 0.2
      : mean < 8
        ? 0.4 + (mean - 3) * 0.12
        : mean <= 25
          ? 1
          : Math.max(0.4, 1 - (mean - 25) / 40);
  const withVerb =
    sentences.filter((s) => s.tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX')).length /
    sentences.length;
  const punctuated =
    sentences.filter((s) => /[.!?]["”’)]?$/.test(s.text) && /^["“‘'(]?[\p{Lu}\d]/u.test(s.text))
      .length / sentences.length;
  const terms = sentences.flatMap((s) => s.terms);
  const variety = terms.length === 0 ? 0.5 : Math.min(1, new Set(terms).size / terms.length + 0.2);
  const form = 0.35 * lengthScore + 0.3 * withVerb + 0.15 * punctuated + 0.2 * variety;

  const words = sentences.flatMap((s) => s.tokens.filter((t) => t.type === 'word'));
  let sense = 1;
  if (words.length >= 6) {
    // Closed-class words (articles, prepositions, pronouns, auxiliaries, conjunctions) hold prose
    // together: a third to a half of English. Almost none is a list of keywords; nearly all is filler.
    const closed = words.filter((t) => CLOSED_CLASS.has(t.pos)).length / words.length;
    const functionWords = Math.min(clamp01(closed / 0.15), clamp01((0.85 - closed) / 0.15));
    // Only an article must open a noun phrase: "both", "all" or "each" stand alone ("both are").
    const pairs = sentences.flatMap((s) =>
      s.tokens.slice(1).flatMap((t, i) => {
        const before = s.tokens[i];
        if (!before || (before.pos === 'DET' && !ARTICLES.has(before.normal))) return [];
        return [`${before.pos} ${t.pos}`];
      }),
    );
    const odd = pairs.filter((p) => IMPLAUSIBLE_PAIRS.has(p)).length / Math.max(1, pairs.length);
    // The pairs are English's. The languages latin-tags.ts retags get only coarse tags (every stop
    // word an ADP or a DET), so "y así", "de la" would read as "ADP ADP": no pair rule there.
    const retagged = RETAGGED_LANGUAGES.has(language?.split('-')[0] ?? '');
    const grammar = retagged ? 1 : clamp01(1 - odd * 4);
    const distinct = new Set(words.map((t) => t.normal)).size / words.length;
    // Repeating words is salad, unless the expected answer repeats as much: an enumeration
    // ("constant pointer to nonconstant data, nonconstant pointer to constant data, ...") must.
    const floor = Math.min(0.25, distinctShare(expected) - 0.25);
    const repetition = clamp01((distinct - floor) / 0.25);
    sense = functionWords * grammar * repetition;
  }
  const onTopic = 0.4 + 0.6 * clamp01(relevance * 2.5);
  return { clarity: Math.round(10 * clamp01(form * sense * onTopic)), sense };
}

/** Share of distinct words among a text's words (1 when it has fewer than six). */
function distinctShare(doc: DocumentModel | undefined): number {
  const words = (doc?.sentences ?? []).flatMap((s) => s.tokens.filter((t) => t.type === 'word'));
  return words.length < 6 ? 1 : new Set(words.map((t) => t.normal)).size / words.length;
}

function depthOf(
  distinctCovered: number,
  distinctKey: number,
  given: DocumentModel,
  expected: DocumentModel,
  coverage: number,
): number {
  if (distinctKey === 0) return Math.round(10 * clamp01(coverage));
  const ideas = distinctCovered / Math.min(distinctKey, 5);
  const givenTerms = given.sentences.flatMap((s) => s.terms).length;
  const expectedTerms = Math.max(1, expected.sentences.flatMap((s) => s.terms).length);
  const elaboration = Math.min(1, givenTerms / expectedTerms);
  const reasoning =
    given.sentences.some((s) => s.tokens.some((t) => CONNECTIVES.has(t.normal))) ||
    given.sentences.length > 1
      ? 1
      : 0;
  // Length and connectives only count as depth when the answer is on the subject.
  const relevance = clamp01(0.2 + coverage);
  return Math.round(
    10 * clamp01(0.6 * Math.min(1, ideas) + relevance * (0.25 * elaboration + 0.15 * reasoning)),
  );
}

function feedbackFor(
  stoplight: Stoplight,
  key: KeyTerm[],
  covered: KeyTerm[],
  questionStems: Set<string>,
  expectedText: string,
  contradicts: boolean,
  w: FeedbackWords,
  code = false,
): string {
  const coveredStems = new Set(covered.map((k) => k.stem));
  const labels = (terms: KeyTerm[]) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const k of [...terms].sort((a, b) => b.weight - a.weight)) {
      const label = k.label.toLowerCase();
      if (seen.has(label)) continue;
      seen.add(label);
      out.push(w.quote(k.label));
    }
    return out.slice(0, 3);
  };
  const own = (k: KeyTerm) => !questionStems.has(k.stem) && k.nameable;
  // A phrase counts as missing only when none of its words was used.
  const coveredLabels = new Set(covered.map((k) => k.label.toLowerCase()));
  const missing = labels(
    key.filter(
      (k) => own(k) && !coveredStems.has(k.stem) && !coveredLabels.has(k.label.toLowerCase()),
    ),
  );
  const hit = labels(covered.filter(own));
  const negation = contradicts ? w.negates : '';
  // Code or a formula short of green: the grader could not judge it (predictedScore), so it says so
  // rather than call it partly right or name as missing what the code may well express; the source's
  // passage is there to compare with.
  if (code && stoplight !== 'green') return `${w.code}${negation}${w.sourceSays(expectedText)}`;
  if (stoplight === 'green') {
    const praise = hit.length > 0 ? w.goodCovered(w.list(hit)) : w.goodMatches;
    return `${praise}${missing.length > 0 ? w.alsoMention(w.list(missing)) : ''}${negation}`;
  }
  if (stoplight === 'yellow') {
    const partial = hit.length > 0 ? w.partlyHit(w.list(hit)) : w.partly;
    const gap = missing.length > 0 ? w.leavesOut(w.list(missing)) : w.needsMore;
    return `${partial}${gap}${negation}${w.sourceSays(expectedText)}`;
  }
  const gap = missing.length > 0 ? w.isMissing(w.list(missing)) : '';
  return `${w.noMatch}${gap}${negation}${w.sourceSays(expectedText)}`;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const clamp01 = (v: number) => clamp(v, 0, 1);
