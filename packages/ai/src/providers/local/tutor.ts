import { chipTextsOf } from '@mnemo/contracts/entities/chat';
import { MULTIPLE_CHOICE_TYPES } from '@mnemo/contracts/entities/question';
import { citationsFrom } from '../../citations';
import type { Citation, RetrievedChunk, TutorEvent, TutorInput } from '../../types';
import { analyze, cosine, termVector, type DocumentModel, type Sentence } from './document';
import { conversationPhrases, messageTerms, subjectTerms } from './conversation';
import { definesAt, diverseKeyPhrases, pickSummarySentences } from './summarize';
import { joinSentences, languageOfText } from './learner-language';
import {
  introducesExample,
  readMessage,
  tutorWordsFor,
  type ReadMessage,
  type TutorWords,
} from './tutor-words';

/**
 * The offline tutor answers with the sources' own sentences. It re-ranks the retrieved chunks'
 * sentences against the message (idf-weighted share of the message's terms found in the sentence,
 * plus a little of the chunk's retrieval score), quotes the best few with [n] markers, and says
 * plainly when nothing matches. In question mode it never reveals the answer before the learner
 * has submitted one: option texts are blanked out of quotations, and for a free-response question
 * the sentences that answer it are pointed to, not quoted. Its own sentences around the quotations
 * are in the sources' language where it can write it (tutor-words.ts).
 */

/** Share of the message's weighted terms a sentence must contain to count as an answer. */
const MATCH_THRESHOLD = 0.45;
const MAX_SENTENCES = 4;
const MAX_WORDS = 170;
const WORDS_PER_DELTA = 3;

type Scored = { sentence: Sentence; chunk: RetrievedChunk; coverage: number; score: number };
type Composed = { text: string; citations: Citation[] };

export async function* tutor(input: TutorInput): AsyncGenerator<TutorEvent> {
  if (input.signal?.aborted) return;
  const { text, citations } = compose(input);
  const pieces = text.match(/\s*\S+/g) ?? [];
  for (let i = 0; i < pieces.length; i += WORDS_PER_DELTA) {
    // Give the caller's abort a chance between pieces, as a network stream would.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (input.signal?.aborted) return;
    yield { type: 'text', text: pieces.slice(i, i + WORDS_PER_DELTA).join('') };
  }
  if (input.signal?.aborted) return;
  yield { type: 'citations', citations };
}

function compose(input: TutorInput): Composed {
  const sources = input.context.map((c) => c.content).join('\n\n');
  const { words, note } = tutorWordsFor(sources, input.message);
  // The message is read in its own language (intents, request words, stop words), the sources'
  // where it is too short to tell; example markers are looked for in the sources' language.
  const sourcesLanguage = languageOfText(sources);
  const read = { ...readMessage(input.message, sourcesLanguage), sourcesLanguage };
  const composed = composeIn(input, words, read);
  return note ? { ...composed, text: `${composed.text}\n\n${note}` } : composed;
}

type Read = ReadMessage & { sourcesLanguage: string | null };

const ownTerms = (read: Read) => subjectTerms(read);

