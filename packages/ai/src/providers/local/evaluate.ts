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

/**
 * Grading without a model. Multiple choice compares indexes (shared with every provider). A free response is compared with the
 * expected answer two ways: how much of the expected answer's key vocabulary it covers (by stem,
 * weighted by part of speech, terms the question already gives away counting little) and how
 * similar the two texts are as hashing embeddings (word pairs and character n-grams catch
 * rewordings and spelling variants). Clarity looks at the answer's form, depth at how many distinct
 * key ideas it develops. The feedback names what was covered and what was missing.
 */

const VECTOR_SIZE = 1024;
const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'none',
  'nothing',
  'neither',
  'nor',
  'cannot',
  'without',
]);
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
type KeyTerm = { stem: string; weight: number; label: string; nameable: boolean };

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
        terms.set(t.stem, { stem: t.stem, weight, label: phrase ?? t.value, nameable });
    });
  }
  return [...terms.values()];
}

/** Stems match, or (for longer words) share their first five letters: "develop" / "developers". */
function matches(stem: string, answer: Set<string>, prefixes: Set<string>): boolean {
  return answer.has(stem) || (stem.length >= 5 && prefixes.has(stem.slice(0, 5)));
}

function gradeFreeResponse(question: QuestionForGrading, response: string): Evaluation {
  const expectedText = (question.expectedAnswer ?? question.correctAnswerText ?? '').trim();
  if (expectedText.length === 0) {
    throw new AiError('bad_request', 'The question has no expected answer to grade against', {
      provider: 'local',
    });
  }
  const answer = response.trim();
  const expected = analyze([expectedText], { fragments: true });
  const given = analyze([answer], { fragments: true });
  const questionStems = new Set(
    analyze([question.question], { fragments: true }).sentences.flatMap((s) => s.terms),
  );
  const key = keyTerms(expected, questionStems);
  const givenTokens = given.sentences.flatMap((s) => s.tokens);
  const givenStems = new Set(givenTokens.filter(isKeyToken).map((t) => t.stem));
  const givenPrefixes = new Set(
    [...givenStems].filter((s) => s.length >= 5).map((s) => s.slice(0, 5)),
  );

  const totalWeight = key.reduce((sum, k) => sum + k.weight, 0) || 1;
  const covered = key.filter((k) => matches(k.stem, givenStems, givenPrefixes));
  const coverage = covered.reduce((sum, k) => sum + k.weight, 0) / totalWeight;
  const similarity =
    answer.length === 0
      ? 0
      : cosineSimilarity(
          hashingVector(answer, VECTOR_SIZE),
          hashingVector(expectedText, VECTOR_SIZE),
        );
  // Hashing cosines of texts on the same subject run from about 0.15 (shared topic) to 0.6 (close paraphrase).
  const similarityScore = clamp01((similarity - 0.1) / 0.45);

  let accuracy = 10 * (0.6 * coverage + 0.4 * similarityScore);
  const words = givenTokens.filter((t) => t.type === 'word' || t.type === 'number').length;
  if (words < 3) accuracy = Math.min(accuracy, 2);
  // Only the question's own words: nothing was answered.
  const ownStems = [...givenStems].filter((s) => !questionStems.has(s));
  if (givenStems.size > 0 && ownStems.length === 0) accuracy = Math.min(accuracy, 3);
  const negated = (tokens: Token[]) => tokens.some((t) => NEGATIONS.has(t.normal));
  const contradicts =
    negated(givenTokens) !== negated(expected.sentences.flatMap((s) => s.tokens)) && coverage > 0.3;
  if (contradicts) accuracy *= 0.45;

  const clarity = clarityOf(given);
  const distinctCovered = new Set(
    covered.filter((k) => !questionStems.has(k.stem)).map((k) => k.label.toLowerCase()),
  ).size;
  const distinctKey = new Set(
    key.filter((k) => !questionStems.has(k.stem)).map((k) => k.label.toLowerCase()),
  ).size;
  const depth = depthOf(distinctCovered, distinctKey, given, expected, coverage);

  const rounded = Math.round(clamp(accuracy, 0, 10));
  return freeResponseEvaluation({
    accuracy: rounded,
    clarity,
    depth,
    feedback: feedbackFor(
      stoplightFor(rounded),
      key,
      covered,
      questionStems,
      expectedText,
      contradicts,
    ),
  });
}

function clarityOf(given: DocumentModel): number {
  const sentences = given.sentences.filter((s) => s.words > 0);
  if (sentences.length === 0) return 0;
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
  return Math.round(
    10 * clamp01(0.35 * lengthScore + 0.3 * withVerb + 0.15 * punctuated + 0.2 * variety),
  );
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
