import { MULTIPLE_CHOICE_TYPES } from '@mnemo/contracts/entities/question';
import type { ChatTurn, FollowUpInput, HintInput } from '../../types';
import { analyze, type Phrase } from './document';
import { definesAt } from './summarize';
import { hash32 } from './hash';
import { stopWords } from './feedback-words';
import { hintWordsFor, type HintWords } from './hint-words';
import { joinSentences, languageOfText } from './learner-language';
import { ANAPHORS, META_WORDS } from './lexicon';
import { foldArabic } from './nlp';
import { textTerms } from './terms';
import {
  readMessage,
  tutorWordsFor,
  type FollowUpWords,
  type ReadMessage,
  type TutorWords,
} from './tutor-words';

/**
 * The conversational helpers: what a message is about, follow-up prompts, query enhancement for
 * retrieval, and hints. All of them work on key phrases of the conversation itself.
 */

export type MessageTerms = {
  /** Content stems of the message, without words about the conversation ("explain", "source"). */
  stems: string[];
  /** Its noun phrases, longest first, as written. */
  phrases: string[];
};

const isMeta = (word: string) => META_WORDS.has(word) || ANAPHORS.has(word);

/**
 * `language`: the message's language. The stems stay the English parser's, as the tutor reads its
 * sources with it; but that parser runs a German or Spanish question's verb and article into its
 * phrase ("macht der Calvin-Zyklus" of "Was macht der Calvin-Zyklus?", "Qué hace el ciclo"), which
 * the tutor then names as the topic, and keeps the question's verb as a term the sources do not
 * write ("leistet" of "Was leistet die Zellatmung?" halved the match, and the tutor found nothing).
 * The retagging parser finds the noun phrase ("Calvin-Zyklus", "ciclo de Calvin"), and the words it
 * reads as verbs leave the stems while others remain.
 */
export function messageTerms(text: string, language: string | null = null): MessageTerms {
  const doc = analyze([text], { fragments: true });
  const own = language && language !== 'en' ? analyze([text], { fragments: true, language }) : doc;
  const verbs = new Set<string>();
  if (own !== doc) {
    for (const s of own.sentences)
      for (const t of s.tokens) if (t.pos === 'VERB' || t.pos === 'AUX') verbs.add(t.normal);
  }
  const stems: string[] = [];
  const verbStems: string[] = [];
  for (const s of doc.sentences) {
    s.tokens.forEach((t) => {
      if (isMeta(t.normal)) return;
      if (!s.terms.includes(t.stem) || stems.includes(t.stem) || verbStems.includes(t.stem)) return;
      (verbs.has(t.normal) ? verbStems : stems).push(t.stem);
    });
  }
  if (stems.length === 0) stems.push(...verbStems);
  const phrases = [...own.phrases.values()]
    .filter((p) => p.kind === 'proper' || p.kind === 'concept')
    .filter((p) => !p.surface.toLowerCase().split(/\s+/).every(isMeta))
    .sort((a, b) => b.length - a.length || a.sentences[0]! - b.sentences[0]!)
    .map((p) => p.surface);
  return { stems, phrases };
}

/**
 * The terms of what a message is about: its words left after readMessage, without the stop words
 * of its language (and English's, when its language is only guessed). The message is parsed as
 * the tutor parses its sources, so that its stems are theirs ("Photosynthese" matches).
 */