function composeIn(input: TutorInput, w: TutorWords, read: Read): Composed {
  // Sentence `part`s index this list, and [n] is its n-th chunk, as the model-driven tutor numbers them.
  const context = input.context;
  if (context.every((c) => c.content.trim().length === 0))
    return { text: w.notFound, citations: [] };
  const doc = analyze(context.map((c) => c.content));
  const question = input.question;
  const locked =
    input.mode === 'question' && question !== undefined && question.answerSubmitted !== true;

  // Selected-text chips are explained where they stand, not searched for (issue 21).
  const chips = chipTextsOf(input.message);
  if (chips) {
    const explained = explainSelection(
      doc,
      context,
      chips,
      locked ? lockedQuote(question) : (t) => t,
      w,
    );
    if (explained) return explained;
  }
  // After an answer, "Explain the answer" / "Why is mine wrong?" is about this question: why the
  // right answer is right and, for a wrong choice, what the sources say of the chosen option.
  if (
    !chips &&
    input.mode === 'question' &&
    question?.answerSubmitted === true &&
    question.correctAnswer &&
    (read.intents.has('why') || ownTerms(read).stems.length <= 1)
  ) {
    return explainAnswer(doc, context, { ...question, correctAnswer: question.correctAnswer }, w);
  }

  const query = queryOf(input, read);
  // A message without terms of its own ("Summarize this", "Give me an analogy") is about the
  // material as a whole: it gets an overview, never "not found".
  const general = query.own.length === 0 || read.intents.has('summary');
  if (query.stems.length === 0)
    return general ? overview(doc, context, input, w, read) : notFound(doc, w);

  const scored = scoreSentences(doc, context, query.stems, query.weights);
  const best = scored[0];
  if (!best || best.coverage < MATCH_THRESHOLD)
    return general ? overview(doc, context, input, w, read) : notFound(doc, w);
  const chosen = choose(doc, scored, read);

  // Question mode, before an answer: blank the options out, or point to free-response answers.
  let withheld: Scored[] = [];
  let quoted = chosen;
  if (locked && question && !MULTIPLE_CHOICE_TYPES.includes(question.questionType)) {
    const questionStems = new Set(messageTerms(question.question).stems);
    const answers = (s: Scored) =>
      s.sentence.terms.filter((t) => questionStems.has(t)).length >=
      Math.min(2, questionStems.size);
    withheld = chosen.filter(answers);
    quoted = chosen.filter((s) => !answers(s));
  }
  const mask =
    locked && question && MULTIPLE_CHOICE_TYPES.includes(question.questionType)
      ? (question.options ?? [])
      : [];

  const numberOf = (chunk: RetrievedChunk) => context.indexOf(chunk) + 1;
  // Bold the message's own terms (a few), not every word borrowed from a long question.
  const highlight = new Set(query.own.slice(0, 4));
  const paragraphs: string[] = [];
  const lead = leadFor(input, query.label, locked, w, read);
  if (lead && quoted.length > 0) paragraphs.push(lead);
  for (const group of byChunk(quoted)) {
    const n = numberOf(group[0]!.chunk);
    // Blanking works on the plain text; bold markers would split an option's words.
    const sentences = group.map((s) =>
      mask.length > 0 ? blankOut(s.sentence.text, mask) : bold(s.sentence, highlight),
    );
    paragraphs.push(`${joinSentences(sentences)} [${n}]`);
  }
  if (withheld.length > 0) {
    const where = [...new Set(withheld.map((s) => numberOf(s.chunk)))]
      .map((n) => `[${n}]`)
      .join(' ');
    paragraphs.push(w.withheld(query.label, where));
  }
  if (mask.length > 0 && paragraphs.some((p) => p.includes('_____'))) {
    paragraphs.push(w.whichOption);
  }
  const text = paragraphs.join('\n\n');
  return { text, citations: citationsFrom(text, context) };
}

type Query = {
  stems: string[];
  /** The message's own stems (the rest is borrowed from the conversation). */
  own: string[];
  weights: Map<string, number>;
  label: string | null;
};

/**
 * The message's terms; a message with few of its own (a quick prompt, "what about it?") borrows
 * from the last turns, then from the question or source being discussed.
 */
function queryOf(input: TutorInput, read: Read): Query {
  const own = ownTerms(read);
  const weights = new Map<string, number>(own.stems.map((s) => [s, 1]));
  // A label only when the message is about one thing; "about AOL" for a question on AOL and Mozilla would mislead.
  let label = own.phrases.length === 1 ? (own.phrases[0] ?? null) : null;
  const borrow = (text: string, weight: number) => {
    const terms = messageTerms(text);
    for (const s of terms.stems) if (!weights.has(s)) weights.set(s, weight);
    if (own.stems.length === 0) label ??= terms.phrases[0] ?? null;
  };
  if (own.stems.length <= 1 && input.history.length > 0) {
    const phrases = conversationPhrases(input.history.slice(-4)).slice(0, 2);
    for (const p of phrases) borrow(p, 0.8);
  }
  const question = input.question;
  if (input.mode === 'question' && question && (own.stems.length <= 1 || read.intents.has('why'))) {
    borrow(question.question.replace(/_+/g, ' '), own.stems.length === 0 ? 1 : 0.5);
    if (question.answerSubmitted && question.correctAnswer) borrow(question.correctAnswer, 0.8);
  }
  return { stems: [...weights.keys()], own: own.stems, weights, label };
}

