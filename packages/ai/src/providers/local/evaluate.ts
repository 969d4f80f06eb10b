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
import type { Token } from './nlp';
import { LIGHT_VERBS } from './lexicon';
import { synonyms } from './wordnet';

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
/** How many words after a negation it reaches ("is not a layout engine"). */
const NEGATION_REACH = 4;
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
type KeyTerm = { stem: string; lemma: string; weight: number; label: string; nameable: boolean };

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

function isKeyToken(t: Token): boolean {
  return t.type === 'word' || t.type === 'number'
    ? !t.stop &&
        t.normal.length >= 2 &&
        !NOT_TERMS.has(t.normal) &&
        POS_WEIGHT[t.pos] !== undefined &&
        !LIGHT_VERBS.has(t.lemma)
    : false;
}

/** The expected answer's key terms, labelled with the noun phrase they belong to when there is one. */
function keyTerms(doc: DocumentModel, questionStems: Set<string>): KeyTerm[] {
  const terms = new Map<string, KeyTerm>();
  for (const s of doc.sentences) {
    const labelAt = new Map<number, string>();
    for (const p of s.phrases) for (let i = p.start; i < p.end; i++) labelAt.set(i, p.surface);
    s.tokens.forEach((t, i) => {
      if (!isKeyToken(t)) return;
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
          weight,
          label: phrase ?? t.value,
          nameable,
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

/**
 * The key stems a text only ever denies ("is not fixed"), and those it states plainly somewhere. A
 * stem both denied and stated ("a while loop may never execute; a do...while will always execute")
 * is not a denial of the idea.
 */
function polarity(doc: DocumentModel): { denied: Set<string>; stated: Set<string> } {
  const denied = new Set<string>();
  const stated = new Set<string>();
  for (const s of doc.sentences) {
    let reach = 0;
    for (const t of s.tokens) {
      if (NEGATIONS.has(t.normal)) {
        reach = NEGATION_REACH;
        continue;
      }
      if (t.type === 'punctuation') reach = 0;
      if (isKeyToken(t)) (reach > 0 ? denied : stated).add(t.stem);
      if (reach > 0) reach--;
    }
  }
  for (const x of stated) denied.delete(x);
  return { denied, stated };
}

/**
 * Coverage and similarity are square-rooted (covering half the key ideas is worth more than half
 * marks, as people grade), combined, and mapped onto the 0-10 scale piecewise so that the stoplight
 * bands land where people put them: below RED_BELOW an answer is red, from GREEN_FROM green. The two
 * constants were set on one half of the labelled set's questions (bench/grading.ts) and checked on
 * the other: no question, answer or per-question figure of the set is used.
 */
const RED_BELOW = 0.27;
const GREEN_FROM = 0.62;
function calibrated(raw: number): number {
  const r = clamp01(raw);
  if (r < RED_BELOW) return (4 * r) / RED_BELOW;
  if (r < GREEN_FROM) return 4 + (3 * (r - RED_BELOW)) / (GREEN_FROM - RED_BELOW);
  return 7 + (3 * (r - GREEN_FROM)) / (1 - GREEN_FROM);
}

/** Credit for one key term: its own word (1), a WordNet synonym of a word of the answer (0.8), or none. */
const SYNONYM_CREDIT = 0.8;

function gradeFreeResponse(question: QuestionForGrading, response: string): Evaluation {
  const expectedText = (question.expectedAnswer ?? question.correctAnswerText ?? '').trim();
  if (expectedText.length === 0) {
    throw new AiError('bad_request', 'The question has no expected answer to grade against', {
      provider: 'local',
    });
  }
  const answer = response.trim();
  const expected = analyze([joinPrefixes(expectedText)], { fragments: true });
  const asWritten = analyze([joinPrefixes(answer)], { fragments: true });
  const compared =
    answer.length === 0
      ? answer
      : joinPrefixes(withAcronyms(answer, `${expectedText} ${question.question}`));
  const given = compared === answer ? asWritten : analyze([compared], { fragments: true });
  const questionDoc = analyze([question.question], { fragments: true });
  const questionStems = new Set(questionDoc.sentences.flatMap((s) => s.terms));
  const key = keyTerms(expected, questionStems);
  const givenTokens = given.sentences.flatMap((s) => s.tokens);
  const givenKeyTokens = givenTokens.filter(isKeyToken);
  const givenStems = new Set(givenKeyTokens.map((t) => t.stem));
  const givenLemmas = [...new Set(givenKeyTokens.map((t) => t.lemma.toLowerCase()))];
  const givenPrefixes = new Set(
    [...givenStems].filter((s) => s.length >= 5).map((s) => s.slice(0, 5)),
  );

  const credit = (k: KeyTerm): number =>
    matches(k.stem, givenStems, givenPrefixes)
      ? 1
      : givenLemmas.some((l) => synonyms(k.lemma, l))
        ? SYNONYM_CREDIT
        : 0;
  const credits = new Map(key.map((k) => [k.stem, credit(k)]));
  const totalWeight = key.reduce((sum, k) => sum + k.weight, 0) || 1;
  const covered = key.filter((k) => (credits.get(k.stem) ?? 0) > 0);
  const coverage =
    key.reduce((sum, k) => sum + k.weight * (credits.get(k.stem) ?? 0), 0) / totalWeight;
  const similarity =
    answer.length === 0
      ? 0
      : cosineSimilarity(
          hashingVector(compared, VECTOR_SIZE),
          hashingVector(expectedText, VECTOR_SIZE),
        );
  // Hashing cosines of texts on the same subject run from about 0.15 (shared topic) to 0.6 (close paraphrase).
  const similarityScore = clamp01((similarity - 0.1) / 0.45);

  // Precision: how much of what the answer says belongs to the subject (the expected answer or the
  // question, by stem, prefix or synonym); padding on another subject dilutes it.
  const refStems = new Set([...key.map((k) => k.stem), ...questionStems]);
  const refPrefixes = new Set([...refStems].filter((x) => x.length >= 5).map((x) => x.slice(0, 5)));
  const refLemmas = [
    ...new Set(
      [...expected.sentences, ...questionDoc.sentences]
        .flatMap((x) => x.tokens)
        .filter(isKeyToken)
        .map((t) => t.lemma.toLowerCase()),
    ),
  ];
  const onSubject =
    givenKeyTokens.length === 0
      ? 0
      : givenKeyTokens.filter(
          (t) =>
            matches(t.stem, refStems, refPrefixes) ||
            refLemmas.some((l) => synonyms(t.lemma.toLowerCase(), l)),
        ).length / givenKeyTokens.length;
  let accuracy = calibrated(0.6 * Math.sqrt(coverage) + 0.4 * Math.sqrt(similarityScore));
  const words = asWritten.sentences
    .flatMap((s) => s.tokens)
    .filter((t) => t.type === 'word' || t.type === 'number').length;
  // A one- or two-word answer can be complete ("by reference"); only a lone word off the expected
  // answer's terms is capped.
  if (words < 3 && coverage < 0.5) accuracy = Math.min(accuracy, 3);
  // Only the question's own words: nothing was answered.
  const ownStems = [...givenStems].filter((s) => !questionStems.has(s));
  if (givenStems.size > 0 && ownStems.length === 0) accuracy = Math.min(accuracy, 3);
  // A contradiction: a key idea the answer only denies and the expected answer states, or the reverse.
  const inAnswer = polarity(given);
  const inExpected = polarity(expected);
  const contradicts = covered.some(
    (k) =>
      (inAnswer.denied.has(k.stem) && inExpected.stated.has(k.stem)) ||
      (inExpected.denied.has(k.stem) && inAnswer.stated.has(k.stem)),
  );
  if (contradicts) accuracy *= 0.45;
  // Words thrown together are not an answer, whichever words they are.
  const { clarity, sense } = clarityOf(asWritten, Math.max(onSubject, coverage, similarityScore));
  if (sense < 0.25) accuracy *= sense * 4;

  const distinctCovered = new Set(
    covered.filter((k) => !questionStems.has(k.stem)).map((k) => k.label.toLowerCase()),
  ).size;
  const distinctKey = new Set(
    key.filter((k) => !questionStems.has(k.stem)).map((k) => k.label.toLowerCase()),
  ).size;
  const depth = Math.round(
    depthOf(distinctCovered, distinctKey, asWritten, expected, coverage) * Math.min(1, sense * 2),
  );

  const rounded = Math.round(clamp(accuracy, 0, 10));
  return freeResponseEvaluation({
    accuracy: rounded,
    clarity,
    depth,
    feedback:
      feedbackFor(stoplightFor(rounded), key, covered, questionStems, expectedText, contradicts) +
      (sense < 0.25
        ? ' Write your answer as sentences that say how the ideas connect, not a list of words.'
        : ''),
  });
}

/**
 * Part-of-speech pairs English almost never writes ("the of", "a is", "and and"): many of them mean
 * words thrown together, however well punctuated.
 */
const CLOSED_CLASS = new Set(['DET', 'ADP', 'PRON', 'AUX', 'CCONJ', 'SCONJ', 'PART']);
const IMPLAUSIBLE_PAIRS = new Set([
  'DET VERB',
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
function clarityOf(given: DocumentModel, relevance: number): { clarity: number; sense: number } {
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
    const pairs = sentences.flatMap((s) =>
      s.tokens.slice(1).map((t, i) => `${s.tokens[i]?.pos ?? ''} ${t.pos}`),
    );
    const odd = pairs.filter((p) => IMPLAUSIBLE_PAIRS.has(p)).length / Math.max(1, pairs.length);
    const grammar = clamp01(1 - odd * 4);
    const distinct = new Set(words.map((t) => t.normal)).size / words.length;
    const repetition = clamp01((distinct - 0.25) / 0.25);
    sense = functionWords * grammar * repetition;
  }
  const onTopic = 0.4 + 0.6 * clamp01(relevance * 2.5);
  return { clarity: Math.round(10 * clamp01(form * sense * onTopic)), sense };
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

const list = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;

function feedbackFor(
  stoplight: Stoplight,
  key: KeyTerm[],
  covered: KeyTerm[],
  questionStems: Set<string>,
  expectedText: string,
  contradicts: boolean,
): string {
  const coveredStems = new Set(covered.map((k) => k.stem));
  const labels = (terms: KeyTerm[]) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const k of [...terms].sort((a, b) => b.weight - a.weight)) {
      const label = k.label.toLowerCase();
      if (seen.has(label)) continue;
      seen.add(label);
      out.push(`“${k.label}”`);
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
  const negation = contradicts ? ' Careful: your answer negates what the source says.' : '';
  if (stoplight === 'green') {
    const praise =
      hit.length > 0
        ? `Good answer: you covered ${list(hit)}.`
        : 'Good answer: it matches what the source says.';
    return `${praise}${missing.length > 0 ? ` To make it complete, also mention ${list(missing)}.` : ''}${negation}`;
  }
  if (stoplight === 'yellow') {
    const partial = hit.length > 0 ? `Partly right: you mention ${list(hit)}` : 'Partly right';
    const gap =
      missing.length > 0
        ? `, but your answer leaves out ${list(missing)}.`
        : ', but it needs more of the source’s detail.';
    return `${partial}${gap}${negation} The source says: “${expectedText}”`;
  }
  const gap = missing.length > 0 ? ` It is missing ${list(missing)}.` : '';
  return `This does not match what the source says.${gap}${negation} The source says: “${expectedText}”`;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const clamp01 = (v: number) => clamp(v, 0, 1);