export function subjectTerms(read: ReadMessage): MessageTerms {
  const stops = [read.language, read.guessed ? 'en' : null].flatMap((l) =>
    l ? [stemStops(l)] : [],
  );
  // A short message's language is often only guessed from the sources'; it is parsed as that
  // language unless it writes a function word English has and that language does not ("what",
  // "does", "the"), so an English question to German sources keeps the English parse.
  const english = stemStops('en');
  const own =
    read.language !== null &&
    (!read.guessed || !wordsOf(read.text).some((w) => english.has(w) && !stops[0]!.has(w)));
  const terms = messageTerms(read.text, own ? read.language : null);
  const stop = (word: string) => stops.some((s) => s.has(word));
  // An elision is one token to the English parser ("qu'est" of "Qu'est-ce que la glycolyse ?"):
  // a stop word when every part is one, else the French question's "qu'est" stayed a term the
  // sources never write and the tutor found nothing.
  const content = (word: string) =>
    !stop(word) && !word.split(/['\u2019]/u).every(stop) && !(read.guessed && META_WORDS.has(word));
  return {
    stems: terms.stems.filter(content),
    phrases: terms.phrases.filter((p) => p.toLowerCase().split(/\s+/).some(content)),
  };
}

const stemStopSets = new Map<string, ReadonlySet<string>>();

/** A language's stop words as the parser keys them (Arabic folded: "على" is keyed "علي"). */
function stemStops(language: string): ReadonlySet<string> {
  const cached = stemStopSets.get(language);
  if (cached) return cached;
  const words = [...(stopWords(language) ?? [])];
  const set = new Set([...words, ...words.map(foldArabic)]);
  stemStopSets.set(language, set);
  return set;
}

/**
 * The key phrases of some chat turns, most telling first: repeated phrases and the learner's own
 * words weigh most, later turns more than earlier ones.
 */
export function conversationPhrases(
  turns: readonly ChatTurn[],
  language: string | null = null,
): string[] {
  if (turns.length === 0) return [];
  // The language retags German, Spanish, French, Portuguese and Italian, whose phrases the
  // English tagger runs together ("Photosynthese ist der Vorgang").
  const doc = analyze(
    turns.map((t) => t.content),
    { fragments: true, language },
  );
  const weightOf = (p: Phrase) => {
    let best = 0;
    for (const id of p.sentences) {
      const part = doc.sentences[id]?.part ?? 0;
      const turn = turns[part];
      const recency = 1 + part / turns.length;
      best = Math.max(best, recency * (turn?.role === 'user' ? 1.3 : 1));
    }
    return p.score * best;
  };
  return [...doc.phrases.values()]
    .filter((p) => p.kind === 'proper' || p.kind === 'concept')
    .filter((p) => !p.surface.toLowerCase().split(/\s+/).every(isMeta))
    .map((p) => ({ p, w: weightOf(p) }))
    .sort((a, b) => b.w - a.w || a.p.key.localeCompare(b.p.key))
    .map(({ p }) => p.surface)
    .filter(
      (surface, i, all) => all.findIndex((x) => x.toLowerCase() === surface.toLowerCase()) === i,
    );
}

/** Content words a follow-up in a language other than English holds at most (h21lang, bench/README.md). */
const MAX_LEANING_WORDS = 2;

/** A message that leans on the conversation: short, or pointing back ("what about it?"). */
export function leansOnHistory(query: string): boolean {
  const words = query.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  if (words.length <= 4) return true;
  // In another language the openers and anaphors below are unknown, and its follow-ups ("¿Puedes
  // contarme más sobre eso?", "Und warum passiert das denn so?") are told by what is left once the
  // request words the tutor reads (readMessage) and the language's stop words are taken out: two
  // words at most, where a question of its own names three or more (its terms and their verb).
  const read = readMessage(query, null);
  const stops = read.language ? stopWords(read.language) : undefined;
  if (stops) {
    const left = read.text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
    return (
      left.filter((w) => !stops.has(w) && !stops.has(foldArabic(w))).length <= MAX_LEANING_WORDS
    );
  }
  if (/^(?:and|but|so|what about|how about|why|how come|what else)\b/i.test(query.trim()))
    return true;
  return words.some((w) => ANAPHORS.has(w)) && messageTerms(query).stems.length <= 2;
}

/**
 * The query made to stand alone for retrieval: a short or anaphoric query gets the key terms of the
 * last four messages it does not already contain.
 */
export function enhanceQuery(query: string, history: readonly ChatTurn[]): string {
  const trimmed = query.trim();
  if (history.length === 0 || !leansOnHistory(trimmed)) return trimmed;
  const own = new Set(textTerms(trimmed));
  const added: string[] = [];
  for (const phrase of conversationPhrases(history.slice(-4))) {
    if (added.length >= 3) break;
    const stems = textTerms(phrase);
    if (stems.length === 0 || stems.every((s) => own.has(s))) continue;
    added.push(phrase);
    for (const s of stems) own.add(s);
  }
  return added.length === 0 ? trimmed : `${trimmed} ${added.join(' ')}`;
}

/**
 * The follow-up prompts' words: in the language of what is studied (the sources' stored language
 * when the caller passes it; else told from the deck's title, the question
 * with its case, options and the feedback shown, the source, the conversation, which quotes them), or the learner's own when they write another
 * the tutor can write, as the tutor chooses its own words (tutorWordsFor).
 */
function followUpWords(input: Omit<FollowUpInput, 'signal'>): FollowUpWords {
  const q = input.question;
  const studied = [
    input.deckTitle,
    q?.caseContext,
    q?.question,
    q?.feedback,
    ...(q?.options ?? []),
    input.source?.title,
    input.source?.content,
    ...input.history.map((t) => t.content),
  ].filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  const lastUser = [...input.history].reverse().find((t) => t.role === 'user');
  return tutorWordsFor(studied.join('\n'), lastUser?.content ?? '', input.language ?? null).words
    .followUps;
}

/**
 * Spec 02 §9: an empty chat's prompts, in the language of the question or source studied (the
 * spec's English ones for English, or when nothing tells the language). No model is asked, so the
 * chat service answers them for every provider.
 */
export function defaultFollowUpPrompts(input: Omit<FollowUpInput, 'signal' | 'history'>): string[] {
  return [...followUpWords({ ...input, history: [] }).defaults[input.mode]];
}

/**
 * Spec 02 §9: the defaults for an empty chat; afterwards an elaboration, an example, a memory aid
 * and a next step, built around the key terms of the last exchange, in the language studied.
 */
export function followUpPrompts(input: FollowUpInput): string[] {
  if (input.history.length === 0) return defaultFollowUpPrompts(input);
  const w = followUpWords(input);
  const lastUser = [...input.history].reverse().find((t) => t.role === 'user');
  const lastAssistant = [...input.history].reverse().find((t) => t.role === 'assistant');
  const exchange = [lastUser, lastAssistant].filter((t): t is ChatTurn => t !== undefined);
  const language = languageOfText(exchange.map((t) => t.content).join('\n'));
  // The tutor's own sentences are not what the learner studies: "blanco" of its "¿Qué opción
  // completa el espacio en blanco?" gave the chip "¿Qué relación hay entre energía química y
  // blanco?". A phrase all of whose words are the tutor's template words in that language is
  // skipped, unless the learner wrote it.
  const tutor = tutorWordsFor(exchange.map((t) => t.content).join('\n'), '').words;
  const template = new Set(wordsOf(tutorText(tutor)));
  const requests = new Set(
    [tutor.intents, tutorWordsFor('', '').words.intents].flatMap((i) =>
      wordsOf([...i.summary, ...i.simple, ...i.example, ...i.why, ...i.meta].join(' ')),
    ),
  );
  const own = requestWords(lastUser?.content ?? '', template, requests, language);
  for (const word of own.frame) template.add(word);
  const learner = new Set(own.learner);
  // The labels read as lines of their own, so a label does not join the value before it into one
  // phrase ("A. Jefferson Correct answer").
  const unlabelled = exchange.map((t) =>
    t === lastUser ? { ...t, content: withoutLabels(t.content) } : t,
  );
  const [first, ...others] = conversationPhrases(unlabelled, language).filter((p) =>
    wordsOf(p).some((word) => !template.has(word) || learner.has(word)),
  );
  // "How does X relate to Y?" asks nothing when one is a part of the other ("Calvin-Zyklus" and
  // "Calvin", "Calvin cycle" and "cycle").
  const second = first ? others.find((p) => !nested(partsOf(p), partsOf(first))) : undefined;
  if (!first) {
    const [detail, example, remember, takeaway, next] = w.general;
    return [detail, example, remember, input.mode === 'question' ? takeaway : next];
  }
  const memory = w.remember[hash32(first) % 2]!(first);
  const next = second
    ? w.relate(first, second)
    : input.mode === 'question'
      ? w.takeaway(first)
      : w.after(first);
  return [w.detail(first), w.example(first), memory, next];
}

/** A phrase's words, lower case, a hyphenated compound's parts apart. */
const partsOf = (phrase: string) =>
  new Set(
    phrase
      .toLocaleLowerCase()
      .split(/[\s\-\u2010\u2011]+/u)
      .filter((w) => w !== ''),
  );

/** Whether every word of one set is in the other. */
const nested = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  [...a].every((w) => b.has(w)) || [...b].every((w) => a.has(w));

// A form field's label at a line's start, as an app writes around the question it sends
// ("Question: …", "Correct answer: …"): up to three words and a colon.
const LINE_LABEL = /^[ \t]*((?:[\p{L}]+[ \t]){0,2}[\p{L}]+):[ \t]*/gmu;

// An option's letter as an app writes it before the option ("B. Hamilton").
const OPTION_LETTER = /^[ \t]*[A-H][.)][ \t]+/gmu;

/** A message with its lines' labels and option letters taken out, each line a sentence. */
const withoutLabels = (message: string) =>
  message
    .replace(LINE_LABEL, '')
    .replace(OPTION_LETTER, '')
    .split('\n')
    .map((line) => (/[\p{L}\p{N}]$/u.test(line.trim()) ? `${line.trim()}.` : line))
    .join('\n');

/**
 * The words of a learner's message that are the learner's own, and the words of the frame an app
 * may have written around them (apps/web's "Explain the answer": "Please explain the correct
 * answer …", then "Question: …", "My answer: …", "Correct answer: …"). The frame is the lines'
 * labels and every sentence that holds nothing but request words (the tutor's intents, "wrong",
 * "explain"), stop words, label words and the tutor's own template words: "correct answer" there is the request's wording, not a subject ("How does
 * Hamilton relate to correct answer?"). The labelled values (the question, the options) stay the
 * learner's.
 */
function requestWords(
  message: string,
  template: ReadonlySet<string>,
  requests: ReadonlySet<string>,
  language: string | null,
): { learner: string[]; frame: string[] } {
  const frame: string[] = [];
  const body = message.replace(LINE_LABEL, (_, label: string) => {
    frame.push(...wordsOf(label));
    return '\n';
  });
  const stops = [stemStops('en'), ...(language && language !== 'en' ? [stemStops(language)] : [])];
  const framing = (word: string) =>
    template.has(word) ||
    requests.has(word) ||
    frame.includes(word) ||
    isMeta(word) ||
    stops.some((s) => s.has(word));
  const learner: string[] = [];
  for (const sentence of body.split(/(?<=[.!?。！？])\s+|\n+/u)) {
    const words = wordsOf(sentence);
    if (words.length > 0 && words.every(framing)) frame.push(...words);
    else learner.push(...words);
  }
  // A word the learner also writes outside the frame is theirs.
  return { learner, frame: frame.filter((w) => !learner.includes(w)) };
}

// ---------------------------------------------------------------------------------------------
// Hints.

const containsText = (haystack: string, needle: string) =>
  needle.trim().length > 0 && haystack.toLowerCase().includes(needle.trim().toLowerCase());

/**
 * A nudge that does not give the answer away. Multiple choice: where to look (a key term of the
 * question) and one option to rule out. Free response: the shape of a good answer (how many ideas,
 * whether it needs a date, a figure, a name) and where to look, never a key term of the expected
 * answer that the question does not already contain.
 */
export function hint(input: HintInput): string {
  const q = input.question;
  // In the question's language (its text and its answer or options are the source's words).
  const { words, language, note } = hintWordsFor(
    `${q.question}\n${q.expectedAnswer ?? q.correctAnswerText ?? q.options.join('\n')}`,
  );
  const questionPhrases = focusPhrases(q.question, language, words);
  const text = MULTIPLE_CHOICE_TYPES.includes(q.questionType)
    ? multipleChoiceHint(input, questionPhrases, words)
    : freeResponseHint(input, questionPhrases, words);
  return note ? `${text} ${note}` : text;
}

// A quoted statement inside a question, in the marks the question writer uses in any language.
const QUOTED = /[“„«「"]\s*([^”“»」"]{8,})\s*[”“»」"]/u;

/**
 * The phrases of a question worth pointing at: those of the statement it quotes when it quotes one
 * (a cloze: "Which term completes this statement from the source? “…”"), never words of the
 * writer's own template ("statement", "Aussage", "термин", "空白处") nor stop words of the
 * language ("Что"), which name nothing to look for.
 */
function focusPhrases(question: string, language: string, w: HintWords): string[] {
  const quoted = QUOTED.exec(question)?.[1];
  const template = quoted ? question.replace(quoted, ' ') : '';
  // Words of the question's template, and of the hint's own sentences ("source", "Quelle", "स्रोत").
  const own = new Set([...wordsOf(template), ...wordsOf(hintText(w))]);
  const stops = language === 'en' ? undefined : stopWords(language);
  return messageTerms(quoted ?? question)
    .phrases.filter((p) => !p.includes('_'))
    .filter((p) => !wordsOf(p).every((w) => own.has(w) || stops?.has(w)));
}

/** Every sentence of a hint table, its inserted terms left empty. */
const hintText = (w: HintWords) =>
  Object.values(w)
    .map((v: string | ((x: never) => string)) => (typeof v === 'string' ? v : v('' as never)))
    .join(' ');

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Every sentence of the tutor's table for a language, its blanks left empty (a list joiner is
 * given an empty list; the intents' and follow-ups' tables are not sentences the tutor writes).
 */