function scoreSentences(
  doc: DocumentModel,
  context: readonly RetrievedChunk[],
  stems: string[],
  weights: Map<string, number>,
): Scored[] {
  const n = Math.max(1, doc.sentences.length);
  // Terms missing from the sources weigh the most: asking about them is asking about something else.
  const idf = (t: string) => doc.idf.get(t) ?? Math.log(1 + n / 0.5);
  const total = stems.reduce((sum, t) => sum + idf(t) * (weights.get(t) ?? 1), 0) || 1;
  const scored: Scored[] = [];
  for (const sentence of doc.sentences) {
    if (!quotable(sentence)) continue;
    const chunk = context[sentence.part];
    if (!chunk) continue;
    const terms = new Set(sentence.terms);
    const found = stems
      .filter((t) => terms.has(t))
      .reduce((sum, t) => sum + idf(t) * (weights.get(t) ?? 1), 0);
    const coverage = found / total;
    if (coverage === 0) continue;
    const score =
      coverage + 0.15 * clamp01(chunk.score) + 0.05 * (doc.importance[sentence.id] ?? 0);
    scored.push({ sentence, chunk, coverage, score });
  }
  return scored.sort((a, b) => b.score - a.score || a.sentence.id - b.sentence.id);
}

/** Fit to quote in a chat answer: a whole sentence of readable length, not a link or a heading. */
function quotable(s: Sentence): boolean {
  if (s.clean) return true;
  return (
    s.words >= 5 &&
    s.words <= 60 &&
    /[.!?]["”’)]?$/.test(s.text) &&
    /^["“‘'(]?[\p{Lu}\d]/u.test(s.text) &&
    !/https?:|www\./.test(s.text)
  );
}

/** The best sentence, then close runners-up that add something, and the next sentence when it continues the first. */
function choose(doc: DocumentModel, scored: Scored[], read: Read): Scored[] {
  const best = scored[0]!;
  const limit = read.intents.has('simple') ? 2 : MAX_SENTENCES;
  const idf = (t: string) => doc.idf.get(t) ?? 1;
  const chosen: { s: Scored; v: Map<string, number> }[] = [
    { s: best, v: termVector(best.sentence.terms, idf) },
  ];
  let words = best.sentence.words;
  const add = (s: Scored) => {
    if (chosen.length >= limit || words + s.sentence.words > MAX_WORDS) return;
    const v = termVector(s.sentence.terms, idf);
    if (chosen.some((c) => c.s.sentence.id === s.sentence.id || cosine(c.v, v) > 0.6)) return;
    chosen.push({ s, v });
    words += s.sentence.words;
  };
  if (read.intents.has('example')) {
    const example = scored.find(
      (s) =>
        s.coverage >= MATCH_THRESHOLD * 0.8 &&
        introducesExample(s.sentence.text, read.sourcesLanguage),
    );
    if (example) add(example);
  }
  const next = doc.sentences[best.sentence.id + 1];
  if (next && next.part === best.sentence.part && next.anaphoric && quotable(next)) {
    add({ sentence: next, chunk: best.chunk, coverage: best.coverage, score: best.score });
  }
  for (const s of scored.slice(1)) {
    if (s.coverage < Math.max(MATCH_THRESHOLD, 0.6 * best.coverage)) break;
    add(s);
  }
  return chosen.map((c) => c.s);
}

/** Sentences grouped by chunk (chunks in order of their best sentence), in reading order within each. */
function byChunk(list: Scored[]): Scored[][] {
  const groups = new Map<string, Scored[]>();
  for (const s of list) {
    const group = groups.get(s.chunk.chunkId) ?? [];
    group.push(s);
    groups.set(s.chunk.chunkId, group);
  }
  return [...groups.values()].map((g) => g.sort((a, b) => a.sentence.id - b.sentence.id));
}

function leadFor(
  input: TutorInput,
  label: string | null,
  locked: boolean,
  w: TutorWords,
  read: Read,
): string | null {
  if (locked) return w.leadLocked;
  if (read.intents.has('simple')) return w.leadShort;
  if (read.intents.has('example')) return w.leadExample;
  if (
    input.mode === 'question' &&
    input.question?.answerSubmitted &&
    input.question.isCorrect === false &&
    input.question.correctAnswer &&
    read.intents.has('why')
  ) {
    return w.leadCorrected(input.question.correctAnswer);
  }
  return label ? w.leadAbout(label) : w.leadFound;
}

/** The sentence with the query's terms in bold, the first time each appears. */
function bold(s: Sentence, highlight: Set<string>): string {
  let out = '';
  let at = 0;
  s.tokens.forEach((t, i) => {
    if (!highlight.has(t.stem) || t.type !== 'word') return;
    highlight.delete(t.stem);
    const from = s.offsets[i] ?? 0;
    out += `${s.text.slice(at, from)}**${t.value}**`;
    at = from + t.value.length;
  });
  return out + s.text.slice(at);
}

function blankOut(text: string, options: readonly string[]): string {
  let out = text;
  for (const option of options) {
    if (option.trim().length > 0) out = out.replace(wholeWords(option, 'g'), '_____');
  }
  return out;
}

/**
 * The term as a case-insensitive pattern that matches whole words only ("Netscape", not "Netscapes").
 * Chinese and Japanese put no space between words, so a term written in their scripts matches
 * wherever it stands ("氧气" in "释放氧气"); Korean glues its particles after a word ("산소를"), so a
 * Hangul term may be followed by more Hangul.
 */
function wholeWords(term: string, flags = ''): RegExp {
  const trimmed = term.trim();
  const escaped = trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const first = trimmed.slice(0, 1);
  const last = trimmed.slice(-1);
  const before = UNSPACED.test(first) ? '' : '(?<![\\p{L}\\p{N}])';
  const after = UNSPACED.test(last) || HANGUL.test(last) ? '' : '(?![\\p{L}\\p{N}])';
  return new RegExp(`${before}${escaped}${after}`, `iu${flags}`);
}

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;

/**
 * A sentence as it may be quoted before the learner has answered: a choice question's options
 * blanked out; null (point to it, do not quote it) for a sentence that answers a free-response
 * question, one sharing two or more of its terms.
 */
function lockedQuote(
  question: NonNullable<TutorInput['question']>,
): (text: string) => string | null {
  if (MULTIPLE_CHOICE_TYPES.includes(question.questionType))
    return (text) => blankOut(text, question.options ?? []);
  const questionStems = new Set(messageTerms(question.question).stems);
  return (text) => {
    const stems = new Set(messageTerms(text).stems);
    const shared = [...questionStems].filter((t) => stems.has(t)).length;
    return shared >= Math.min(2, questionStems.size) ? null : text;
  };
}

/** For "summarise this" and quick prompts without terms of their own: the chunks' central sentences. */
function overview(
  doc: DocumentModel,
  context: readonly RetrievedChunk[],
  input: TutorInput,
  w: TutorWords,
  read: Read,
): Composed {
  const sentences = pickSummarySentences(doc, read.intents.has('simple') ? 2 : 4);
  if (sentences.length === 0) return notFound(doc, w);
  const paragraphs: string[] = [];
  const title = input.source?.title;
  paragraphs.push(title ? w.overviewOf(title) : w.overview);
  const scored: Scored[] = sentences.flatMap((sentence) => {
    const chunk = context[sentence.part];
    return chunk ? [{ sentence, chunk, coverage: 1, score: 1 }] : [];
  });
  for (const group of byChunk(scored)) {
    paragraphs.push(
      `${joinSentences(group.map((s) => s.sentence.text))} [${context.indexOf(group[0]!.chunk) + 1}]`,
    );
  }
  const text = paragraphs.join('\n\n');
  return { text, citations: citationsFrom(text, context) };
}

type AnsweredQuestion = NonNullable<TutorInput['question']> & { correctAnswer: string };

/** Word-bounded, case-insensitive: "Netscape" in a sentence, not "Netscapes" or "netscape.com/x". */
const mentions = (text: string, term: string) =>
  term.trim().length > 0 && wholeWords(term).test(text);

/**
 * The answer to a question the learner has answered: the right answer first, the sentences that
 * support it (the question's own terms and the answer's, ranked as any message is), and for a
 * wrong choice what the sources say of the option chosen, so the learner sees why it does not fit.
 * Never "not found" while the question's passage is there: it is quoted as the evidence.
 */
function explainAnswer(
  doc: DocumentModel,
  context: readonly RetrievedChunk[],
  question: AnsweredQuestion,
  w: TutorWords,
): Composed {
  const choice = MULTIPLE_CHOICE_TYPES.includes(question.questionType);
  const right = question.correctAnswer.trim();
  const chosen = question.userAnswer?.trim() ?? '';
  const wrong = question.isCorrect === false;
  const paragraphs: string[] = [];
  if (question.isCorrect === true) paragraphs.push(w.yesRight(right));
  else if (choice && wrong && chosen && chosen.toLowerCase() !== right.toLowerCase())
    paragraphs.push(w.correctNot(right, chosen));
  else if (choice) paragraphs.push(w.correct(right));
  else paragraphs.push(w.fullAnswer(right));

  const weights = new Map<string, number>();
  for (const stem of messageTerms(question.question.replace(/_+/g, ' ')).stems)
    weights.set(stem, 0.6);
  for (const stem of messageTerms(right).stems) weights.set(stem, 1);
  const scored = scoreSentences(doc, context, [...weights.keys()], weights);
  // For a choice, a sentence that names the right option is the evidence; otherwise the best match.
  const naming = choice ? scored.filter((s) => mentions(s.sentence.text, right)) : [];
  const evidence = (naming.length > 0 ? naming : scored).slice(0, 2);
  const quoted = evidence.length > 0 ? evidence : firstSentences(doc, context);
  const numberOf = (chunk: RetrievedChunk) => context.indexOf(chunk) + 1;
  if (quoted.length > 0) {
    paragraphs.push(w.sourcesSay);
    for (const group of byChunk(quoted))
      paragraphs.push(
        `${joinSentences(group.map((s) => s.sentence.text))} [${numberOf(group[0]!.chunk)}]`,
      );
  }

  // A free response's grade says what the answer missed; the tutor repeats it beside the passage.
  const feedback = question.feedback?.trim();
  if (!choice && question.isCorrect !== true && feedback)
    paragraphs.push(w.aboutYourAnswer(feedback));

  if (choice && wrong && chosen && chosen.toLowerCase() !== right.toLowerCase()) {
    const used = new Set(quoted.map((s) => s.sentence.id));
    const naming = doc.sentences.filter(
      (s) => !used.has(s.id) && quotable(s) && context[s.part] && mentions(s.text, chosen),
    );
    // A sentence that says what the chosen option is ("Netscape was a ...") explains best.
    const key = normalise(chosen);
    const about =
      naming.find((s) =>
        s.phrases.some((p) => normalise(p.surface) === key && definesAt(s, p.end)),
      ) ?? naming[0];
    paragraphs.push(
      about
        ? w.otherRole(chosen, `${about.text} [${numberOf(context[about.part]!)}]`)
        : w.noConnection(chosen),
    );
  }
  const text = paragraphs.join('\n\n');
  return { text, citations: citationsFrom(text, context) };
}

/** The first quotable sentences of the first passage: the question's own, when the caller gave it. */
function firstSentences(doc: DocumentModel, context: readonly RetrievedChunk[]): Scored[] {
  const chunk = context[0];
  if (!chunk) return [];
  return doc.sentences
    .filter((s) => s.part === 0 && quotable(s))
    .slice(0, 2)
    .map((sentence) => ({ sentence, chunk, coverage: 1, score: 1 }));
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Selected text explained: where it stands in the sources (its sentence with the one before, as
 * context) and its key terms, each with the sentence of the sources that defines it. Null when the
 * selection is in none of the passages and none of its terms is defined there: then the ordinary
 * search answers.
 */
function explainSelection(
  doc: DocumentModel,
  context: readonly RetrievedChunk[],
  chips: readonly string[],
  quote: (text: string) => string | null,
  w: TutorWords,
): Composed | null {
  const numberOf = (part: number) => context.indexOf(context[part]!) + 1;
  const paragraphs: string[] = [];
  const used = new Set<number>();
  for (const chip of chips.slice(0, 3)) {
    const needle = normalise(chip).slice(0, 80);
    const terms = messageTerms(chip);
    // Where the selection stands: its sentence, or the one sharing most of its terms.
    let at = doc.sentences.find((s) => context[s.part] && normalise(s.text).includes(needle));
    if (!at && terms.stems.length > 0) {
      const wanted = new Set(terms.stems);
      let best = 0;
      for (const s of doc.sentences) {
        if (!context[s.part]) continue;
        const share = new Set(s.terms.filter((t) => wanted.has(t))).size / wanted.size;
        if (share > best && share >= 0.6) [best, at] = [share, s];
      }
    }
    const label = [...chip].length > 60 ? `${[...chip].slice(0, 57).join('').trim()}...` : chip;
    if (at) {
      used.add(at.id);
      const before = doc.sentences[at.id - 1];
      const lead =
        before && before.part === at.part && quotable(before) && !used.has(before.id)
          ? quote(before.text)
          : null;
      const sentence = quote(at.text);
      if (sentence === null) {
        // Before an answer, the passage that answers the question is pointed to, not quoted.
        paragraphs.push(w.selectionWithheld(label, `[${numberOf(at.part)}]`));
        continue;
      }
      paragraphs.push(w.selectionFrom(label));
      paragraphs.push(
        `${joinSentences(lead ? [lead, sentence] : [sentence])} [${numberOf(at.part)}]`,
      );
    }
    // Its key terms, each defined by another sentence of the sources.
    const defined: string[] = [];
    for (const phrase of terms.phrases.slice(0, 6)) {
      if (defined.length >= 3) break;
      const key = normalise(phrase);
      const definition = doc.sentences.find(
        (s) =>
          !used.has(s.id) &&
          context[s.part] &&
          quotable(s) &&
          s.phrases.some((p) => normalise(p.surface) === key && definesAt(s, p.end)),
      );
      const text = definition ? quote(definition.text) : null;
      if (!definition || text === null) continue;
      used.add(definition.id);
      defined.push(`- **${phrase}**: ${text} [${numberOf(definition.part)}]`);
    }
    if (defined.length > 0) {
      paragraphs.push(at ? w.keyTerms : w.selectionDefines(label));
      paragraphs.push(defined.join('\n'));
    } else if (at) {
      const next = doc.sentences[at.id + 1];
      const text =
        next && next.part === at.part && quotable(next) && !used.has(next.id)
          ? quote(next.text)
          : null;
      if (next && text !== null) {
        used.add(next.id);
        paragraphs.push(w.goesOn(`${text} [${numberOf(next.part)}]`));
      }
    }
  }
  if (paragraphs.length === 0) return null;
  const text = paragraphs.join('\n\n');
  return { text, citations: citationsFrom(text, context) };
}

function notFound(doc: DocumentModel, w: TutorWords): Composed {
  const topics = diverseKeyPhrases(doc, 3)
    .filter((p) => p.count >= 2)
    .map((p) => `**${p.surface}**`);
  const suggestion = topics.length >= 2 ? w.topics(w.list(topics)) : '';
  return { text: `${w.notFound}${suggestion}`, citations: [] };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
