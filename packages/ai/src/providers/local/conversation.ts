import { MULTIPLE_CHOICE_TYPES } from '@mnemo/contracts/entities/question';
import { DEFAULT_FOLLOW_UP_PROMPTS } from '../../prompts/follow-up';
import type { ChatTurn, FollowUpInput, HintInput } from '../../types';
import { analyze, type Phrase } from './document';
import { definesAt } from './summarize';
import { hash32 } from './hash';
import { ANAPHORS, META_WORDS } from './lexicon';
import { textTerms } from './terms';

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

export function messageTerms(text: string): MessageTerms {
  const doc = analyze([text], { fragments: true });
  const stems: string[] = [];
  for (const s of doc.sentences) {
    s.tokens.forEach((t) => {
      if (isMeta(t.normal)) return;
      if (s.terms.includes(t.stem) && !stems.includes(t.stem)) stems.push(t.stem);
    });
  }
  const phrases = [...doc.phrases.values()]
    .filter((p) => p.kind === 'proper' || p.kind === 'concept')
    .filter((p) => !p.surface.toLowerCase().split(/\s+/).every(isMeta))
    .sort((a, b) => b.length - a.length || a.sentences[0]! - b.sentences[0]!)
    .map((p) => p.surface);
  return { stems, phrases };
}

/**
 * The key phrases of some chat turns, most telling first: repeated phrases and the learner's own
 * words weigh most, later turns more than earlier ones.
 */
export function conversationPhrases(turns: readonly ChatTurn[]): string[] {
  if (turns.length === 0) return [];
  const doc = analyze(
    turns.map((t) => t.content),
    { fragments: true },
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

/** A message that leans on the conversation: short, or pointing back ("what about it?"). */
export function leansOnHistory(query: string): boolean {
  const words = query.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  if (words.length <= 4) return true;
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
 * Spec 02 §9: the defaults for an empty chat; afterwards an elaboration, an example, a memory aid
 * and a next step, built around the key terms of the last exchange.
 */
export function followUpPrompts(input: FollowUpInput): string[] {
  if (input.history.length === 0) return [...DEFAULT_FOLLOW_UP_PROMPTS[input.mode]];
  const lastUser = [...input.history].reverse().find((t) => t.role === 'user');
  const lastAssistant = [...input.history].reverse().find((t) => t.role === 'assistant');
  const exchange = [lastUser, lastAssistant].filter((t): t is ChatTurn => t !== undefined);
  const [first, second] = conversationPhrases(exchange);
  if (!first) {
    return [
      'Can you explain that in more detail?',
      'Can you give me an example?',
      'How can I remember this?',
      input.mode === 'question' ? 'What is the key takeaway here?' : 'What should I study next?',
    ];
  }
  const memory =
    hash32(first) % 2 === 0
      ? `How can I remember ${first}?`
      : `What is an easy way to remember ${first}?`;
  const next = second
    ? `How does ${first} relate to ${second}?`
    : input.mode === 'question'
      ? `What is the key takeaway about ${first}?`
      : `What should I study after ${first}?`;
  return [
    `Can you explain ${first} in more detail?`,
    `Can you give me an example of ${first}?`,
    memory,
    next,
  ];
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
  const questionPhrases = messageTerms(q.question).phrases.filter((p) => !p.includes('_'));
  if (MULTIPLE_CHOICE_TYPES.includes(q.questionType))
    return multipleChoiceHint(input, questionPhrases);
  return freeResponseHint(input, questionPhrases);
}

function multipleChoiceHint(input: HintInput, questionPhrases: string[]): string {
  const q = input.question;
  const correct =
    q.correctAnswerIndex ??
    q.options.findIndex((o) => o.toLowerCase() === (q.correctAnswerText ?? '').toLowerCase());
  const answer = q.options[correct] ?? q.correctAnswerText ?? '';
  const parts: string[] = [];
  const focus = questionPhrases.find((p) => !containsText(p, answer) && !containsText(answer, p));
  parts.push(
    focus
      ? `Think about what the source says about **${focus}**.`
      : 'Read the statement again and think about which term fits its context.',
  );
  if (q.question.includes('_____'))
    parts.push(
      'Only one option makes the whole statement true, not just the words next to the blank.',
    );
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
  if (ruleOut) parts.push(`You can rule out “${ruleOut.o}”.`);
  const context = contextClue(input, [answer]);
  if (context) parts.push(context);
  // Belt and braces: no sentence of the hint may contain the answer.
  return parts.filter((p) => answer.length === 0 || !containsText(p, answer)).join(' ');
}

function freeResponseHint(input: HintInput, questionPhrases: string[]): string {
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
  if (subject)
    parts.push(
      defines
        ? `Start by saying what ${subject} is.`
        : `Start from what the source says about ${subject}.`,
    );
  const ideas = Math.min(4, new Set(revealing.map((p) => p.key)).size);
  if (ideas >= 2)
    parts.push(`A complete answer brings in about ${ideas} key ideas from the source.`);
  const kinds = new Set(revealing.map((p) => p.kind));
  if (kinds.has('date')) parts.push('Say when it happened.');
  if (kinds.has('quantity')) parts.push('Include the figures the source gives.');
  if (kinds.has('proper')) parts.push('Name who or what is involved.');
  const context = contextClue(
    input,
    revealing.map((p) => p.surface),
  );
  if (context) parts.push(context);
  if (parts.length === 0)
    parts.push('Reread the passage the question is about and explain it in your own words.');
  // No sentence may carry a key term of the expected answer the question does not already give.
  return (
    parts.filter((p) => !textTerms(p).some((s) => forbidden.has(s))).join(' ') ||
    'Reread the passage the question is about and explain it in your own words.'
  );
}

/** Where in the retrieved sources to look: the title of the best-matching chunk, if any. */
function contextClue(input: HintInput, secrets: string[]): string | null {
  const context = input.context ?? [];
  if (context.length === 0) return null;
  const best = [...context].sort((a, b) => b.score - a.score)[0];
  if (!best || secrets.some((s) => containsText(best.sourceTitle, s))) return null;
  return `The relevant part is in “${best.sourceTitle}”.`;
}
