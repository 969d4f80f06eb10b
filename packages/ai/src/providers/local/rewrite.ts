import type { PhraseOccurrence, Sentence } from './document';
import type { Token } from './nlp';
import { synsets, verbTakes } from './wordnet';

/**
 * Statements turned into questions, in English, from wink's tags (part of speech, lemma): a
 * teacher asks "When did Netscape release its code?", not "Fill the blank in this copied
 * sentence". Each rewrite applies only to the sentence shapes it can read for certain and answers
 * null otherwise, so the caller falls back to a cloze; nothing here invents words beyond the
 * question word and the auxiliary ("did", "does").
 *
 * - `whenQuestion`: "In 1998, Netscape released its code." → "When did Netscape release its code?"
 * - `whichQuestion`: "Firefox is a web browser that Mozilla develops." → "Which web browser …?"
 *   (the answer is the subject, the question names its class); a communication verb ("said",
 *   "argued") asks "Who …?".
 * - `whatIsQuestion`: "Mozilla is a free-software community, …" asked about the class →
 *   "What is Mozilla?"
 * - `whyQuestion`: "A did B because C." → "Why did A do B?"
 */

const MODALS = new Set([
  'will',
  'would',
  'can',
  'could',
  'shall',
  'should',
  'may',
  'might',
  'must',
]);
const AUX_LEMMAS = new Set(['be', 'have', ...MODALS]);
export const SAYING = new Set([
  'say',
  'tell',
  'admit',
  'argue',
  'believe',
  'write',
  'explain',
  'claim',
  'think',
  'recall',
  'warn',
  'insist',
  'announce',
]);
const RELATIVE = new Set(['that', 'which', 'who']);
// Not "and"/"or": after a comma they usually close a list ("latency, traffic, and errors").
const COORDINATORS = new Set(['so', 'but', 'yet', 'while', 'whereas']);
const MAX_REST_WORDS = 24;
// Prepositions a verb takes its object with ("push for", "rely on"), and those that name a place.
const PARTICLES = new Set([
  'for',
  'on',
  'with',
  'about',
  'into',
  'against',
  'in',
  'at',
  'to',
  'from',
]);
const PLACE = new Set(['in', 'at']);
const DATE_PREPOSITIONS = new Set(['in', 'on', 'during']);
const FINAL = /[.!?]["”’)]?$/;

const isVerb = (t: Token | undefined) => t !== undefined && (t.pos === 'VERB' || t.pos === 'AUX');

/** The text of tokens [from, to), as the sentence writes it. */
function span(s: Sentence, from: number, to: number): string {
  if (to <= from) return '';
  const start = s.offsets[from] ?? 0;
  const last = s.tokens[to - 1];
  const end = (s.offsets[to - 1] ?? start) + (last?.value.length ?? 0);
  return s.text.slice(start, end);
}

/** A subject fit to repeat inside a question: a short noun phrase, not a pronoun or a clause. */
const CLAUSE_OPENERS = new Set(
  'when whenever if unless once while whereas although though since until where'.split(' '),
);
function goodSubject(tokens: readonly Token[]): boolean {
  if (tokens.length === 0 || tokens.length > 8) return false;
  if (tokens.some((t) => t.value === ',' || t.value === ';' || t.value === ':' || isVerb(t)))
    return false;
  if (tokens.length === 1 && tokens[0]?.pos === 'PRON') return false;
  // "Inside the second call X will throw": an opening phrase, not the subject.
  if (tokens[0]?.pos === 'ADP' || tokens[0]?.pos === 'SCONJ') return false;
  // "When preCompressed enabled the response …": a condition the tagger read as an adverb, not a
  // subject ("Why is when … ?").
  if (CLAUSE_OPENERS.has(tokens[0]?.normal ?? '')) return false;
  // "Note that this extension": a clause, not a noun phrase.
  if (tokens.some((t) => t.pos === 'SCONJ' || (t.normal === 'that' && t.pos !== 'DET')))
    return false;
  return tokens.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN');
}

/** The subject as it reads after "did": its capital dropped unless it is a name. */
function subjectText(s: Sentence, from: number, to: number): string {
  const text = span(s, from, to);
  const first = s.tokens[from];
  if (!first || /^\p{Lu}{2,}/u.test(first.value)) return text;
  // The tagger reads a capitalised common noun opening a sentence as a name ("Weather
  // predictions", "Students with…"): one WordNet knows, followed by a noun or a preposition, is not.
  const next = s.tokens[from + 1];
  // A title before a name stays a name: "President Bill Clinton".
  if (first.pos !== 'DET' && /^\p{Lu}/u.test(next?.value ?? '') && next?.pos === 'PROPN')
    return text;
  const common =
    first.pos !== 'PROPN' ||
    (from === 0 &&
      synsets(first.normal).length + synsets(first.normal.replace(/s$/, '')).length > 0 &&
      (next?.pos === 'NOUN' || next?.pos === 'ADP'));
  return common ? (text[0]?.toLowerCase() ?? '') + text.slice(1) : text;
}

/** The last token index before the final stop (a closing quotation mark is kept: see `finish`). */
function bodyEnd(s: Sentence, to = s.tokens.length): number {
  let end = to;
  while (end > 0 && /^[.!?]$/.test(s.tokens[end - 1]?.value ?? '')) end--;
  return end;
}

/** A question's end: no stop before the question mark, quotation marks balanced. */
function finish(text: string): string {
  let body = text.replace(/\s*[.!?,;:]*(["”’)]?)\s*$/, '$1').replace(/[.!?](["”’])$/, '$1');
  const opened = (body.match(/“/g) ?? []).length - (body.match(/”/g) ?? []).length;
  if (opened > 0) body += '”';
  if (opened < 0) body = body.replace(/”$/, '');
  if ((body.match(/"/g) ?? []).length % 2 === 1)
    body = body.endsWith('"') ? body.slice(0, -1) : `${body}"`;
  return `${body}?`;
}

// "specifies" is "specify" + s: the y turns into "ies" (read as a past tense, it asked "What did
// Scope specify?" of a sentence in the present).
const isThirdPerson = (t: Token) =>
  t.normal === `${t.lemma}s` ||
  t.normal === `${t.lemma}es` ||
  (/[^aeiou]y$/.test(t.lemma) && t.normal === `${t.lemma.slice(0, -1)}ies`);
const isPast = (t: Token) =>
  t.normal !== t.lemma &&
  !t.normal.endsWith('ing') &&
  !/^(?:is|are|has|does)$/.test(t.normal) &&
  !isThirdPerson(t);

/**
 * A clause (tokens [from, to) of `s`) as a question after `word`: "When did A do B", "Why is A B".
 * `gap` is a token range taken out of the clause (the date phrase, for "when").
 */
function clauseQuestion(
  s: Sentence,
  word: string,
  from: number,
  to: number,
  gap: [number, number] | null = null,
): string | null {
  const keep = (i: number) => gap === null || i < gap[0] || i >= gap[1];
  let v = from;
  while (v < to && (!isVerb(s.tokens[v]) || !keep(v))) v++;
  const verb = s.tokens[v];
  if (!verb || v >= to) return null;
  // The subject must come in one piece before the verb, the gap outside it.
  if (gap && gap[0] < v && gap[1] > from) {
    if (gap[0] !== from) return null;
    from = gap[1];
    while (s.tokens[from]?.value === ',') from++;
  }
  if (!goodSubject(s.tokens.slice(from, v))) return null;
  // "Experiments conducted over years can tolerate…": a participle after the subject with a finite
  // verb later is a reduced relative clause, not the sentence's verb ("Why did experiments conduct…").
  if (
    verb.pos === 'VERB' &&
    isPast(verb) &&
    s.tokens.slice(v + 1, to).some((t) => t.pos === 'AUX' || MODALS.has(t.normal))
  )
    return null;
  // Two clauses joined (", so …", ", but …", "; …") make a question no one can read as one.
  for (let i = v + 1; i < to - 1; i++) {
    const t = s.tokens[i];
    if (t?.value === ';') return null;
    if (t?.value === ',' && COORDINATORS.has(s.tokens[i + 1]?.normal ?? '')) return null;
  }
  const subject = subjectText(s, from, v);
  // The rest of the clause without the gap, in runs of consecutive tokens.
  const runs: string[] = [];
  let run: number | null = null;
  for (let i = v + 1; i <= to; i++) {
    if (i < to && keep(i)) {
      run ??= i;
      continue;
    }
    if (run !== null) runs.push(span(s, run, i));
    run = null;
  }
  const rest = runs
    .join(' ')
    .replace(/\s*,\s*$/, '')
    .replace(/^,\s*/, '')
    .replace(/\s+,/g, ',')
    .trim();
  let head: string;
  if (verb.lemma === 'be' || (verb.pos === 'AUX' && AUX_LEMMAS.has(verb.lemma))) {
    head = `${word} ${verb.normal} ${subject}`;
  } else if (verb.pos === 'AUX') {
    return null;
  } else if (isPast(verb)) {
    head = `${word} did ${subject} ${verb.lemma}`;
  } else if (isThirdPerson(verb)) {
    head = `${word} does ${subject} ${verb.lemma}`;
  } else if (verb.normal === verb.lemma) {
    head = `${word} do ${subject} ${verb.lemma}`;
  } else {
    return null;
  }
  const restWords = (rest.match(/\S+/g) ?? []).length;
  // Too long to hold in mind as one question: the sentence runs on.
  if (restWords < 2 || restWords > MAX_REST_WORDS) return null;
  // The same tense further on ("did Clinton impose … and blocked …") would read as broken grammar.
  if (
    isPast(verb) &&
    verb.pos === 'VERB' &&
    s.tokens
      .slice(v + 1, to)
      .some((t, i, all) => all[i - 1]?.normal === 'and' && t.pos === 'VERB' && isPast(t))
  )
    return null;
  return finish(`${head} ${rest}`);
}

/** "In 1998, Netscape released its code." asked about the date: "When did Netscape release its code?" */
export function whenQuestion(s: Sentence, o: PhraseOccurrence): string | null {
  const prep = s.tokens[o.start - 1];
  if (!prep || !DATE_PREPOSITIONS.has(prep.normal)) return null;
  const end = bodyEnd(s);
  // Only a plain statement: no second clause after a semicolon, no question.
  if (!FINAL.test(s.text) || s.tokens.some((t) => t.value === ';')) return null;
  let gapEnd = o.end;
  if (s.tokens[gapEnd]?.value === ',' && o.start - 1 === 0) gapEnd++;
  let gapStart = o.start - 1;
  if (s.tokens[gapStart - 1]?.value === ',' && gapEnd >= end) gapStart--;
  return clauseQuestion(s, 'When', 0, end, [gapStart, gapEnd]);
}

/** "A did B because C." → "Why did A do B?", for a free response answered by the sentence. */
export function whyQuestion(s: Sentence): string | null {
  const because = s.tokens.findIndex((t) => t.normal === 'because');
  if (because < 3 || s.tokens[because + 1]?.normal === 'of') return null;
  let end = because;
  while (end > 0 && s.tokens[end - 1]?.value === ',') end--;
  return clauseQuestion(s, 'Why', 0, end);
}

/** The class noun phrase after "is a": adjectives and nouns, hyphenated words kept whole. */
function classPhrase(s: Sentence, from: number): number {
  let k = from;
  while (k < s.tokens.length) {
    const t = s.tokens[k];
    if (!t) break;
    if (t.pos === 'ADJ' || t.pos === 'NOUN' || t.pos === 'PROPN') k++;
    else if (t.value === '-' && !t.spaced && k > from) k++;
    else break;
  }
  return s.tokens[k - 1]?.pos === 'NOUN' ? k : from;
}

/**
 * The answer is the subject of "X is a Y that Z" (or "X, a Y, …"): "Which Y Z?"; with a saying verb
 * ("Mr Obama said that …") "Who said that …?". Null for any other shape.
 */
export function whichQuestion(s: Sentence, o: PhraseOccurrence): string | null {
  const first = s.tokens[0];
  const atStart =
    o.start === 0 || (o.start === 1 && ['the', 'a', 'an'].includes(first?.normal ?? ''));
  // Or after one opening phrase: "In an interview with the BBC, Mr Obama said…".
  const comma = s.tokens.findIndex((t) => t.value === ',');
  const afterIntro =
    first?.pos === 'ADP' &&
    comma > 1 &&
    (o.start === comma + 1 ||
      (o.start === comma + 2 && ['the', 'a', 'an'].includes(s.tokens[comma + 1]?.normal ?? '')));
  if ((!atStart && !afterIntro) || !FINAL.test(s.text)) return null;
  const end = bodyEnd(s);
  const verb = s.tokens[o.end];
  if (!verb) return null;
  if (verb.pos === 'VERB' && SAYING.has(verb.lemma) && isPast(verb)) {
    const rest = span(s, o.end, end);
    if ((rest.match(/\S+/g) ?? []).length < 4) return null;
    return afterIntro ? finish(`${span(s, 0, comma + 1)} who ${rest}`) : finish(`Who ${rest}`);
  }
  if (afterIntro) return null;
  if (verb.lemma !== 'be' || !['is', 'are', 'was', 'were'].includes(verb.normal)) return null;
  const det = s.tokens[o.end + 1];
  if (!det || !['a', 'an', 'the'].includes(det.normal)) return null;
  const npEnd = classPhrase(s, o.end + 2);
  if (npEnd === o.end + 2) return null;
  const np = span(s, o.end + 2, npEnd);
  let k = npEnd;
  if (s.tokens[k]?.value === ',') k++;
  const next = s.tokens[k];
  if (!next) return null;
  let predicate: string;
  if (RELATIVE.has(next.normal) && isVerb(s.tokens[k + 1])) {
    predicate = span(s, k + 1, end);
  } else if (next.pos === 'VERB' && next.normal.endsWith('ed')) {
    // "a community, created in 1998 by …": the participle takes the sentence's tense.
    const past = verb.normal === 'is' ? 'was' : verb.normal === 'are' ? 'were' : verb.normal;
    predicate = `${past} ${span(s, k, end)}`;
  } else {
    return null;
  }
  if ((predicate.match(/\S+/g) ?? []).length < 3 || /[;:]/.test(predicate)) return null;
  return finish(`Which ${np} ${predicate}`);
}

/**
 * The answer is the class Y in "X is a Y …": "What is X?". Null unless X is a short subject right
 * before the copula and the answer follows its article.
 */
export function whatIsQuestion(s: Sentence, o: PhraseOccurrence): string | null {
  const det = s.tokens[o.start - 1];
  const verb = s.tokens[o.start - 2];
  if (!det || !['a', 'an'].includes(det.normal)) return null;
  if (!verb || verb.lemma !== 'be' || !['is', 'are', 'was', 'were'].includes(verb.normal))
    return null;
  const subjectTokens = s.tokens.slice(0, o.start - 2);
  if (!goodSubject(subjectTokens)) return null;
  // "The system is a …" or "The current fight is a battle" asks nothing worth asking: the subject
  // must be a name, or the answer a term of more than one word.
  if (!subjectTokens.some((t) => t.pos === 'PROPN') && o.end - o.start < 2) return null;
  return `What ${verb.normal} ${subjectText(s, 0, o.start - 2)}?`;
}

// Verbs that say little without the phrase after their object.
const GENERIC_VERBS = new Set(['use', 'have', 'include', 'need', 'require', 'get', 'take', 'make']);
/**
 * The prepositional phrase after the object that starts at `from` ("… the JSDoc standard *for API
 * documentation*"), with its leading space, or '' when there is none short enough to repeat: the
 * object a noun phrase, then a preposition of purpose or place and at most six words to the end of
 * the clause, no verb among them.
 */
function qualifier(s: Sentence, from: number): string {
  let k = from;
  while (
    ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM'].includes(s.tokens[k]?.pos ?? '') ||
    s.tokens[k]?.value === '-'
  )
    k++;
  if (k === from || !['for', 'in', 'as', 'with'].includes(s.tokens[k]?.normal ?? '')) return '';
  let end = k + 1;
  const last = bodyEnd(s);
  while (end < last && ![',', ';', ':', '('].includes(s.tokens[end]?.value ?? '')) end++;
  const words = s.tokens.slice(k + 1, end);
  if (words.length === 0 || words.length > 6 || words.some((t) => isVerb(t) || t.pos === 'PRON'))
    return '';
  return ` ${span(s, k, end)}`;
}

/**
 * The answer is what the subject does: "The Mozilla Foundation provides hosting for …" →
 * "What does the Mozilla Foundation provide?", for a free response answered by the sentence. Only a
 * subject opening the sentence and a transitive verb right after it (WordNet's frames for the
 * verb's most frequent sense), followed by its object.
 */
export function whatDoesQuestion(s: Sentence, o: PhraseOccurrence): string | null {
  const first = s.tokens[0];
  const atStart =
    o.start === 0 || (o.start === 1 && ['the', 'a', 'an'].includes(first?.normal ?? ''));
  if (!atStart || !FINAL.test(s.text)) return null;
  if (!goodSubject(s.tokens.slice(0, o.end))) return null;
  const subject = subjectText(s, 0, o.end);
  let v = o.end;
  // "X has pushed for …": the perfect asks "What has X pushed for?".
  const perfect =
    s.tokens[v]?.pos === 'AUX' && s.tokens[v]?.lemma === 'have' && s.tokens[v + 1]?.pos === 'VERB'
      ? s.tokens[v]
      : undefined;
  if (perfect) v++;
  const verb = s.tokens[v];
  let object = s.tokens[v + 1];
  if (!verb || verb.pos !== 'VERB' || AUX_LEMMAS.has(verb.lemma)) return null;
  // "Components extracted from this document must include …": a participle, the verb comes later.
  if (
    !perfect &&
    isPast(verb) &&
    !SAYING.has(verb.lemma) &&
    s.tokens.slice(v + 1).some((t) => t.pos === 'AUX' || MODALS.has(t.normal))
  )
    return null;
  // What someone said or believes is the rest of the sentence: "Mr. Reeves said he thought that …"
  // → "What did Mr. Reeves say?".
  const saying = SAYING.has(verb.lemma) && bodyEnd(s) - v > 4;
  if (SAYING.has(verb.lemma) && !saying) return null;
  // A verb with its preposition ("pushed for stricter gun control", "lands in Kenya"): the
  // preposition stays in the question, a place is asked with "Where".
  let particle = '';
  let word = 'What';
  if (!saying && object?.pos === 'ADP' && PARTICLES.has(object.normal)) {
    const after = s.tokens[v + 2];
    if (!after || !['DET', 'NOUN', 'ADJ', 'PROPN', 'NUM'].includes(after.pos)) return null;
    if (PLACE.has(object.normal)) {
      if (after.pos !== 'PROPN') return null;
      word = 'Where';
    } else particle = ` ${object.normal}`;
    object = after;
  }
  if (!saying && (!object || !['DET', 'NOUN', 'ADJ', 'PROPN', 'NUM'].includes(object.pos)))
    return null;
  // "The default file loader is fs.readFileSync": a noun right before the sentence's own
  // auxiliary means the "verb" was the first half of a compound ("file loader"), read as a verb.
  if (!saying && object?.pos === 'NOUN' && s.tokens[s.tokens.indexOf(object) + 1]?.pos === 'AUX')
    return null;
  // "What" asks for an object: only a verb whose most frequent sense takes one (WordNet's frames),
  // with a noun phrase after it. "The timeout stays active" ("stay" takes an adjective) or a verb
  // used without one makes "What does the timeout stay?".
  if (!saying && word === 'What') {
    const takes = (c: 'object' | 'preposition') => verbTakes(verb.lemma, c) !== false;
    // "relies on X": WordNet files some prepositional verbs under an object frame.
    if (particle ? !takes('preposition') && !takes('object') : !takes('object')) return null;
    const objectAt = s.tokens.indexOf(object!);
    let k = objectAt;
    while (s.tokens[k]?.pos === 'ADJ' || s.tokens[k]?.pos === 'ADV') k++;
    if (k > objectAt && !['NOUN', 'PROPN', 'NUM', 'DET'].includes(s.tokens[k]?.pos ?? ''))
      return null;
  }
  // "WinkNLP uses the JSDoc standard for API documentation": a verb that says little alone ("use",
  // "have", "include") leaves "What does WinkNLP use?" open to anything the subject uses; the
  // phrase after its object ("for API documentation") says which use is meant, and the question
  // keeps it.
  const tail = !saying && !particle && GENERIC_VERBS.has(verb.lemma) ? qualifier(s, v + 1) : '';
  if (perfect) return `${word} ${perfect.normal} ${subject} ${verb.normal}${particle}${tail}?`;
  if (isPast(verb)) return `${word} did ${subject} ${verb.lemma}${particle}${tail}?`;
  if (isThirdPerson(verb)) return `${word} does ${subject} ${verb.lemma}${particle}${tail}?`;
  if (verb.normal === verb.lemma) return `${word} do ${subject} ${verb.lemma}${particle}${tail}?`;
  return null;
}

const CONDITIONS = new Set(['if', 'when', 'whenever']);
// Verbs of the reader's wish ("if you want to …", "if you need …").
const DESIRES = new Set(['want', 'wish', 'need', 'like', 'prefer', 'intend', 'plan', 'hope']);
/**
 * "If no parameter is given to the callback, the error goes to the next handler." → "What happens
 * if no parameter is given to the callback?", for a free response answered by the sentence: how a
 * system behaves under a condition is what reference prose mostly states. A main clause telling
 * the reader what to do ("…, you can use X", "…, use X") asks "What can you do if …?" / "What
 * should you do if …?". Null unless the sentence opens with the condition, the condition has its
 * own subject and verb, and one comma closes it before a main clause with a verb.
 */
export function conditionQuestion(s: Sentence): string | null {
  const opener = s.tokens[0];
  if (!opener || !CONDITIONS.has(opener.normal) || !FINAL.test(s.text)) return null;
  const comma = s.tokens.findIndex((t) => t.value === ',');
  // "If so, …", "If needed, …": no condition of its own to ask about.
  if (comma < 4 || comma > 22) return null;
  const condition = s.tokens.slice(1, comma);
  const verbAt = condition.findIndex((t) => isVerb(t));
  if (verbAt < 1) return null;
  // A subject of its own ("something", "it" point nowhere the card can show), or the reader.
  if (
    !condition
      .slice(0, verbAt)
      .some((t) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.normal === 'you')
  )
    return null;
  // A dash or a bracket inside the condition opens an aside ("If a crawler fails—for example, …").
  if (condition.some((t) => /^[;:(—–]$/.test(t.value)) || /[—–]/.test(span(s, 1, comma)))
    return null;
  const end = bodyEnd(s);
  const main = s.tokens.slice(comma + 1, end);
  if (main.length < 3 || !main.some((t) => isVerb(t))) return null;
  // "…, then …", "…, or …": the comma was inside the condition or a list, not its end.
  const first = main[0];
  const second = main[1];
  if (!first || ['and', 'or', 'but', 'then'].includes(first.normal)) return null;
  // "If X, Y, and Z are …, …": the comma closed an item of a list inside the condition, not the
  // condition; the main clause's first piece up to its own comma has no verb.
  const nextComma = main.findIndex((t) => t.value === ',');
  if (nextComma > 0 && !main.slice(0, nextComma).some((t) => isVerb(t))) return null;
  const text = span(s, 1, comma);
  let ask: string;
  const verbAfter = main.slice(2, 4).find((t) => t.pos !== 'ADV');
  // "…, you will get a 404 error" tells what happens, not what to do: only "can" and "could" are
  // a choice, and "should", "must" advice; "will", "would", "may" a consequence.
  if (first.normal === 'you' && second && MODALS.has(second.normal) && isVerb(verbAfter))
    ask = ['can', 'could'].includes(second.normal)
      ? 'What can you do'
      : ['should', 'must'].includes(second.normal)
        ? 'What should you do'
        : 'What happens';
  // An instruction: a verb's base form first ("…, use install()"), which the tagger may read as
  // a noun when no subject comes before it; a subject would be a noun, a determiner or a pronoun
  // whose own verb follows.
  // Either way the words after it are no verb of its own ("…, versioning conflicts may occur":
  // a subject, tagged a verb, before "may").
  else if (
    first.normal === first.lemma &&
    first.normal !== 'be' &&
    (first.pos === 'VERB' || synsets(first.normal).some((id) => id % 4 === 2)) &&
    !main.slice(1, 3).some((t) => t.pos === 'AUX' || (t.pos === 'VERB' && t.normal !== t.lemma))
  )
    ask = 'What should you do';
  else if (first.normal === 'you') return null;
  else ask = 'What happens';
  // "If you want to experiment with X, the tool includes many settings": the reader's wish is no
  // cause, and the main clause is advice or a pointer, not what follows from it.
  if (
    ask === 'What happens' &&
    condition.some(
      (t, i) =>
        (DESIRES.has(t.lemma) || t.normal === 'must') &&
        isVerb(t) &&
        condition.slice(0, i).some((x) => x.normal === 'you'),
    )
  )
    return null;
  return finish(`${ask} ${opener.normal} ${text}`);
}

/**
 * "To add a plugin, call register." → "How can you add a plugin?", for a free response answered by
 * the sentence: a purpose clause opening the sentence names a task, the rest says how it is done.
 * Null unless "To" is followed by a verb's base form and one comma closes the clause before a main
 * clause with a verb.
 */
export function purposeQuestion(s: Sentence): string | null {
  const [to, verb] = s.tokens;
  if (to?.normal !== 'to' || !verb || verb.pos !== 'VERB' || verb.normal !== verb.lemma)
    return null;
  if (!FINAL.test(s.text)) return null;
  const comma = s.tokens.findIndex((t) => t.value === ',');
  if (comma < 3 || comma > 16) return null;
  const clause = s.tokens.slice(2, comma);
  if (clause.some((t) => isVerb(t) || t.value === '(' || t.value === ':')) return null;
  if (!clause.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')) return null;
  const main = s.tokens.slice(comma + 1, bodyEnd(s));
  if (main.length < 3 || !main.some((t) => isVerb(t))) return null;
  // "To help with the upgrade, we've worked with …": what the authors did is no way for the
  // reader to do it.
  if (/^(?:we|i|we've|we're|i've)$/.test(main[0]?.normal ?? '')) return null;
  return finish(`How can you ${span(s, 1, comma)}`);
}

/**
 * "The preHandler hook is used to check permissions." → "What is the preHandler hook used for?":
 * the answer is the sentence. Only a short subject opening the sentence, right before "is/are used
 * to/for".
 */
export function usedForQuestion(s: Sentence): string | null {
  const at = s.tokens.findIndex(
    (t, i) =>
      (t.normal === 'is' || t.normal === 'are') &&
      s.tokens[i + 1]?.normal === 'used' &&
      ['to', 'for'].includes(s.tokens[i + 2]?.normal ?? ''),
  );
  if (at < 1 || !FINAL.test(s.text)) return null;
  if (!goodSubject(s.tokens.slice(0, at))) return null;
  if (bodyEnd(s) - (at + 3) < 2) return null;
  return `What ${s.tokens[at]?.normal} ${subjectText(s, 0, at)} used for?`;
}

/** The whole-sentence rewrites of explanatory prose: a condition, a purpose, a use. */
export function explainingQuestion(s: Sentence): string | null {
  return conditionQuestion(s) ?? purposeQuestion(s) ?? usedForQuestion(s);
}