const tutorText = (w: TutorWords): string =>
  Object.entries(w)
    .map(([key, v]: [string, unknown]) =>
      typeof v === 'string'
        ? v
        : typeof v === 'function'
          ? String((v as (...a: unknown[]) => unknown)(key === 'list' ? [] : '', ''))
          : '',
    )
    .join(' ');

function multipleChoiceHint(input: HintInput, questionPhrases: string[], w: HintWords): string {
  const q = input.question;
  const correct =
    q.correctAnswerIndex ??
    q.options.findIndex((o) => o.toLowerCase() === (q.correctAnswerText ?? '').toLowerCase());
  const answer = q.options[correct] ?? q.correctAnswerText ?? '';
  const parts: string[] = [];
  const focus = questionPhrases.find((p) => !containsText(p, answer) && !containsText(answer, p));
  parts.push(focus ? w.thinkAbout(focus) : w.rereadStatement);
  if (q.question.includes('_____')) parts.push(w.wholeStatement);
  const wrong = q.options
    .map((o, i) => ({ o, i }))
    .filter(
      ({ o, i }) =>
        i !== correct &&
        o.trim().length > 0 &&
        !containsText(o, answer) &&
        !containsText(answer, o),
    );
  const ruleOut = wrong[hash32(q.question) % Math.max(1, wrong.length)];
  if (ruleOut) parts.push(w.ruleOut(ruleOut.o));
  const context = contextClue(input, [answer], w);
  if (context) parts.push(context);
  // Belt and braces: no sentence of the hint may contain the answer.
  return joinSentences(parts.filter((p) => answer.length === 0 || !containsText(p, answer)));
}

function freeResponseHint(input: HintInput, questionPhrases: string[], w: HintWords): string {
  const q = input.question;
  const expected = q.expectedAnswer ?? '';
  const doc = analyze([expected], { fragments: true });
  const questionStems = new Set(textTerms(q.question));
  const answerPhrases = [...doc.phrases.values()].filter(
    (p) =>
      p.kind === 'proper' || p.kind === 'concept' || p.kind === 'date' || p.kind === 'quantity',
  );
  const revealing = answerPhrases.filter((p) => {
    const stems = textTerms(p.surface);
    // A date or figure has no word stems: it reveals unless the question already shows it.
    return stems.length === 0
      ? !containsText(q.question, p.surface)
      : !stems.every((s) => questionStems.has(s));
  });
  const forbidden = new Set(
    revealing.flatMap((p) => textTerms(p.surface)).filter((s) => !questionStems.has(s)),
  );
  const parts: string[] = [];
  const subject = questionPhrases[0];
  const defines =
    subject !== undefined &&
    doc.sentences.some((s) =>
      s.phrases.some(
        (o) =>
          o.surface.toLowerCase() === subject.toLowerCase() && o.start <= 1 && definesAt(s, o.end),
      ),
    );
  if (subject) parts.push(defines ? w.sayWhatIs(subject) : w.startFrom(subject));
  const ideas = Math.min(4, new Set(revealing.map((p) => p.key)).size);
  if (ideas >= 2) parts.push(w.keyIdeas(ideas));
  const kinds = new Set(revealing.map((p) => p.kind));
  if (kinds.has('date')) parts.push(w.sayWhen);
  if (kinds.has('quantity')) parts.push(w.includeFigures);
  if (kinds.has('proper')) parts.push(w.nameWho);
  const context = contextClue(
    input,
    revealing.map((p) => p.surface),
    w,
  );
  if (context) parts.push(context);
  if (parts.length === 0) parts.push(w.reread);
  // No sentence may carry a key term of the expected answer the question does not already give.
  return (
    joinSentences(parts.filter((p) => !textTerms(p).some((s) => forbidden.has(s)))) || w.reread
  );
}

/** Where in the retrieved sources to look: the title of the best-matching chunk, if any. */
function contextClue(input: HintInput, secrets: string[], w: HintWords): string | null {
  const context = input.context ?? [];
  if (context.length === 0) return null;
  const best = [...context].sort((a, b) => b.score - a.score)[0];
  if (!best || secrets.some((s) => containsText(best.sourceTitle, s))) return null;
  return w.relevantPart(best.sourceTitle);
}
