import { normalizeConcepts, type QuestionType } from '@mnemo/contracts/entities/question';
import type { GeneratedQuestion, GenerateQuestionsInput, TextChunk } from '../../types';
import { UnusableTextError, type UnusableTextReason } from '../../errors';
import { detectLanguage } from '../../language';
import { questionWordsFor, type QuestionWords } from './question-words';
import { throwIfAborted } from './abort';
import {
  analyze,
  cleanText,
  type DocumentModel,
  type Phrase,
  type PhraseOccurrence,
  type Sentence,
} from './document';
import { fillerReason, fillerSentence } from './filler';
import { classifyPhrases, conceptKind, nameLike, TITLES, type SemanticClass } from './name-class';
import { hash32 } from './hash';
import {
  SAYING,
  whatDoesQuestion,
  whatIsQuestion,
  whenQuestion,
  whichQuestion,
  whyQuestion,
  explainingQuestion,
} from './rewrite';
import { cjkQuestion, type CjkLanguage } from './rewrite-cjk';
import { conceptTag, leansOnEarlier, namedChoice, objectQuestion } from './rewrite-latin';
import { diverseKeyPhrases, definesAt, foreignCopula, keyPhrases } from './summarize';
import { focusTerms, loneConceptRank, sameText, similarWording, textTerms } from './terms';
import { synonyms, synsets } from './wordnet';
import { wordVectors } from './word-vectors';

/**
 * Words among the most frequent of general English (GloVe's frequency rank, word-vectors.ts):
 * "system", "president", "story", "paper". Blanked or asked about alone they test nothing the
 * source taught, and two of them often fit the same blank ("service" and "system"); a rarer word
 * ("saturation", "latency", "chaos") is the source's vocabulary. Unknown words (other languages,
 * names) are not everyday.
 */
const EVERYDAY_RANK = 2000;
function everydayWord(phrase: Phrase): boolean {
  const rank = loneConceptRank(phrase);
  return rank !== undefined && rank < EVERYDAY_RANK;
}

/**
 * A lone common noun of general English (GloVe rank under 5,000: "improvements", "roles",
 * "website", "writers") blanked in a copied sentence is a guess among words that fit any sentence
 * of the kind, and another option often fits as well; only a question that names its class ("What
 * is X?") pins it down.
 */
const COMMON_RANK = 5000;
function commonWord(phrase: Phrase): boolean {
  const rank = loneConceptRank(phrase);
  return rank !== undefined && rank < COMMON_RANK;
}

/**
 * Questions built from the text itself:
 * - multiple choice: an important sentence with a key term taken out; the options are that term and
 *   three other terms of the same kind (names with names, concepts with concepts, dates with dates,
 *   singular with singular) from the same source;
 * - free response: a key concept to explain, the expected answer being the sentence that explains it;
 * - case variants: the same, asked about a passage of a few sentences given as the case.
 * Every question passes `validQuestion` before it is returned, so the caller never gets an empty
 * field, a repeated option or an answer the source does not contain; the text may yield fewer
 * questions than asked, never invalid ones.
 */

type Candidate = {
  type: QuestionType;
  sentence: Sentence;
  occurrence: PhraseOccurrence;
  phrase: Phrase;
  score: number;
};

type Context = {
  doc: DocumentModel;
  chunks: readonly TextChunk[];
  /** Source id of each part (chunk) of the document. */
  partSource: string[];
  /** Per phrase key, the sources whose text contains it. */
  phraseSources: Map<string, Set<string>>;
  /** Phrases that can serve as options (names, concepts, dates, figures), best first. */
  optionPool: Phrase[];
  /** How often each phrase has served as a distractor, to vary them. */
  distractorUse: Map<string, number>;
  /** Lower-cased, whitespace-normalised text of each source, to check answers against. */
  sourceText: Map<string, string>;
  /** Multiple-choice questions built so far (the correct position rotates with it). */
  mcOrdinal: number;
  positionSeed: number;
  /** Per phrase key, whether the phrase is a piece of a longer name ("Zealand", "Com"). */
  fragments: Map<string, boolean>;
  /** Per phrase key, whether the phrase is a tagging slip (see `slip`). */
  slips: Map<string, boolean>;
  /** The raw text of each source, for telling name fragments. */
  rawText: Map<string, string>;
  /** Phrase keys by the role the text gives them, for distractors of the answer's class. */
  roles: Roles;
  /**
   * Whether the text is English, the only language the tagger reads and the rewrites
   * (rewrite.ts) apply to; in another a free response asks about the term opening its sentence.
   */
  english: boolean;
  /** Chinese or Japanese: free responses only from the sentences rewrite-cjk.ts can ask about. */
  cjk: CjkLanguage | null;
  /** The source's language (null when unclear), for the rewrites of rewrite-latin.ts. */
  language: string | null;
  /** The stems in the source's language where the writer has them (question-words.ts). */
  words: QuestionWords;
  /**
   * Per phrase key, what kind of thing it names (name-class.ts), read in English only: the
   * evidence (titles, verbs, WordNet, English word vectors) is English.
   */
  classes: Map<string, SemanticClass> | null;
  /** Candidates (type, sentence, position) that built no question. */
  barren: Set<string>;
  /** Per phrase key, how the text writes it as code (`codeShape`). */
  codeShapes: Map<string, 'call' | 'identifier' | 'word'>;
  /** Per phrase key, whether it is a name, capitalised or not (`nameLike`). */
  names: Map<string, boolean>;
  /** Lower-case words and capitalised pairs of the document, counted (`lowerWordsOf`). */
  lowerWords: Map<string, number>;
};

/** Whether the phrase is a name ("Firefox", "micromark") rather than a common noun, in English. */
function isName(p: Phrase, ctx: Context): boolean {
  if (!ctx.english) return p.kind === 'proper';
  let known = ctx.names.get(p.key);
  if (known === undefined)
    ctx.names.set(p.key, (known = nameLike(p) && !usedAsCommonNoun(p, ctx.doc)));
  return known;
}

// Determiners a name does not take: "a plugin", "each plugin", never "a micromark".
const COUNTING_DETERMINERS = new Set(['a', 'an', 'each', 'every', 'another']);
/**
 * A lower-case word no word list knows ("plugin", "middleware" in some spellings) is read as a name
 * by `nameLike`; the text shows it is a common noun when it counts it ("a plugin", "each plugin") or
 * writes it both singular and plural ("plugin" and "plugins"). Names take neither ("npm",
 * "micromark"), so such a word goes with common nouns, not beside tools' names.
 */
function usedAsCommonNoun(p: Phrase, doc: DocumentModel): boolean {
  if (p.length !== 1 || !/^\p{Ll}/u.test(p.lowerSurface ?? p.surface)) return false;
  const forms = new Set<string>();
  for (const id of p.sentences) {
    const s = doc.sentences[id];
    for (const o of s?.phrases ?? []) {
      if (!s || o.key !== p.key || o.end - o.start !== 1) continue;
      const word = s.tokens[o.start]?.value ?? '';
      if (!/^\p{Ll}/u.test(word)) continue;
      // The head of its noun phrase after a counting determiner, not a modifier ("a micromark
      // extension").
      const next = s.tokens[o.end];
      if (
        COUNTING_DETERMINERS.has(s.tokens[o.start - 1]?.normal ?? '') &&
        next?.pos !== 'NOUN' &&
        next?.pos !== 'PROPN'
      )
        return true;
      forms.add(word.toLowerCase());
    }
  }
  return [...forms].some((w) => forms.has(`${w}s`));
}

/**
 * What the source says its terms are, read from sentence shapes: who speaks ("X said"), what is
 * defined ("X is a …", opening the sentence) and what is a class ("… is a Y"). A "Who said …?"
 * question then offers other speakers, "What is X?" other classes, "Which Y …?" other defined
 * terms: options of the answer's kind, taken from the source's own terms.
 */
type Roles = { speakers: Set<string>; defined: Set<string>; classes: Set<string> };
type Role = keyof Roles;

function readRoles(doc: DocumentModel): Roles {
  const roles: Roles = { speakers: new Set(), defined: new Set(), classes: new Set() };
  for (const s of doc.sentences) {
    for (const o of s.phrases) {
      const next = s.tokens[o.end];
      if (next?.pos === 'VERB' && SAYING.has(next.lemma)) roles.speakers.add(o.key);
      if (s.tokens[o.start - 1]?.normal === 'to' && s.tokens[o.start - 2]?.normal === 'according')
        roles.speakers.add(o.key);
      if (opensSentence(s, o) && definesAt(s, o.end)) roles.defined.add(o.key);
      const det = s.tokens[o.start - 1]?.normal ?? '';
      if (['a', 'an'].includes(det) && s.tokens[o.start - 2]?.lemma === 'be')
        roles.classes.add(o.key);
    }
  }
  return roles;
}

const MC_TYPES = new Set<QuestionType>(['multiple_choice', 'case_multiple_choice']);
const CASE_TYPES = new Set<QuestionType>(['case_multiple_choice', 'case_free_response']);
// Where the correct option goes, question after question: every position equally often, no visible cycle.
const POSITIONS = [2, 0, 3, 1, 1, 3, 0, 2];
const BLANK = '_____';
// Sentences opening with a quotation are someone speaking, seldom the text explaining.
const QUOTED = /^["“‘']/;

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

// A sentence opener in capitals right after a lower-case word with no stop between them: a heading
// glued to its paragraph ("Web (interactive) editor The goal …", "Reuse Workers When recognizing
// …"). Subordinators and pronouns open clauses, never continue a name.
const GLUED_HEADING =
  /[\p{Ll})] (?:The|A|An|This|These|In|It|We|Our|Its|When|If|While|Although|Because|Since|Once|Unless|Whenever|You|Your|There|They|Each|Every|Please) \p{Ll}/u;

/**
 * Inline Markdown a reader never sees, taken out of a stem: a link's target (`[text](url)` → text),
 * bold markers and code spans' backticks.
 */
export function stripMarkup(text: string): string {
  return text
    .replace(/!?\[([^\]\n]*)\]\([^)\s]*\)/gu, '$1')
    .replace(/\*\*([^*\n]+)\*\*/gu, '$1')
    .replace(/`+([^`\n]+?)`+/gu, '$1');
}

/**
 * Markup left in a text after `stripMarkup`: a backtick, bold or link syntax that did not pair up,
 * an alert's tag ("[!NOTE]"), a table's pipes, an HTML tag, a heading's hashes, or a bracket left
 * open or empty where a code span or a link was cut out ("(e.g. literal "abc" or )", "NOTE]
 * mailparser is …"). On a card it reads as noise, or hides what the bracket held.
 */
export function markupLeft(text: string): boolean {
  if (/[`]|\*\*|\]\(|\]\[|\[!|<\/?[a-z][^>]*>|^#{1,6}\s|(?:^|\s)\|(?:\s|$)/u.test(text))
    return true;
  if (/(?:^|\s)\(\s*\)|\s\)|\(\s|\[\s*\]/u.test(text)) return true;
  // A reference link's text left in square brackets ("supports the [HTTP Trailer] header"):
  // outside a quotation, prose brackets with round ones.
  if (/\[[^\]\n]+\]/u.test(text) && !/["“”]/u.test(text)) return true;
  const n = (re: RegExp) => (text.match(re) ?? []).length;
  return n(/\(/g) !== n(/\)/g) || n(/\[/g) !== n(/\]/g) || n(/\{/g) !== n(/\}/g);
}

/**
 * A sentence that states a fact: it has a verb, and it is not a caption or a label ("Clockwise from
 * top: small whale bones; …", "Any change to a service's software.").
 */
export function statesFact(s: Sentence, lowerWords?: ReadonlyMap<string, number>): boolean {
  // Only where the tagger reads the language (English): other scripts' words carry no tags.
  const tagged =
    s.tokens.some((t) => t.pos === 'DET' || t.pos === 'ADP') &&
    /^[\p{Script=Latin}\P{L}]*$/u.test(s.text);
  if (tagged && !s.tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return false;
  // A callout's icon ("ℹ️ Note:", "⚠ Warning:") glued into the sentence: page chrome.
  if (/\p{Extended_Pictographic}/u.test(s.text)) return false;
  const colon = s.tokens.findIndex((t) => t.value === ':');
  if (colon >= 0 && colon <= 5) return false;
  // A list item glued to the sentence before it ("… is the default. - the precision of …").
  if (/[.!?;:]\s+[-–•*]\s/u.test(s.text)) return false;
  // A table of contents or a breadcrumb read as one line ("Register - Decorators - Hooks - …").
  if ((s.text.match(/\s[-–|•]\s/gu) ?? []).length >= 3) return false;
  // "Awesome, now you know …", "Let's start": the author talking to the reader, not a fact.
  const [first, second] = s.tokens;
  if (
    tagged &&
    ((second?.value === ',' &&
      ['INTJ', 'ADJ', 'PROPN'].includes(first?.pos ?? '') &&
      synsets(first?.normal ?? '').some((id) => id % 4 === 3)) ||
      first?.normal === "let's" ||
      (first?.normal === 'let' && /^(?:'s|us)$/.test(second?.normal ?? '')))
  )
    return false;
  // "A minimal, tested reproduction, including steps to run it …", "Vulnerabilities in your code
  // that consumes X.": a list item, no finite verb of its own; every verb is a participle, a
  // gerund, an infinitive or the verb of a relative clause.
  if (tagged && !hasFiniteVerb(s)) return false;
  // "Triggered when a new plugin is registered …": a list item's description, its subject the
  // item's name left outside the sentence. A participle opening a sentence with no comma after
  // it has no subject to belong to ("Built on X, Fastify …" has one).
  if (
    tagged &&
    first?.pos === 'VERB' &&
    /^\p{Lu}/u.test(first.value) &&
    /(?:ed|en)$/.test(first.normal) &&
    first.normal !== first.lemma &&
    !s.tokens.some((t) => t.value === ',')
  )
    return false;
  // "See X for …", "For details, see X", "You can check out X": a pointer to another text, which
  // the card cannot show.
  if (tagged && pointsElsewhere(s)) return false;
  // "Whether to allow …", "How to …": an option's or a section's label, not a statement.
  if (
    tagged &&
    s.tokens[1]?.normal === 'to' &&
    /^(?:whether|how|what|when|where|which)$/.test(s.tokens[0]?.normal ?? '')
  )
    return false;
  // A word twice in a row ("Transports and systemd systemd makes …"): a heading glued to the
  // paragraph it names, or a slip of the text.
  if (/(?<![\p{L}\p{N}])(\p{L}{3,}) \1(?![\p{L}\p{N}])/u.test(s.text)) return false;
  // A heading glued to the sentence after it ("Web (interactive) editor The goal of …"): a
  // sentence opener in capitals right after a lower-case word, with no stop between them.
  if (GLUED_HEADING.test(s.text)) return false;
  // A heading glued to an instruction ("Rate limiting Regulate request frequency …", "Contact
  // information Always include …", "Postgres Install the plugin …"): a capitalised verb or adverb
  // right after a lower-case word, or second after a capitalised one (the heading a name).
  if (
    tagged &&
    s.tokens.some(
      (t, i) =>
        i >= 1 &&
        i <= 5 &&
        /^\p{Lu}\p{Ll}+$/u.test(t.value) &&
        (/^\p{Ll}+$/u.test(s.tokens[i - 1]?.value ?? '') ||
          (i === 1 && /^\p{Lu}/u.test(s.tokens[0]?.value ?? ''))) &&
        (t.pos === 'ADV' || (t.pos === 'VERB' && t.normal === t.lemma)),
    )
  )
    return false;
  // A one-word heading glued to a sentence opening with a name ("Code Fastify uses …"): a first
  // word the text otherwise writes in lower case (a common noun, capitalised only as a heading)
  // right before a capitalised word, a pair the text writes nowhere else.
  return !(tagged && lowerWords !== undefined && gluedHeadingWord(s, lowerWords));
}

const RELATIVES = new Set(['that', 'which', 'who', 'whom', 'whose']);
/**
 * Whether the sentence has a verb that can be its own (see `statesFact`): an auxiliary or modal,
 * or a verb that is not a gerund, not after "to", not a participle before a noun, and not right
 * after a relative pronoun.
 */
function hasFiniteVerb(s: Sentence): boolean {
  return s.tokens.some((t, i) => {
    if (t.pos === 'AUX') return true;
    if (t.pos !== 'VERB') return false;
    const prev = s.tokens[i - 1]?.normal ?? '';
    if (t.normal.endsWith('ing') || prev === 'to' || RELATIVES.has(prev)) return false;
    // "a minimal, tested reproduction", "expected behavior": a participle before its noun is an
    // adjective; after its subject it is a past tense ("Mozilla announced funding").
    const participle = t.normal !== t.lemma && /(?:ed|en)$/.test(t.normal);
    const subjectBefore = ['NOUN', 'PROPN', 'PRON'].includes(s.tokens[i - 1]?.pos ?? '');
    return !(participle && !subjectBefore && ['NOUN', 'ADJ'].includes(s.tokens[i + 1]?.pos ?? ''));
  });
}

/** "Code Fastify uses …": see `statesFact`. */
function gluedHeadingWord(s: Sentence, lowerWords: ReadonlyMap<string, number>): boolean {
  // A heading of several words glued on ("Retry Policy Each failed attempt …"): three capitalised
  // words or more in a row at the start, each one the text otherwise writes in lower case. A
  // sentence rarely opens with three such words; a name's words are not common words of the text.
  let run = 0;
  while (
    run < s.tokens.length &&
    /^\p{Lu}\p{Ll}+$/u.test(s.tokens[run]!.value) &&
    (lowerWords.get(s.tokens[run]!.value.toLowerCase()) ?? 0) > 0
  )
    run++;
  if (run >= 3) return true;
  const [first, second] = s.tokens;
  if (!first || !second || !['NOUN', 'PROPN'].includes(first.pos)) return false;
  if (!/^\p{Lu}\p{Ll}+$/u.test(first.value) || !/^\p{Lu}/u.test(second.value)) return false;
  // A title before a name ("President Barack Obama") is no heading.
  if (TITLES.has(first.normal)) return false;
  if ((lowerWords.get(first.value.toLowerCase()) ?? 0) === 0) return false;
  return (lowerWords.get(pairKey(first.value, second.value)) ?? 0) <= 1;
}

/**
 * A heading taken for a name: every word capitalised ("Custom Loggers", "Environment-Specific
 * Configuration"), each a word the text otherwise writes in lower case, and the phrase itself
 * never in lower case. A name's words are not common words of the text ("Google Cloud Run").
 */
function headingPhrase(p: Phrase, ctx: Context): boolean {
  if (p.length < 2 || p.lowerSurface !== null) return false;
  const words = p.surface.split(/[\s-]+/u).filter((w) => w.length > 0);
  if (!words.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w))) return false;
  // A word counts in the singular or the plural ("Custom Loggers" beside "a custom logger").
  const lower = (w: string) => {
    const l = w.toLowerCase();
    return (
      (ctx.lowerWords.get(l) ?? 0) +
      (ctx.lowerWords.get(l.replace(/s$/u, '')) ?? 0) +
      (ctx.lowerWords.get(`${l}s`) ?? 0)
    );
  };
  if (words.every((w) => lower(w) > 0)) return true;
  // Or the phrase only ever opens its sentence right before another capitalised word, or stands
  // in a line with no verb: a heading glued to the paragraph it names ("Custom Parser Options
  // Fastify …"), where a name goes on with its verb ("Dr Amara Okafor measured …") or is also
  // written inside sentences.
  return p.sentences.every((id) => {
    const x = ctx.doc.sentences[id];
    if (!x) return true;
    const at = x.phrases.filter((o) => o.key === p.key);
    return (
      at.every((o) => o.start === 0 && /^\p{Lu}/u.test(x.tokens[o.end]?.value ?? '')) ||
      !x.tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX')
    );
  });
}

// A pair of capitalised words, singular or plural ("Type Provider" and "Type Providers" are one term).
const pairKey = (a: string, b: string) => `${a} ${b.replace(/s$/u, '')}`;

/**
 * Per document: how often each word is written in lower case, and how often each pair of
 * capitalised words opening a sentence appears anywhere, for `gluedHeadingWord`.
 */
function lowerWordsOf(doc: DocumentModel): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  for (const s of doc.sentences) {
    s.tokens.forEach((t, i) => {
      if (/^\p{Ll}+$/u.test(t.value)) add(t.value);
      const next = s.tokens[i + 1];
      if (next && /^\p{Lu}/u.test(t.value) && /^\p{Lu}/u.test(next.value))
        add(pairKey(t.value, next.value));
    });
  }
  return counts;
}

// Verbs that send the reader elsewhere when used as an instruction.
// "Notice how there are two keys …": an instruction to look at an example the card cannot show.
const POINTER_VERBS = new Set([
  'see',
  'refer',
  'visit',
  'consult',
  'check',
  'notice',
  'find',
  'read',
]);
// "In the above code fragment, …", "the following options", "as shown below".
// "the … mentioned above", "As we mentioned earlier, …": the card cannot show what came before.
// "A full list of options can be found in the X documentation", "More information about X is in
// …": a pointer without a pointer verb; the card cannot show the other text.
const POINTER_WORDS =
  /\bthe (?:above|following)\b|\bthe [\p{L}-]+(?: [\p{L}-]+)? (?:above|below)\b|\bas shown\b|\b(?:shown|listed|described|see) below\b|\b(?:mentioned|discussed|described|explained|seen|shown) (?:above|earlier|before|previously)\b|\bas (?:we|I) (?:mentioned|said|saw|discussed)\b|\bcan be found (?:in|at|on|here)\b|\b(?:documented|described|listed|explained) here\b|\bmore (?:information|details|info)\b|\bfor (?:further|more|full) details\b/iu;
function pointsElsewhere(s: Sentence): boolean {
  if (POINTER_WORDS.test(s.text)) return true;
  return s.tokens.some((t, i) => {
    if (!POINTER_VERBS.has(t.lemma) || t.normal !== t.lemma) return false;
    const prev = s.tokens[i - 1];
    // The sentence's own verb given as an instruction: first, after an opening phrase (with a
    // comma or without one: "For a list of licences see …"), or after "you can" / "please".
    return (
      i === 0 ||
      prev?.value === ',' ||
      (s.tokens[0]?.pos === 'ADP' &&
        s.tokens.slice(0, i).every(
          (x) =>
            x.pos !== 'AUX' &&
            x.pos !== 'PRON' &&
            // A participle inside the phrase ("a list of supported formats") is no verb of a subject.
            (x.pos !== 'VERB' || /(?:ed|ing|en)$/.test(x.normal)),
        )) ||
      prev?.normal === 'please' ||
      (prev?.pos === 'AUX' && s.tokens[i - 2]?.normal === 'you')
    );
  });
}

/** The term is what the sentence is about: only an article or a possessive before it, no preposition. */
function opensSentence(s: Sentence, o: PhraseOccurrence): boolean {
  if (o.start > 2) return false;
  return s.tokens
    .slice(0, o.start)
    .every((t) => t.pos === 'DET' || t.pos === 'PRON' || /^["“‘']$/.test(t.value));
}

/**
 * Pronouns and demonstratives that point outside the sentence ("His father was Kenyan …", "This
 * setup was …", "… he admitted"): copied into a card, the learner cannot tell who or what is meant.
 */
const POINTING_OPENERS = new Set(
  'it its this that these those they them their he she his her him we our us such'.split(' '),
);
const PERSONAL = new Set('he she him his her hers they them their theirs'.split(' '));
// The same in Chinese and Japanese ("它不断更新……", "この変革によって……"); Japanese demonstratives
// that open a noun phrase ("この", "その") are words of their own.
const CJK_POINTING =
  /^(?:它|它们|他|她|他们|她们|这|那|此|该|其|これ|それ|あれ|この|その|あの|彼|彼女|彼ら)/u;
/**
 * A project's appeal for money or its sponsors ("Become a sponsor and get your logo …", "… to
 * deliver commercial support and maintenance …", "… while paying the maintainers …"): page chrome
 * of a README, nothing the subject teaches.
 */
const SPONSOR_CHROME =
  /\b(?:sponsors?(?:hip)?|donat(?:e|es|ed|ions?)|backers?|commercial support|paying the maintainers|buy (?:me|us) a coffee)\b/iu;
/**
 * Acknowledgements ("Thanks to X for his …", "… an early and prolific supporter …") and
 * advertisements ("… check out X's SDK and free plan"): a README's credits and ads, nothing the
 * subject teaches.
 */
const CREDITS_AND_ADS =
  /\b(?:thanks?(?: you)?|thankful|grateful|gratitude|supporters?|acknowledge?ments?|kudos|shout-?outs?|free (?:plan|trial|tier)|sign up for)\b/iu;

function unresolved(s: Sentence): boolean {
  if (SPONSOR_CHROME.test(s.text) || CREDITS_AND_ADS.test(s.text)) return true;
  if (POINTING_OPENERS.has(s.tokens[0]?.normal ?? '')) return true;
  if (continuesEarlier(s) || pronounAfterOpener(s)) return true;
  if (subjectElsewhere(s)) return true;
  // "I generally announce …", "My personal preference goes to …": the author's own aside, about
  // someone the card does not name. Inside a quotation it is a speaker's, named beside it.
  if (
    !/["“”‘’«»„]/u.test(s.text) &&
    s.tokens.some((t) => FIRST_PERSON.has(t.normal) && (t.normal !== 'i' || t.value === 'I'))
  )
    return true;
  if (CJK_POINTING.test(s.text)) return true;
  // A personal pronoun with no name or noun before it in the sentence refers to an earlier one.
  const at = s.tokens.findIndex((t) => PERSONAL.has(t.normal));
  if (at >= 0 && !s.tokens.slice(0, at).some((t) => t.pos === 'PROPN' || t.pos === 'NOUN'))
    return true;
  // "Like the packed version, it has a low …": "it" before any finite verb of the sentence is its
  // subject, and the nouns before it are an opening phrase, not what it refers to. "It is easy to
  // …" (no referent) is the exception.
  // "Similar to X, this involves …": a demonstrative as a subject points at an earlier sentence.
  const demonstrative = s.tokens.some(
    (t, i) =>
      i > 0 &&
      (t.normal === 'this' || t.normal === 'these') &&
      (s.tokens[i + 1]?.pos === 'VERB' || s.tokens[i + 1]?.pos === 'AUX'),
  );
  if (demonstrative) return true;
  // "Using this, …", "… dig into this:": a demonstrative standing alone names an earlier thing.
  const alone = s.tokens.some(
    (t, i) =>
      ['this', 'these', 'those'].includes(t.normal) &&
      (i === s.tokens.length - 1 ||
        /^[,.;:!?)]$/.test(s.tokens[i + 1]?.value ?? '') ||
        s.tokens[i + 1]?.pos === 'ADP' ||
        // "You need to do this to ensure …": the object of a verb, before "to".
        (s.tokens[i + 1]?.normal === 'to' && s.tokens[i - 1]?.pos === 'VERB')),
  );
  if (alone) return true;
  const it = s.tokens.findIndex((t) => t.normal === 'it');
  if (it <= 0) return pointingDeterminer(s);
  // "Maybe you expect it and …": an "it" with no noun before it in the sentence is an earlier one.
  if (!s.tokens.slice(0, it).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')) {
    const expletiveAt =
      s.tokens[it + 1]?.lemma === 'be' &&
      s.tokens[it + 2]?.pos === 'ADJ' &&
      ['to', 'that'].includes(s.tokens[it + 3]?.normal ?? '');
    if (!expletiveAt) return true;
  }
  const expletive =
    s.tokens[it + 1]?.lemma === 'be' &&
    s.tokens[it + 2]?.pos === 'ADJ' &&
    ['to', 'that'].includes(s.tokens[it + 3]?.normal ?? '');
  // A participle before a noun ("the packed implementation") or a gerund is no finite verb.
  const finiteBefore = s.tokens.slice(0, it).some(
    (t, i) =>
      t.pos === 'AUX' ||
      (t.pos === 'VERB' &&
        !t.normal.endsWith('ing') &&
        // An instruction ("Enable it only when …") has no subject for "it" to follow.
        !(i === 0 && t.normal === t.lemma) &&
        !['NOUN', 'PROPN', 'ADJ'].includes(s.tokens[i + 1]?.pos ?? '')),
  );
  if (!expletive && !finiteBefore) return true;
  return pointingDeterminer(s);
}

/**
 * Connectives that carry the sentence on from the one before ("Alternatively, …", "For the same
 * reason, …", "Other clients …", "… run X instead."): copied into a card, the learner cannot tell
 * what the alternative, the reason or the others are.
 */
const CONTINUING_OPENERS = new Set(
  'alternatively instead otherwise similarly likewise conversely therefore thus hence consequently accordingly additionally furthermore moreover besides nevertheless nonetheless other then'.split(
    ' ',
  ),
);
const CONTINUING_PHRASES =
  /^(?:for (?:the|this|that) (?:same )?reasons?|in (?:that|this|which|such a) case|as a result|in addition|on the other hand|by contrast|in contrast|even so|in other words|apart from (?:this|that)|unlike (?:this|that)|because of (?:this|that)|to do (?:that|so|this)|you (?:can|could|may|might) also)\b/iu;
// "the same reason", "the latter", "the former": a referent in another sentence.
// "the provided range", "the generated range", "the given value": an argument or an example of
// an earlier sentence.
const CONTINUING_WORDS =
  /\bthe (?:same|latter|former|given|provided|passed|generated|resulting|returned|specified|aforementioned|respective|corresponding)\b(?! (?:as|way)\b)/iu;
// "If you instead want to use X, …" (instead of what?), "… have another potential problem" (the
// first one is in the sentence before): "instead" without "of", "another" before a noun phrase.
// "A different plugin, X, adds …": different from the one before.
const CONTINUING_INSIDE = /\binstead\b(?! of\b)|\banother (?!one\b)\p{L}|^an? different\b/iu;
// "First, …", "Finally, …": one step or reason of an enumeration the card does not show.
const ORDINAL_OPENERS = new Set(
  'first second third fourth finally lastly next secondly'.split(' '),
);
function continuesEarlier(s: Sentence): boolean {
  const first = s.tokens[0];
  if (!first) return false;
  // "Then" as the first word of a step; "Other X" as the subject of the sentence.
  if (
    CONTINUING_OPENERS.has(first.normal) &&
    !(first.normal === 'other' && s.tokens[1]?.pos === 'ADP')
  )
    return true;
  if (
    CONTINUING_PHRASES.test(s.text) ||
    CONTINUING_WORDS.test(s.text) ||
    CONTINUING_INSIDE.test(s.text)
  )
    return true;
  if (ORDINAL_OPENERS.has(first.normal) && s.tokens[1]?.value === ',') return true;
  // "The object's keys are …", "The function returns …": a lone everyday noun with "the" as
  // the subject is the one of the example or the heading before, not the class.
  if (
    first.normal === 'the' &&
    s.tokens[1]?.pos === 'NOUN' &&
    (s.tokens[2]?.value === "'s" ||
      s.tokens[2]?.value === '’s' ||
      s.tokens[2]?.pos === 'VERB' ||
      s.tokens[2]?.pos === 'AUX')
  ) {
    const rank = wordVectors().rank(s.tokens[1].normal);
    if (rank !== undefined && rank < EVERYDAY_RANK) return true;
  }
  // "The first parameter is the server instance, the second …": one item of a list whose owner
  // is named in an earlier sentence (no "of" after the noun says whose).
  if (
    first.normal === 'the' &&
    ['first', 'second', 'third', 'last'].includes(s.tokens[1]?.normal ?? '') &&
    s.tokens[2]?.pos === 'NOUN' &&
    s.tokens[3]?.normal !== 'of'
  )
    return true;
  // "…, run jake devdoc instead.": what it is instead of is in the sentence before.
  const last = s.tokens.filter((t) => /\p{L}/u.test(t.value)).pop();
  return last?.normal === 'instead';
}

/**
 * "Made for Brunch in 2012, it is now used …", "Like the packed version, they have …": a
 * pronoun subject right after an opening phrase with no subject of its own (a participle, a
 * preposition, an adjective) names something of an earlier sentence.
 */
function pronounAfterOpener(s: Sentence): boolean {
  const comma = s.tokens.findIndex((t) => t.value === ',');
  if (comma < 1) return false;
  const next = s.tokens[comma + 1]?.normal ?? '';
  if (!['it', 'they', 'its', 'their'].includes(next)) return false;
  const first = s.tokens[0]!;
  const participle = first.pos === 'VERB' && first.normal !== first.lemma;
  return participle || first.pos === 'ADP' || first.pos === 'ADJ';
}

// "Become a sponsor and get your logo on our README": the project's own voice, about itself.
const FIRST_PERSON = new Set(['i', 'me', 'my', 'mine', 'myself', 'our', 'ours']);
const ELLIPTIC_OPENERS = new Set(['when', 'if', 'once', 'unless', 'until', 'while']);
const OBJECT_OPENERS = new Set(
  'the a an this these that all any each every its their some no'.split(' '),
);
/**
 * A sentence whose subject is a heading or a list item's name, not in the sentence: a description
 * opening with its verb ("Causes all future calls to fail", "Returns a boolean …") or a condition
 * without a subject ("When set to false, only …", "If omitted, …"). Copied into a card, the
 * learner cannot tell what causes, returns or is set.
 */
function subjectElsewhere(s: Sentence): boolean {
  const [first, second, third] = s.tokens;
  if (!first || !second || !/^\p{Lu}/u.test(first.value)) return false;
  const lower = first.normal;
  if (referenceFragment(s)) return true;
  // A verb's third person: "causes" of "cause", "calls" of "call", "matches" of "match".
  const verbForm =
    /s$/.test(lower) &&
    [lower.slice(0, -1), lower.replace(/es$/, ''), lower.replace(/ies$/, 'y')].some((w) =>
      synsets(w).some((id) => id % 4 === 2),
    );
  // A plural subject is followed by its verb or a preposition ("Results show …", "Changes to the
  // API …"); a description's verb by its object ("Converts d to …", "Returns source map …").
  if (
    verbForm &&
    first.pos !== 'AUX' &&
    (OBJECT_OPENERS.has(second.normal) ||
      // "Throws if the input is not valid …", "Fails when …": the condition of a description.
      ['if', 'when', 'unless', 'whenever'].includes(second.normal) ||
      // "Adds or replaces the protocol …": two verbs of one description.
      (['or', 'and'].includes(second.normal) && /s$/u.test(third?.normal ?? '')) ||
      // "Defaults to an appropriate class …": an option's default, its name the heading.
      lower === 'defaults' ||
      /[.(]\p{L}/u.test(second.value) ||
      !['VERB', 'AUX', 'ADP', 'PUNCT', 'CCONJ', 'SCONJ', 'PART'].includes(second.pos))
  )
    return true;
  // "Warning Performing case-insensitive matching …", "Note The option …": a callout's label
  // glued to its text, which belongs to the section around it.
  if (CALLOUTS.has(lower) && /^\p{Lu}/u.test(second.value) && second.pos !== 'PUNCT') return true;
  if (!ELLIPTIC_OPENERS.has(lower)) return false;
  // "If array is passed, …", "If second argument is true, …": a singular common noun with no
  // article is a parameter's name, the function it belongs to in the heading.
  {
    let k = 1;
    while (s.tokens[k]?.pos === 'ADJ') k++;
    const noun = s.tokens[k];
    const verb = s.tokens[k + 1];
    if (
      noun?.pos === 'NOUN' &&
      /^\p{Ll}+$/u.test(noun.value) &&
      noun.normal === noun.lemma &&
      (verb?.pos === 'AUX' || verb?.pos === 'VERB')
    )
      return true;
  }
  // "When set to false", "If omitted,": a participle with no subject and no object of its own.
  if (
    second.pos === 'VERB' &&
    !/ing$/.test(second.normal) &&
    !['NOUN', 'PROPN', 'DET', 'PRON'].includes(third?.pos ?? '')
  )
    return true;
  // "If the entry is also compressed, …": an additive in the condition carries over one from the
  // sentence before.
  const comma = s.tokens.findIndex((t) => t.value === ',');
  return comma > 0 && s.tokens.slice(1, comma).some((t) => ADDITIVES.has(t.normal));
}
const ADDITIVES = new Set(['also', 'too', 'again', 'additionally']);
const CALLOUTS = new Set(['note', 'warning', 'tip', 'caution', 'important', 'info', 'danger']);

const MODAL_OPENERS = new Set('will would can could may might must should shall'.split(' '));
const COMPARING_OPENERS = new Set(['like', 'unlike', 'same', 'similar', 'identical']);
/**
 * A line of API reference whose subject is the function or option named in the heading above it,
 * in a shape `describesHeading` does not read: a modal with no subject ("Will evaluate to true if
 * …", "Can be used to submit …"; a statement, not a question), a comparison with a subjectless
 * verb after "but" ("Like isValid(), but only accepts …", "Same as replace, but replaces all
 * …"), a noun phrase with a participle or an infinitive and no verb of its own ("A URL prefix
 * used to create a mount path for …", "Component to render Markdown with …"), or a label before
 * a semicolon ("Configuration for X (a type); extends …").
 */
function referenceFragment(s: Sentence): boolean {
  const [first, second] = s.tokens;
  if (!first || !second) return false;
  const statement = !/\?\s*$/u.test(s.text);
  if (
    statement &&
    MODAL_OPENERS.has(first.normal) &&
    !['PRON', 'DET', 'PROPN', 'NOUN', 'NUM'].includes(second.pos)
  )
    return true;
  if (COMPARING_OPENERS.has(first.normal)) {
    const but = s.tokens.findIndex((t, i) => t.normal === 'but' && s.tokens[i - 1]?.value === ',');
    if (but > 0) {
      let k = but + 1;
      while (s.tokens[k]?.pos === 'ADV') k++;
      const next = s.tokens[k];
      const after = s.tokens[k + 1]?.pos ?? '';
      // "but rings twice …": a verb the tagger may read as a plural noun; a plural subject would
      // have its verb after it ("but lamps ring …").
      if (
        next &&
        (next.pos === 'VERB' ||
          next.pos === 'AUX' ||
          (next.pos === 'NOUN' && after !== 'VERB' && after !== 'AUX'))
      )
        return true;
    }
  }
  const semicolon = s.tokens.findIndex((t) => t.value === ';');
  if (
    semicolon > 1 &&
    !s.tokens.slice(0, semicolon).some((t) => t.pos === 'VERB' || t.pos === 'AUX')
  )
    return true;
  if (s.tokens.some((t) => t.pos === 'AUX')) return false;
  // "Component to render …": a capitalised noun, then an infinitive, no verb of a subject.
  if (
    (first.pos === 'NOUN' || first.pos === 'PROPN') &&
    second.normal === 'to' &&
    s.tokens[2]?.pos === 'VERB'
  )
    return true;
  // "A URL path prefix used to create …": the first verb a participle right after the noun
  // phrase opened by "a", followed by "to" or a preposition; a list item's description.
  if (first.normal === 'a' || first.normal === 'an') {
    const v = s.tokens.findIndex((t) => t.pos === 'VERB');
    const verb = s.tokens[v];
    if (
      verb &&
      v >= 2 &&
      verb.normal !== verb.lemma &&
      /(?:ed|en)$/u.test(verb.normal) &&
      ['NOUN', 'PROPN'].includes(s.tokens[v - 1]?.pos ?? '') &&
      (s.tokens[v + 1]?.normal === 'to' || s.tokens[v + 1]?.pos === 'ADP') &&
      !s.tokens
        .slice(v + 1)
        .some(
          (t, i, rest) =>
            t.pos === 'VERB' &&
            rest[i - 1]?.normal !== 'to' &&
            !/ing$/u.test(t.normal) &&
            !RELATIVES.has(rest[i - 1]?.normal ?? ''),
        )
    )
      return true;
  }
  return false;
}

/** "Both of these scenarios …", "… using these features": a demonstrative naming an earlier thing. */
function pointingDeterminer(s: Sentence): boolean {
  return s.tokens.some(
    (t, i) =>
      i > 0 &&
      ((['this', 'these', 'those'].includes(t.normal) &&
        // "throws this Error": a capitalised class name after it too.
        ['NOUN', 'ADJ', 'PROPN'].includes(s.tokens[i + 1]?.pos ?? '')) ||
        // "… you should configure that plugin.": "that" after a verb or a preposition and before a
        // noun that no verb follows is a determiner, not "that" opening a clause.
        (t.normal === 'that' &&
          ['VERB', 'ADP'].includes(s.tokens[i - 1]?.pos ?? '') &&
          s.tokens[i + 1]?.pos === 'NOUN' &&
          !['VERB', 'AUX', 'NOUN'].includes(s.tokens[i + 2]?.pos ?? ''))),
  );
}

/**
 * A blank inside quotation marks asks for a speaker's exact word, where other words fit as well
 * ("… the _____ and the environment,” says Parata": "whales", "animals" both right).
 */
function insideQuote(s: Sentence, o: PhraseOccurrence): boolean {
  const before = s.text.slice(0, s.offsets[o.start] ?? 0);
  const open = (before.match(/“/g) ?? []).length - (before.match(/”/g) ?? []).length;
  if (open > 0) return true;
  if ((before.match(/"/g) ?? []).length % 2 === 1) return true;
  // A sentence closing a quotation opened in an earlier one ("… in the tens of thousands," Mr X said).
  const after = s.text.slice(s.offsets[o.end] ?? s.text.length);
  return !/[“"]/.test(before) && /^[^“"]*[”"]/.test(after);
}

/**
 * The term is one item of a list or one side of "X and Y" ("latency, _____, errors",
 * "strengths and _____"): the other items fit the blank too, or the pair gives it away.
 */
const COORDINATORS = new Set([
  'and',
  'or',
  'nor',
  '&',
  '和',
  '与',
  '及',
  '或',
  '跟',
  '同',
  'と',
  'や',
  'か',
]);
function coordinated(s: Sentence, o: PhraseOccurrence): boolean {
  const prev = s.tokens[o.start - 1]?.normal ?? '';
  const next = s.tokens[o.end]?.normal ?? '';
  if (COORDINATORS.has(prev) || COORDINATORS.has(next)) return true;
  // The enumeration comma of Chinese and Japanese ("海洋、大气和陆地") always lists.
  if (prev === '、' || next === '、') return true;
  if (prev === ',' && next === ',') return true;
  // The first item of a list ("_____, JavaScript, NPM, and Node.js"): a comma, then names, commas
  // and a conjunction.
  if (next !== ',') return false;
  for (let i = o.end + 1; i < Math.min(s.tokens.length, o.end + 12); i++) {
    const t = s.tokens[i];
    if (!t) break;
    if (['and', 'or', 'nor', '&'].includes(t.normal)) return true;
    if (t.value !== ',' && !['NOUN', 'PROPN', 'ADJ', 'DET', 'NUM'].includes(t.pos)) return false;
  }
  return false;
}

/**
 * The term sits beside another capitalised word, so blanking it cuts a name ("Ninety _____" for
 * "Ninety Mile Beach", "North _____ editor").
 */
function splitsName(s: Sentence, o: PhraseOccurrence): boolean {
  // A bracketed aside inside a name ("Kauri (Te Kaurinui Robert) _____") is looked through.
  let before = o.start - 1;
  if (s.tokens[before]?.value === ')') {
    while (before > 0 && s.tokens[before]?.value !== '(') before--;
    before--;
  }
  const prev = s.tokens[before];
  const next = s.tokens[o.end];
  const capital = (t: typeof prev) => t !== undefined && /^\p{Lu}/u.test(t.value);
  const opener = (t: typeof prev) => t?.pos === 'ADP' || t?.pos === 'DET' || t?.pos === 'ADV';
  const prevName = capital(prev) && (before > 0 || !opener(prev));
  return prevName || capital(next);
}

/** The occurrence's words appear again in its sentence, outside it (word-bounded, any case). */
function writtenElsewhere(s: Sentence, o: PhraseOccurrence): boolean {
  const from = s.offsets[o.start] ?? 0;
  const rest = `${s.text.slice(0, from)} ${s.text.slice(from + o.surface.length)}`.toLowerCase();
  const word = o.surface.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'u').test(rest);
}

/**
 * A sentence opening with a bare verb ("Parse a glob pattern …", "Create a new instance …", "Set
 * to true to …", "Return true if …") or with an auxiliary and no subject ("Does not use a socket
 * …"): the description under a function's or an option's name, which the card cannot show.
 */
function describesHeading(s: Sentence): boolean {
  const [first, second] = s.tokens;
  if (!first || !/^\p{Lu}/u.test(first.value)) return false;
  if (first.pos === 'AUX' && ['not', "n't"].includes(second?.normal ?? '')) return true;
  return first.pos === 'VERB' && first.normal === first.lemma && second?.pos !== 'PRON';
}

const OBJECT_PRONOUNS = new Set(['it', 'them', 'him', 'her', 'me', 'us', 'itself', 'themselves']);

/** A word's stem for comparing derivations: "caching" and "cache", "formatters" and "formatter". */
function stemOf(word: string): string {
  return word
    .toLowerCase()
    .replace(/(?:ings?|ers?|ed|es|s|e)$/u, '')
    .replace(/(\p{L})\1$/u, '$1');
}

/**
 * The answer given away by another form of its words in the stem: "… for caching the functions"
 * beside "cache", "ES Modules … supports _____" beside "ESM", "debug.formatters" beside "custom
 * formatters", "is set using the _____" beside "set command".
 */
function derivedElsewhere(s: Sentence, o: PhraseOccurrence): boolean {
  const outside = s.tokens.filter((_, i) => i < o.start || i >= o.end);
  const words = outside
    .flatMap((t) => t.value.split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length > 0);
  const stems = new Set(words.filter((w) => w.length >= 3).map(stemOf));
  const answerWords = o.surface.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  if (answerWords.some((w) => stemOf(w).length >= 3 && stems.has(stemOf(w)))) return true;
  // An acronym spelled out beside it ("ES Modules" for "ESM"), or the reverse ("SSR" beside
  // "server-side rendering").
  if (/^\p{Lu}{2,6}s?$/u.test(o.surface)) {
    const acronym = o.surface.replace(/s$/u, '');
    const capitals = words.map((w) => (/^\p{Lu}+$/u.test(w) ? w : /^\p{Lu}/u.test(w) ? w[0]! : ''));
    for (let i = 0; i < capitals.length; i++) {
      let joined = '';
      for (let j = i; j < capitals.length && capitals[j] && joined.length < acronym.length; j++)
        joined += capitals[j];
      if (joined === acronym && capitals[i] !== acronym) return true;
    }
  }
  const initials = o.surface
    .split(/[\s-]+/u)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
  return initials.length >= 2 && o.surface.includes(' ') && words.includes(initials);
}

/**
 * The term cut out of a compound of the sentence: a noun (or a participle before one) right after
 * it ("the _____ constructed name", "the _____ map"), a noun or a number right before it ("the
 * supports-color _____", "the v2.0.0 _____"), or a degree word ("a more _____, styleId", "the most
 * _____ from"). The blank is half a term, and its other half in the stem gives it away or leaves
 * it a guess.
 */
function cutCompound(s: Sentence, o: PhraseOccurrence): boolean {
  const next = s.tokens[o.end];
  const prev = s.tokens[o.start - 1];
  if (next && next.pos === 'NOUN' && /^\p{Ll}/u.test(next.value)) return true;
  // "makes the _____ file larger": a noun the tagger read as a bare verb, right after the blank
  // that an article opens; a verb there would agree with a singular subject ("the parser reads").
  if (
    next?.pos === 'VERB' &&
    /^\p{Ll}+$/u.test(next.value) &&
    next.normal === next.lemma &&
    (['the', 'a', 'an'].includes(prev?.normal ?? '') || prev?.pos === 'ADJ') &&
    synsets(next.normal).some((id) => id % 4 === 1)
  )
    return true;
  if (
    next?.pos === 'VERB' &&
    /ed$/u.test(next.normal) &&
    ['NOUN', 'ADJ'].includes(s.tokens[o.end + 1]?.pos ?? '')
  )
    return true;
  if (!prev) return false;
  // "the currently _____" for "the currently available data": the adverb's word is in the blank.
  if (['more', 'most', 'less', 'least'].includes(prev.normal)) return true;
  if (
    prev.pos === 'ADV' &&
    /\p{L}{3}ly$/u.test(prev.normal) &&
    s.tokens[o.start - 2]?.pos === 'DET'
  )
    return true;
  return (prev.pos === 'NOUN' || prev.pos === 'NUM') && /[\p{Ll}\p{N}]/u.test(prev.value[0] ?? '');
}

/**
 * Code in the sentence ("'%s'", "module.exports = ejs;", "JSDON.fromJSON(array, document)",
 * "The method .inc takes …"): copied into a card, the learner reads a program, not a statement.
 */
export function codeInSentence(text: string): boolean {
  return (
    /%[sdjoO]\b/u.test(text) ||
    /\S\s=\s\S|\S=>/u.test(text) ||
    // A call with its arguments ("fromJSON(array, document)", "load('settings')"); an empty
    // call ("renderFile()") is a name the prose uses.
    /[\p{L}\p{N}_$]\((?:['"`]|[\p{L}_$][\w$]+(?:,|\)))/u.test(text) ||
    // "The method .inc takes an optional 'identifierBase' string": a member written with its
    // dot, an identifier in quotes.
    /\b(?:the|method|function|property|option) \.[\p{Ll}_$]/u.test(text) ||
    /['‘][\p{Ll}]+\p{Lu}[\w$]*['’]/u.test(text) ||
    // "Path.resolve only takes …", "tokTypes.eof": a class's or a camelCase object's member; a
    // file or a site ("sql.js", "index.html", "mozilla.org") is no member.
    /\b(?:\p{Lu}\p{Ll}+|\p{Ll}+\p{Lu}[\p{L}\d]*)\.(?!(?:js|mjs|cjs|ts|json|html?|md|css|io|org|com|net|dev|txt|xml|ya?ml)\b)\p{Ll}[\p{L}\d]*\b/u.test(
      text,
    ) ||
    // "… with // @ts-expect-error on …": a code comment.
    /(?:^|\s)\/\/\s*@?\p{L}/u.test(text)
  );
}

/**
 * The term is glued to other letters in the text ("long-term release", "mozilla.org"): a blank
 * there cuts a word.
 */
function gluedBlank(s: Sentence, o: PhraseOccurrence): boolean {
  const from = s.offsets[o.start] ?? 0;
  const before = s.text.slice(Math.max(0, from - 1), from);
  const after = s.text.slice(from + o.surface.length, from + o.surface.length + 2);
  // Only in scripts that put spaces between words: Chinese and Japanese write none.
  // An underscore too: Markdown emphasis ("the _root plugins_") would run into the blank's own.
  const word = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}_-]/u;
  // A dot or a slash between letters joins a file or a path ("node._____", "CLI/_____").
  const joined = /[\p{L}\p{N}][./]$/u.test(s.text.slice(Math.max(0, from - 2), from));
  return (
    joined ||
    // ".zip files": a dot or a slash right before the term makes it an extension or a path.
    /^[./]$/.test(before) ||
    word.test(before) ||
    word.test(after.slice(0, 1)) ||
    /^[./]\p{L}/u.test(after) ||
    // "_____:diagnostics_channel", "node:_____": a scheme or a prefix glued by a colon.
    /^:[\p{L}\p{N}_]/u.test(after) ||
    /[\p{L}\p{N}]:$/u.test(s.text.slice(Math.max(0, from - 2), from)) ||
    besideCode(s, o)
  );
}

/**
 * A word of a command or of code right beside the term ("Run npm i _____ to install …", "by
 * running _____ i @scope/package"): a one-letter argument, a package path, a flag, an assignment
 * or a call. The blank is then a piece of a command line, not a term the sentence explains.
 */
function besideCode(s: Sentence, o: PhraseOccurrence): boolean {
  const code = (v: string | undefined) =>
    v !== undefined &&
    ((/^\p{Ll}$/u.test(v) && v !== 'a') || /^@|\p{L}\/\p{L}|^--?\p{L}|=|\(\)$/u.test(v));
  // "fromBuffer()": a bracket glued to the term makes it a call, a piece of code.
  const call = s.tokens[o.end]?.value === '(' && s.tokens[o.end]?.spaced === false;
  return call || code(s.tokens[o.start - 1]?.value) || code(s.tokens[o.end]?.value);
}

// GloVe rank under which a word is general English vocabulary (see `commonWord`), for idioms.
const IDIOM_RANK = 10_000;
/** A lone singular common word right after a preposition, no article between: an idiom's end. */
function setPhrase(s: Sentence, o: PhraseOccurrence, phrase: Phrase): boolean {
  if (phrase.kind !== 'concept' || o.end - o.start !== 1 || phrase.plural) return false;
  const prev = s.tokens[o.start - 1];
  // "files by _____." for "by default": the tagger does not always read "by" as a preposition.
  if (prev?.pos !== 'ADP' && !['by', 'in', 'at', 'on'].includes(prev?.normal ?? '')) return false;
  const rank = wordVectors().rank((phrase.lowerSurface ?? phrase.surface).toLowerCase());
  return rank !== undefined && rank < IDIOM_RANK;
}

const DEMONSTRATIVES = new Set(['this', 'these', 'that', 'those', 'such']);

// Heads too general to pin anything down: "vital things", "a better way", "other aspects".
const VAGUE_HEADS = new Set(
  'thing way stuff kind sort lot bit aspect matter something anything everything part use'.split(
    ' ',
  ),
);
/** A term whose head is a word too general to pin anything down ("vital things"). */
function vagueHead(p: Phrase): boolean {
  return p.kind === 'concept' && VAGUE_HEADS.has(p.key.split(' ').pop() ?? '');
}

// Adjectives that judge rather than classify: "X is a great way to …" praises X, it does not define it.
const EVALUATIVE = new Set(
  'great good nice useful important excellent easy simple powerful popular best perfect wonderful better fine helpful'.split(
    ' ',
  ),
);
/** "X is a great way …": the class after the copula is a judgement, not a definition. */
function judgement(s: Sentence, o: PhraseOccurrence): boolean {
  let k = o.end + 1;
  while (s.tokens[k]?.pos === 'ADV') k++;
  if (['a', 'an', 'the'].includes(s.tokens[k]?.normal ?? '')) k++;
  // "X is still the most reliable way …": a superlative ranks X, it does not say what X is.
  if (['most', 'least'].includes(s.tokens[k]?.normal ?? '')) return true;
  while (s.tokens[k]?.pos === 'ADV') k++;
  const word = s.tokens[k];
  if (word?.pos === 'ADJ' && /\p{L}{3}est$/u.test(word.normal) && word.normal !== word.lemma)
    return true;
  return EVALUATIVE.has(word?.normal ?? '');
}

/**
 * "X is …" that says what X is like, not what it is: a bare adjective after the copula ("The
 * default is false"), or "the" before a lone word of general English ("The code is almost a direct
 * port …" speaks of this code, not of code). "What is X?" from it asks for no definition.
 */
function noDefinition(s: Sentence, o: PhraseOccurrence, phrase: Phrase): boolean {
  if (secondClause(s, o.end)) return true;
  if (phrase.kind !== 'concept') return false;
  if (phrase.length === 1 && s.tokens[o.start - 1]?.normal === 'the' && commonWord(phrase))
    return true;
  if (s.tokens[o.end]?.lemma !== 'be') return false;
  let k = o.end + 1;
  while (s.tokens[k]?.pos === 'ADV') k++;
  if (s.tokens[k]?.pos !== 'ADJ') return false;
  while (s.tokens[k]?.pos === 'ADJ') k++;
  return !['NOUN', 'PROPN'].includes(s.tokens[k]?.pos ?? '');
}

/**
 * "Fastify is a minimal framework and plugins are its strength, so thank you.": after the
 * definition the sentence goes on to another claim with a subject of its own (after "and", "but",
 * "so", a semicolon), which the expected answer would hold beside the definition.
 */
function secondClause(s: Sentence, from: number): boolean {
  for (let k = from + 1; k < s.tokens.length; k++) {
    const t = s.tokens[k]!;
    if (t.value === ';') return true;
    if (t.pos !== 'CCONJ' && !(t.value === ',' && s.tokens[k + 1]?.normal === 'so')) continue;
    // A subject (a noun or a pronoun, maybe with its article) and then its own verb. The tagger
    // may read a plural subject as a verb ("retries are"): then only an auxiliary after it counts
    // ("X is a library and supports caching" shares X as subject).
    let j = k + 1;
    if (s.tokens[j]?.normal === 'so') j++;
    while (['DET', 'ADJ'].includes(s.tokens[j]?.pos ?? '')) j++;
    const from = j;
    while (j - from < 3 && ['NOUN', 'PROPN', 'PRON', 'VERB'].includes(s.tokens[j]?.pos ?? '')) j++;
    if (j === from) continue;
    const subject = s.tokens.slice(from, j);
    const verb = s.tokens[j]?.pos;
    if (verb === 'AUX') return true;
    if (verb === 'VERB' && subject.some((t) => t.pos !== 'VERB')) return true;
  }
  return false;
}

/**
 * The term is a bracketed aside ("a web worker (_____)", "(_____ only)"): it glosses the words
 * before it, which rarely pin it down.
 */
function parenthetical(s: Sentence, o: PhraseOccurrence): boolean {
  let open = 0;
  for (let i = 0; i < o.start; i++) {
    const v = s.tokens[i]?.value;
    if (v === '(') open++;
    else if (v === ')') open = Math.max(0, open - 1);
  }
  return open > 0;
}

// Words opening a clause of their own, whose verb must follow its subject.
const SUBORDINATORS = new Set(
  'when whenever before after until while if because since once unless although though'.split(' '),
);
/**
 * "… before the journal module loads.", "… when the relay version changes on the server": the
 * term is the subject of a clause opened by a subordinator, and no verb is left in the clause
 * after it; the term's last word is the clause's verb, swallowed ("journal module loads").
 */
function clauseVerbSwallowed(s: Sentence, o: PhraseOccurrence): boolean {
  if (o.end - o.start < 2) return false;
  let k = o.start - 1;
  while (k >= 0 && ['DET', 'ADJ'].includes(s.tokens[k]?.pos ?? '')) k--;
  if (k < 0 || !SUBORDINATORS.has(s.tokens[k]?.normal ?? '')) return false;
  for (let i = o.end; i < s.tokens.length; i++) {
    const t = s.tokens[i]!;
    if (/^[,;:.!?]$/.test(t.value) || t.pos === 'CCONJ') break;
    if (t.pos === 'VERB' || t.pos === 'AUX') return false;
  }
  return true;
}

// "the given array", "the passed document", "the resulting nodes": a modifier that points at
// something named in another sentence (an argument, an example) is no part of a term that can
// stand alone as an option or an answer.
const POINTING_MODIFIERS = new Set(
  'given same passed resulting returned aforementioned respective corresponding former latter above said specified provided supplied previous note tip warning caution important'.split(
    ' ',
  ),
);

const QUANTIFIERS = new Set('multiple various several numerous many few some'.split(' '));

// Declaration keywords of JavaScript and its kin: never the first word of a term of prose.
const CODE_KEYWORDS = new Set(['var', 'let', 'const', 'function', 'return', 'import', 'export']);

/**
 * A tagging slip taken for a term: a verb swallowed into it ("Mr Obama lands", "experts regard New
 * Zealand", "monitoring systems track"), seen as a sentence with no verb left outside the phrase,
 * or capitalised and lower-case words mixed ("Mile beach", "America editor Jon Sopel").
 */
function slip(p: Phrase, ctx: Context): boolean {
  if (p.length < 2 || p.kind === 'date' || p.kind === 'quantity') return false;
  const known = ctx.slips.get(p.key);
  if (known !== undefined) return known;
  const words = p.surface.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  // "var buffer", "const app": a declaration of code read as a term. "time onClose", "multiple
  // onRequest": a word of prose glued before a code identifier (a camelCase name), which never
  // takes a modifier of prose; the identifier as a modifier ("onRequest hook") is a term.
  const identifierLast =
    /^\p{Ll}+\p{Lu}/u.test(words[words.length - 1] ?? '') &&
    words.slice(0, -1).every((w) => /^\p{Ll}+$/u.test(w));
  if (
    ctx.english &&
    (CODE_KEYWORDS.has(words[0] ?? '') ||
      identifierLast ||
      POINTING_MODIFIERS.has((words[0] ?? '').toLowerCase()))
  ) {
    ctx.slips.set(p.key, true);
    return true;
  }
  // "systemd systemd": a heading's last word glued to the paragraph opening with it.
  if (words.some((w, i) => i > 0 && w.toLowerCase() === words[i - 1]?.toLowerCase())) {
    ctx.slips.set(p.key, true);
    return true;
  }
  const caps = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  // A name followed by a lower-case word is a slip when that word is the verb ("Mr Obama lands in
  // Kenya"); before a verb of its own it is a term ("the Calvin cycle is …").
  const mixed =
    ctx.english &&
    caps > 0 &&
    caps < words.length &&
    /^\p{Ll}/u.test(words[words.length - 1] ?? '');
  let bad =
    mixed &&
    p.sentences.some((id) => {
      const s = ctx.doc.sentences[id];
      const o = s?.phrases.find((x) => x.key === p.key);
      const next = o && s?.tokens[o.end];
      return next !== undefined && next.pos !== 'VERB' && next.pos !== 'AUX';
    });
  // A plural before the last word is a subject with its verb, not a compound ("whales beach",
  // "experts regard", "students graduate"): English compounds take the singular ("whale oil").
  // A gerund with its object met once ("building stories", "encouraging students") is a verb
  // phrase, not a term.
  if (!bad && p.kind === 'concept' && p.count < 2 && /ing$/.test(words[0] ?? '') && p.plural)
    bad = true;
  // "multiple purposes", "various ways": a quantifier with a plural says how many, not what.
  if (!bad && ctx.english && p.plural && QUANTIFIERS.has((words[0] ?? '').toLowerCase()))
    bad = true;
  // "css-select using" of "… by css-select using the adapter's methods": a gerund taking its
  // object, swallowed into the term.
  if (!bad && ctx.english && /\p{Ll}ing$/u.test(words[words.length - 1] ?? ''))
    bad = p.sentences.some((id) => {
      const x = ctx.doc.sentences[id];
      const o = x?.phrases.find((y) => y.key === p.key);
      const next = o && x?.tokens[o.end];
      return !!next && ['DET', 'PRON', 'PROPN'].includes(next.pos);
    });
  if (!bad && p.kind === 'concept') {
    for (const id of p.sentences) {
      const s = ctx.doc.sentences[id];
      const o = s?.phrases.find((x) => x.key === p.key);
      if (!s || !o) continue;
      for (let i = o.start; i < o.end - 1; i++) {
        const t = s.tokens[i];
        if (t && t.pos === 'NOUN' && t.normal !== t.lemma && /[^s]s$/.test(t.normal)) bad = true;
      }
    }
  }
  bad ||= /^\p{Ll}/u.test(words[0] ?? '') && /^\p{Lu}/u.test(words[words.length - 1] ?? '');
  // "the module returns the default type": a last word in -s right before an article is the
  // sentence's verb with its object, swallowed into the term ("module returns").
  if (
    !bad &&
    ctx.english &&
    p.kind === 'concept' &&
    /\p{Ll}s$/u.test(words[words.length - 1] ?? '')
  )
    bad = p.sentences.some((id) => {
      const x = ctx.doc.sentences[id];
      const o = x?.phrases.find((y) => y.key === p.key);
      return !!o && ['the', 'a', 'an'].includes(x?.tokens[o.end]?.normal ?? '');
    });
  // "redact sensitive information": a verb with its object, read as a term. The first word is a
  // verb WordNet knows and no noun or adjective it knows.
  if (!bad && ctx.english && p.kind === 'concept' && /^\p{Ll}/u.test(words[0] ?? '')) {
    const ids = synsets(words[0] ?? '');
    const verb = ids.some((id) => id % 4 === 2);
    bad = verb && !ids.some((id) => id % 4 === 1 || id % 4 === 3);
    // "you can use pg-pool", "to install qemu": after a modal or "to" the first word is a verb,
    // whatever else WordNet files it under.
    bad ||=
      verb &&
      p.sentences.some((id) => {
        const s = ctx.doc.sentences[id];
        const o = s?.phrases.find((x) => x.key === p.key);
        const before = o && s?.tokens[o.start - 1];
        return before !== undefined && (before.normal === 'to' || before.pos === 'AUX');
      });
  }
  if (!bad) {
    for (const id of p.sentences) {
      const s = ctx.doc.sentences[id];
      if (!s || !s.tokens.some((t) => t.pos === 'DET' || t.pos === 'ADP')) continue;
      for (const o of s.phrases) {
        if (o.key !== p.key) continue;
        const verbOutside = s.tokens.some(
          (t, i) => (i < o.start || i >= o.end) && (t.pos === 'VERB' || t.pos === 'AUX'),
        );
        if (!verbOutside || clauseVerbSwallowed(s, o)) bad = true;
      }
    }
  }
  ctx.slips.set(p.key, bad);
  return bad;
}

/**
 * The chunks of the sources that are content, not filler (filler.ts). When every source is filler
 * there is nothing to ask about, and the learner is told why instead of getting cards about
 * "dolor sit amet": an `UnusableTextError` naming the reason.
 */
function contentChunks(chunks: readonly TextChunk[]): TextChunk[] {
  const bySource = new Map<string, string[]>();
  for (const c of chunks)
    bySource.set(c.sourceId, [...(bySource.get(c.sourceId) ?? []), c.content]);
  const filler = new Map<string, UnusableTextReason>();
  for (const [sourceId, parts] of bySource) {
    const reason = fillerReason(parts.join('\n\n'));
    if (reason) filler.set(sourceId, reason);
  }
  const kept = chunks.filter((c) => !filler.has(c.sourceId));
  const first = [...filler.values()][0];
  if (kept.length === 0 && first) throw new UnusableTextError(first, { provider: 'local' });
  return kept;
}

export function generateQuestions(input: GenerateQuestionsInput): GeneratedQuestion[] {
  throwIfAborted(input.signal);
  const types = [...new Set(input.types)];
  const wanted = Math.max(0, Math.floor(input.count));
  if (input.chunks.length === 0 || types.length === 0 || wanted === 0) return [];
  input = { ...input, chunks: contentChunks(input.chunks) };

  // The source's language, as the ingest worker detects and stores it: the stems are written in it
  // where the writer can, and in English with a note for the learner where it cannot; German,
  // Spanish and French are tagged by their own rules (latin-tags.ts).
  const language = detectLanguage(input.chunks.map((c) => c.content).join('\n\n'));
  const doc = analyze(
    input.chunks.map((c) => c.content),
    { language },
  );
  throwIfAborted(input.signal);
  const { words, note } = questionWordsFor(language);
  const partSource = input.chunks.map((c) => c.sourceId);
  const phraseSources = new Map<string, Set<string>>();
  for (const phrase of doc.phrases.values()) {
    phraseSources.set(
      phrase.key,
      new Set(phrase.sentences.map((id) => partSource[doc.sentences[id]?.part ?? 0] ?? '')),
    );
  }
  const sourceText = new Map<string, string>();
  // Compared without citation markers and with single spaces, as sentences are.
  for (const c of input.chunks)
    sourceText.set(
      c.sourceId,
      `${sourceText.get(c.sourceId) ?? ''}\n${normalise(cleanText(c.content))}`,
    );
  const ctx: Context = {
    doc,
    chunks: input.chunks,
    partSource,
    phraseSources,
    // Distractors come from the strongest terms: a weak one is an obvious wrong answer anyway.
    optionPool: [...doc.phrases.values()]
      .filter(
        (p) =>
          !p.doubtful &&
          (p.count >= 2 || p.length >= 2 || p.kind === 'date' || p.kind === 'quantity'),
      )
      .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))
      .slice(0, 600),
    distractorUse: new Map(),
    sourceText,
    mcOrdinal: 0,
    positionSeed: hash32(input.chunks.map((c) => c.chunkId).join('|')) % POSITIONS.length,
    fragments: new Map(),
    slips: new Map(),
    rawText: new Map(),
    roles: readRoles(doc),
    english: language === 'en' || language === null,
    cjk: language === 'zh' || language === 'ja' ? language : null,
    language,
    words,
    classes: null,
    barren: new Set(),
    codeShapes: new Map(),
    names: new Map(),
    lowerWords: lowerWordsOf(doc),
  };
  if (ctx.english) ctx.classes = classifyPhrases(doc);
  for (const c of input.chunks)
    ctx.rawText.set(c.sourceId, `${ctx.rawText.get(c.sourceId) ?? ''}\n${cleanText(c.content)}`);

  const focus = new Set(focusTerms(input.focusInstructions ?? ''));
  const candidates = new Map<QuestionType, Candidate[]>();
  for (const type of types) candidates.set(type, candidatesFor(type, ctx, focus));

  // The count spread over the types as evenly as the text allows: a type that runs out of material
  // hands its share to the others.
  const quota = new Map<QuestionType, number>();
  types.forEach((type, i) =>
    quota.set(type, Math.floor(wanted / types.length) + (i < wanted % types.length ? 1 : 0)),
  );

  const avoid = (input.avoid ?? []).map((text) => ({
    text: normalise(text),
    terms: textTerms(text),
  }));
  const made: GeneratedQuestion[] = [];
  const madeTerms: string[][] = [];
  const usedSentences = new Set<number>();
  const asked = askedFacts(doc, input.avoid ?? [], ctx.cjk);
  // One fact, one question: an answer or a sentence used by one type is not asked again by another.
  const usedAnswers = new Set<string>();
  const usedFacts: Set<string>[] = [];
  const partUse = new Map<number, number>();
  const fifthUse = new Map<number, number>();
  const exhausted = new Set<QuestionType>();

  while (made.length < wanted && exhausted.size < types.length) {
    throwIfAborted(input.signal);
    let progressed = false;
    for (const type of types) {
      if (made.length >= wanted) break;
      if (exhausted.has(type) || (quota.get(type) ?? 0) <= 0) continue;
      const question = nextQuestion(type, candidates.get(type) ?? [], ctx, {
        usedSentences,
        usedAnswers,
        usedFacts,
        asked,
        partUse,
        fifthUse,
        isDuplicate: (text) => {
          const terms = textTerms(text);
          return (
            avoid.some(
              (a) => sameText(a.text, normalise(text)) || similarWording(a.terms, terms),
            ) ||
            made.some(
              (m, i) =>
                sameText(normalise(m.question), normalise(text)) ||
                similarWording(madeTerms[i] ?? [], terms),
            )
          );
        },
      });
      if (!question) {
        exhausted.add(type);
        // Hand the rest of this type's share to the types still producing.
        const left = quota.get(type) ?? 0;
        quota.set(type, 0);
        const open = types.filter((t) => !exhausted.has(t));
        open.forEach((t, i) =>
          quota.set(
            t,
            (quota.get(t) ?? 0) + Math.floor(left / open.length) + (i < left % open.length ? 1 : 0),
          ),
        );
        continue;
      }
      made.push(question.question);
      madeTerms.push(textTerms(question.question.question));
      quota.set(type, (quota.get(type) ?? 0) - 1);
      for (const id of question.sentenceIds) {
        usedSentences.add(id);
        usedFacts.push(new Set(doc.sentences[id]?.terms ?? []));
      }
      usedAnswers.add(question.answerKey);
      partUse.set(question.sentence.part, (partUse.get(question.sentence.part) ?? 0) + 1);
      const fifth = fifthOf(question.sentence.part, ctx);
      fifthUse.set(fifth, (fifthUse.get(fifth) ?? 0) + 1);
      progressed = true;
    }
    if (!progressed) break;
  }
  // Nothing asked before and nothing written: the learner reads why instead of an empty deck (the
  // worker shows it only when no other source or type gave questions either).
  if (made.length === 0 && (input.avoid ?? []).length === 0)
    throw new UnusableTextError('no_statements', { provider: 'local' });
  return note ? made.map((q) => ({ ...q, note })) : made;
}

/**
 * The facts the deck already asks about, as the terms asked per sentence id: the worker asks type
 * by type, passing the questions written so far as `avoid`, and a blank for a term in a sentence and
 * that sentence's Chinese or Japanese rewrite about the same term ask one fact twice ("什么是蒸腾作用？"
 * beside "……这个过程叫做_____。"), or one gives the other away ("为什么一些地区的水循环受到了破坏？"
 * beside "……一些地区的_____受到了破坏"). A blank quotes its sentence with the term taken out; a
 * rewrite is the sentence's own question. The wording check (`similarWording`) cannot see this: the
 * two share few words.
 */
function askedFacts(
  doc: DocumentModel,
  avoid: readonly string[],
  cjk: CjkLanguage | null,
): Map<number, string[]> {
  const asked = new Map<number, string[]>();
  const add = (id: number, term: string) => asked.set(id, [...(asked.get(id) ?? []), term]);
  const blanks = avoid.filter((a) => a.includes(BLANK));
  const exact = new Set(avoid);
  // A question that is its sentence rewritten ("Wie heißt der Vorgang, bei dem …?", "Was verbindet
  // das Enzym Rubisco?") writes most of its sentence's words: that sentence's fact is asked, and a
  // later call must not blank a term of it (seen in a German deck: the definition asked as a
  // question by the first call, then blanked by a later one). Compared on the words as written
  // (five letters or more), as the sentences' own terms are stemmed or not by language. '' marks
  // the whole sentence asked.
  const longWords = (text: string) =>
    new Set((text.toLocaleLowerCase().match(/[\p{L}\p{N}]{5,}/gu) ?? []) as string[]);
  const rewrites = avoid
    .filter((a) => !a.includes(BLANK))
    .map(longWords)
    .filter((w) => w.size >= 3);
  if (blanks.length === 0 && rewrites.length === 0 && !cjk) return asked;
  for (const s of doc.sentences) {
    if (rewrites.length > 0) {
      const words = longWords(s.text);
      const rewritten = rewrites.some((r) => {
        const shared = [...r].filter((w) => words.has(w)).length;
        return shared >= 0.7 * r.size && shared >= 0.5 * words.size;
      });
      if (rewritten) add(s.id, '');
    }
    const rewrite = cjk
      ? cjkQuestion(
          s,
          s.phrases.find((x) => x.start === 0),
          cjk,
        )
      : null;
    if (rewrite && exact.has(rewrite.question)) add(s.id, rewrite.term);
    // Cheap first: the avoided question holds the sentence's opening or closing words.
    const head = s.text.slice(0, 6);
    const tail = s.text.slice(-6);
    const near = blanks.filter((a) => a.includes(head) || a.includes(tail));
    if (near.length === 0) continue;
    for (const o of s.phrases) {
      const from = s.offsets[o.start] ?? 0;
      const blanked = `${s.text.slice(0, from)}${BLANK}${s.text.slice(from + o.surface.length)}`;
      if (near.some((a) => a.includes(blanked))) add(s.id, o.surface);
    }
  }
  return asked;
}

/**
 * Whether a candidate asks a fact `askedFacts` found: a term asked in its sentence, or inside it,
 * or any term of a sentence an earlier question rewrote ('').
 */
function askedBefore(c: Candidate, ctx: Context, asked: Map<number, string[]>): boolean {
  const terms = asked.get(c.sentence.id);
  if (!terms) return false;
  const rewrite =
    ctx.cjk && !MC_TYPES.has(c.type)
      ? cjkQuestion(
          c.sentence,
          c.sentence.phrases.find((x) => x.start === 0),
          ctx.cjk,
        )
      : null;
  const term = rewrite?.term ?? c.occurrence.surface;
  return terms.some((t) => t.includes(term) || term.includes(t));
}

// ---------------------------------------------------------------------------------------------
// Candidates.

function candidatesFor(type: QuestionType, ctx: Context, focus: Set<string>): Candidate[] {
  const { doc } = ctx;
  const focusScore = (s: Sentence) => {
    if (focus.size === 0) return 0;
    const hits = new Set(s.terms.filter((t) => focus.has(t))).size;
    // Matching the learner's focus outweighs every other preference.
    return hits === 0 ? 0 : 2 + hits / focus.size;
  };
  const list: Candidate[] = [];
  if (MC_TYPES.has(type)) {
    for (const s of doc.sentences) {
      if (
        !s.clean ||
        s.words < 8 ||
        s.words > 40 ||
        fillerSentence(s.text) ||
        !statesFact(s, ctx.lowerWords) ||
        (ctx.english && codeInSentence(s.text))
      )
        continue;
      // Without a case passage around it, a sentence pointing elsewhere ("his", "this setup") is
      // a riddle.
      if (!CASE_TYPES.has(type) && (unresolved(s) || leansOnEarlier(s, ctx.language))) continue;
      // "If X, Y.", "To X, Y.": kept for the real question a free response asks of it ("What
      // happens if X?"), which a blank in the copied sentence would take.
      if (!CASE_TYPES.has(type) && ctx.english && explainingQuestion(s)) continue;
      for (const o of s.phrases) {
        const phrase = doc.phrases.get(o.key);
        if (!phrase || phrase.doubtful) continue;
        // A term met once and short is as likely a tagging slip as a key term.
        if (phrase.count < 2 && phrase.length < 2 && phrase.kind !== 'date') continue;
        if (s.phrases.filter((p) => p.key === o.key).length > 1) continue;
        // "… to be matched _____" for "in.": a term read with the sentence's stop is a slip.
        if (/[.!?,;:]$/u.test(o.surface)) continue;
        // "a default pms of 6 …, while the CLI uses a _____ of 3": the answer written elsewhere in
        // the sentence, inside another term, gives it away.
        if (writtenElsewhere(s, o) || derivedElsewhere(s, o)) continue;
        // "If the input version is already a prerelease it simply _____ it": a word the
        // sentence uses as its verb is no term, whatever else the text makes of it.
        if (o.end - o.start === 1 && s.tokens[o.start]?.pos === 'VERB') continue;
        // "… it simply _____ it": a blank before an object pronoun is the sentence's verb, however
        // the tagger read it.
        if (OBJECT_PRONOUNS.has(s.tokens[o.end]?.normal ?? '')) continue;
        // "the _____ constructed name", "the supports-color _____": a blank cut out of a
        // compound, whose other half in the stem pins it down or leaves it a guess.
        if (ctx.english && cutCompound(s, o)) continue;
        // The rest of the sentence must say enough to point at the answer.
        const rest = s.terms.length - (o.end - o.start);
        if (rest < 4) continue;
        if (nameFragment(phrase, ctx)) continue;
        if (ctx.english && headingPhrase(phrase, ctx)) continue;
        const rewritten = ctx.english
          ? rewrittenChoice(s, o, phrase)
          : namedChoice(s, o, phrase, ctx.language, ctx.words);
        if (everydayWord(phrase) || (commonWord(phrase) && !rewritten)) continue;
        // A blank in a long copied sentence is a reading test more than a question.
        if (!rewritten && s.words > 32) continue;
        // "Parse a _____ to create …", "Set to true to defer …", "Does not use a _____ so …": an
        // API reference's line under a function's or an option's name, whose subject is that name.
        if (!rewritten && ctx.english && describesHeading(s)) continue;
        // Capitals mark names in English; German capitalises every noun.
        if (slip(phrase, ctx) || insideQuote(s, o) || coordinated(s, o)) continue;
        if (ctx.english && splitsName(s, o)) continue;
        if (gluedBlank(s, o) || parenthetical(s, o)) continue;
        // "… uses these _____", "this _____": the blank's referent is in another sentence.
        if (!CASE_TYPES.has(type) && DEMONSTRATIVES.has(s.tokens[o.start - 1]?.normal ?? ''))
          continue;
        if (vagueHead(phrase)) continue;
        // "Fastify starts _____ the plugin" for "loading": a gerund with its object is the
        // sentence's verb, and the options beside it are things.
        if (
          o.end - o.start === 1 &&
          /ing$/.test(o.surface) &&
          ['DET', 'NOUN', 'PROPN', 'PRON'].includes(s.tokens[o.end]?.pos ?? '')
        )
          continue;
        // "By _____, …", "In _____, …": a lone word in an opening adverbial is a set phrase
        // ("by default", "in practice") more often than a fact.
        if (
          phrase.kind === 'concept' &&
          o.end - o.start === 1 &&
          o.start === 1 &&
          s.tokens[0]?.pos === 'ADP' &&
          s.tokens[o.end]?.value === ','
        )
          continue;
        // The same inside a sentence: a lone singular word of general English right after a
        // preposition, with no article ("enabled by _____" for "by default", "in _____" for "in
        // practice"), completes an idiom the learner guesses without the source.
        if (setPhrase(s, o, phrase)) continue;
        // A common noun as the subject of a copied sentence ("_____ can change their website every
        // week"): other terms of the source usually do that too, so two options are right. Only a
        // rewrite that names its class ("What is X?", "Which Y …?") pins it down.
        if (phrase.kind === 'concept' && opensSentence(s, o) && !rewritten) continue;
        let score = (doc.importance[s.id] ?? 0) + 0.05 * phrase.score + focusScore(s);
        if (definesAt(s, o.end)) score += 0.2;
        // A real question beats a blank in a copied sentence.
        if (rewritten) score += 0.5;
        if (phrase.kind === 'date' || phrase.kind === 'quantity') score -= 0.15;
        if (s.anaphoric) score -= 0.2;
        if (QUOTED.test(s.text)) score -= 0.25;
        list.push({ type, sentence: s, occurrence: o, phrase, score });
      }
    }
  } else {
    const phrases = diverseKeyPhrases(doc, 200, keyPhrases(doc));
    const top = phrases[0]?.score ?? 1;
    const seen = new Set<string>();
    for (const phrase of phrases) {
      if (phrase.count < 2 && phrase.length < 2) continue;
      for (const id of phrase.sentences) {
        const s = doc.sentences[id];
        if (
          !s ||
          !s.clean ||
          s.words < 8 ||
          fillerSentence(s.text) ||
          !statesFact(s, ctx.lowerWords) ||
          (ctx.english && codeInSentence(s.text))
        )
          continue;
        if (!CASE_TYPES.has(type) && (unresolved(s) || leansOnEarlier(s, ctx.language))) continue;
        const o = s.phrases.find((p) => p.key === phrase.key);
        if (!o) continue;
        if (nameFragment(phrase, ctx) || slip(phrase, ctx)) continue;
        if (everydayWord(phrase)) continue;
        let score = (doc.importance[s.id] ?? 0) + 0.5 * (phrase.score / top) + focusScore(s);
        // "…, so having a utilization target is essential" says something of the term, it does not
        // define it: a definition opens with the term.
        const defines =
          definesAt(s, o.end) &&
          opensSentence(s, o) &&
          !judgement(s, o) &&
          !(ctx.english && noDefinition(s, o, phrase));
        if (defines) score += 0.8;
        if (whyQuestion(s)) score += 0.5;
        else if (whatDoesQuestion(s, o)) score += 0.4;
        else if (!ctx.english && objectQuestion(s, o, ctx.language, ctx.words)) score += 0.4;
        // A sentence that only mentions the term ("…, private browsing, Sync and more") does not
        // explain it: "Explain the term X" from it expects an answer the sentence is not. Nor does
        // "What does the source say about X?" over a sentence about X teach anything a real
        // question would not: without a definition or a rewrite, no free response (fewer, better
        // cards; the count goes to the types the text supports). A case question may ask about a
        // term its passage is about.
        else if (ctx.cjk && !CASE_TYPES.has(type)) {
          // A Chinese or Japanese sentence only as the question rewrite-cjk.ts makes of it.
          const rewrite = cjkQuestion(s, o.start === 0 ? o : undefined, ctx.cjk);
          if (!rewrite || !rewrite.term.includes(o.surface)) continue;
        } else if (!CASE_TYPES.has(type) && !defines && (ctx.english || !opensSentence(s, o)))
          continue;
        else if (!defines && !opensSentence(s, o)) continue;
        // A lone common noun is rarely a concept worth explaining.
        if (phrase.kind === 'concept' && phrase.length === 1) score -= 0.3;
        if (opensSentence(s, o)) score += 0.2;
        if (s.anaphoric) score -= 0.3;
        if (QUOTED.test(s.text)) score -= 0.3;
        list.push({ type, sentence: s, occurrence: o, phrase, score });
        seen.add(`${s.id}|${o.key}`);
      }
    }
    // Sentences a real question can be asked from ("Why …?", "What did X say?") whose subject is
    // not among the strongest terms: a real question about a lesser term beats a template about a
    // key one.
    for (const s of doc.sentences) {
      if (
        !s.clean ||
        s.words < 8 ||
        fillerSentence(s.text) ||
        !statesFact(s, ctx.lowerWords) ||
        (ctx.english && codeInSentence(s.text))
      )
        continue;
      if (!CASE_TYPES.has(type) && (unresolved(s) || leansOnEarlier(s, ctx.language))) continue;
      // Chinese and Japanese: the term the rewrite names, else the first term of the sentence.
      const rewrite =
        ctx.cjk && !CASE_TYPES.has(type)
          ? cjkQuestion(
              s,
              s.phrases.find((x) => x.start === 0),
              ctx.cjk,
            )
          : null;
      // "If X, Y.": asked as "What happens if X?"; its first term names what the card is about.
      const condition = ctx.english && !rewrite ? explainingQuestion(s) : null;
      const o = rewrite
        ? (s.phrases.find((x) => rewrite.term.includes(x.surface)) ?? s.phrases[0])
        : condition
          ? s.phrases[0]
          : s.phrases.find((x) => opensSentence(s, x));
      if (!o || seen.has(`${s.id}|${o.key}`)) continue;
      const phrase = doc.phrases.get(o.key);
      if (!phrase || phrase.doubtful || everydayWord(phrase) || nameFragment(phrase, ctx)) continue;
      // German, Spanish, French…: "Was liefert die Photosynthese?" (rewrite-latin.ts).
      const latinAsk = !ctx.english && objectQuestion(s, o, ctx.language, ctx.words) !== null;
      if (
        !rewrite &&
        !condition &&
        !latinAsk &&
        (!ctx.english || (!whyQuestion(s) && !whatDoesQuestion(s, o)))
      )
        continue;
      let score = (doc.importance[s.id] ?? 0) + 0.5 * (phrase.score / top) + focusScore(s) + 0.6;
      if (s.anaphoric) score -= 0.3;
      if (QUOTED.test(s.text)) score -= 0.3;
      list.push({ type, sentence: s, occurrence: o, phrase, score });
    }
  }
  // Deterministic order: score, then position in the text.
  return list.sort(
    (a, b) =>
      b.score - a.score || a.sentence.id - b.sentence.id || a.occurrence.start - b.occurrence.start,
  );
}

type Picked = {
  question: GeneratedQuestion;
  sentence: Sentence;
  /** The sentences the question and its answer use (an answer may go on into the next one). */
  sentenceIds: number[];
  answerKey: string;
};

function nextQuestion(
  type: QuestionType,
  candidates: Candidate[],
  ctx: Context,
  state: {
    usedSentences: Set<number>;
    usedAnswers: Set<string>;
    usedFacts: Set<string>[];
    asked: Map<number, string[]>;
    partUse: Map<number, number>;
    fifthUse: Map<number, number>;
    isDuplicate: (text: string) => boolean;
  },
): Picked | undefined {
  // Spread questions over the source: each question already drawn from a chunk, or from the same
  // fifth of the source, lowers the others'.
  const ranked = candidates
    .filter(
      (c) =>
        !state.usedSentences.has(c.sentence.id) &&
        !state.usedAnswers.has(c.phrase.key) &&
        !askedBefore(c, ctx, state.asked) &&
        !state.usedFacts.some((f) => sameFact(f, c.sentence.terms)),
    )
    .map((c) => ({
      c,
      score:
        c.score -
        0.08 * (state.partUse.get(c.sentence.part) ?? 0) -
        0.06 * (state.fifthUse.get(fifthOf(c.sentence.part, ctx)) ?? 0),
    }))
    .sort((a, b) => b.score - a.score || a.c.sentence.id - b.c.sentence.id);
  for (const { c } of ranked.slice(0, 400)) {
    // A candidate that gave no question (too few options of its class) gives none later either:
    // the options it may have do not depend on the questions made since.
    const id = `${c.type}|${c.sentence.id}|${c.occurrence.start}`;
    if (ctx.barren.has(id)) continue;
    const question = build(c, ctx);
    if (!question) ctx.barren.add(id);
    if (
      !question ||
      state.isDuplicate(question.question.question) ||
      !validQuestion(question.question, ctx)
    )
      continue;
    if (MC_TYPES.has(type)) {
      ctx.mcOrdinal++;
      for (const key of question.distractorKeys)
        ctx.distractorUse.set(key, (ctx.distractorUse.get(key) ?? 0) + 1);
    }
    return {
      question: question.question,
      sentence: c.sentence,
      sentenceIds: question.sentenceIds,
      answerKey: c.phrase.key,
    };
  }
  return undefined;
}

/** Which fifth of its source's chunks a part (chunk) is in. */
function fifthOf(part: number, ctx: Context): number {
  const sourceId = ctx.partSource[part];
  const parts = ctx.partSource.flatMap((id, i) => (id === sourceId ? [i] : []));
  return Math.floor((parts.indexOf(part) * 5) / Math.max(1, parts.length));
}

/** Two sentences stating the same fact: most of their content words shared. */
function sameFact(used: Set<string>, terms: readonly string[]): boolean {
  const mine = new Set(terms);
  if (mine.size === 0 || used.size === 0) return false;
  let shared = 0;
  for (const t of mine) if (used.has(t)) shared++;
  return shared / (mine.size + used.size - shared) >= 0.6;
}

/**
 * A name piece the tagger split off a longer name: most of its occurrences in the raw text are
 * glued to a capitalised word ("New Zealand") or a dot ("mozilla.org").
 */
function nameFragment(p: Phrase, ctx: Context): boolean {
  // A term of several words is a fragment only when glued to a dot ("js file" out of
  // "Tesseract.js file"); a name of several words keeps its pieces ("New Zealand").
  if (p.length > 1 && (p.kind === 'date' || p.kind === 'quantity')) return false;
  const known = ctx.fragments.get(p.key);
  if (known !== undefined) return known;
  if (p.length > 1) {
    // Only the character before each occurrence matters here: a plain search, not the regex's
    // window, which costs a scan of the text per term.
    let all = 0;
    let dotted = 0;
    for (const text of ctx.rawText.values()) {
      for (let at = text.indexOf(p.surface); at >= 0; at = text.indexOf(p.surface, at + 1)) {
        const before = text.slice(Math.max(0, at - 2), at);
        const after = text.charAt(at + p.surface.length);
        if (/[\p{L}\p{N}]$/u.test(before) || /[\p{L}\p{N}]/u.test(after)) continue;
        all++;
        // "top-level context" read as "level context": the term's first word is the second half
        // of a hyphenated compound, a piece cut from it.
        if (/[\p{L}\p{N}][.-]$/u.test(before)) dotted++;
      }
    }
    const fragment = all > 0 && dotted / all >= 0.5;
    ctx.fragments.set(p.key, fragment);
    return fragment;
  }
  const escaped = p.surface.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const around = new RegExp(
    `(.{0,30})(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])(.{0,2})`,
    'gu',
  );
  let all = 0;
  let glued = 0;
  for (const text of ctx.rawText.values()) {
    for (const m of text.matchAll(around)) {
      all++;
      const before = m[1] ?? '';
      const after = m[2] ?? '';
      // Any term glued to a dot is a piece of a domain or file name ("mozilla.org"); a name beside
      // another capitalised word is part of a longer name ("New Zealand").
      // The second half of a hyphenated compound ("level" of "top-level") is a piece of it too.
      const dotted = /\.$/.test(before) || /^\.\p{L}/u.test(after) || /\p{L}-$/u.test(before);
      const named =
        p.kind === 'proper' && (/\p{Lu}[\p{L}'’]*\s$/u.test(before) || /^\s?\p{Lu}/u.test(after));
      if (dotted || named) glued++;
    }
  }
  const fragment = all > 0 && glued / all >= 0.5;
  ctx.fragments.set(p.key, fragment);
  return fragment;
}

type Built = { question: GeneratedQuestion; distractorKeys: string[]; sentenceIds: number[] };

/**
 * The concepts a question tests (issue 20): the phrase it asks about, then the strongest other
 * names and concepts of its sentence.
 */
function conceptsOf(c: Candidate, ctx: Context): string[] {
  const others = c.sentence.phrases
    .map((o) => ctx.doc.phrases.get(o.key))
    .filter(
      (p): p is NonNullable<typeof p> =>
        !!p &&
        p.key !== c.phrase.key &&
        (p.kind === 'concept' || p.kind === 'proper') &&
        !p.doubtful,
    )
    .sort((a, b) => b.score - a.score);
  const text = (p: typeof c.phrase) =>
    ctx.english
      ? p.kind === 'concept'
        ? (p.lowerSurface ?? p.surface)
        : p.surface
      : conceptTag(p, ctx.doc, ctx.language);
  return normalizeConcepts([text(c.phrase), ...others.map(text)]);
}

function build(c: Candidate, ctx: Context): Built | undefined {
  const chunk = ctx.chunks[c.sentence.part];
  if (!chunk) return undefined;
  // Markdown that cannot be taken out cleanly (see `markupLeft`): no card from the sentence.
  if (markupLeft(stripMarkup(c.sentence.text))) return undefined;
  const built = buildCard(c, ctx, chunk);
  if (!built) return undefined;
  // What can be taken out (a code span's backticks, a link's target) goes from the stem; the
  // expected answer stays the source's own words.
  const question = stripMarkup(built.question.question);
  return question === built.question.question
    ? built
    : { ...built, question: { ...built.question, question } };
}

function buildCard(c: Candidate, ctx: Context, chunk: TextChunk): Built | undefined {
  const base = { chunkId: chunk.chunkId, sourceId: chunk.sourceId, concepts: conceptsOf(c, ctx) };
  const isCase = CASE_TYPES.has(c.type);
  const passage = isCase ? passageAround(ctx.doc, c.sentence) : null;
  if (isCase && !passage) return undefined;
  if (MC_TYPES.has(c.type)) {
    const mc = multipleChoice(c, ctx, passage ?? null);
    return (
      mc && {
        question: { ...mc.question, ...base },
        distractorKeys: mc.distractorKeys,
        sentenceIds: [c.sentence.id],
      }
    );
  }
  if (
    !isCase &&
    ctx.english &&
    !whyQuestion(c.sentence) &&
    !explainingQuestion(c.sentence) &&
    saysElsewhere(c.sentence, c.occurrence, ctx)
  )
    return undefined;
  const fr = freeResponse(c, ctx.doc, passage ?? null, ctx);
  if (!fr) return undefined;
  return {
    question: { ...fr.question, ...base },
    distractorKeys: [],
    sentenceIds: fr.sentenceIds,
  };
}

// ---------------------------------------------------------------------------------------------
// Multiple choice.

type Passage = { sentences: Sentence[]; text: string };

function multipleChoice(
  c: Candidate,
  ctx: Context,
  passage: Passage | null,
):
  | { question: Omit<GeneratedQuestion, 'chunkId' | 'sourceId'>; distractorKeys: string[] }
  | undefined {
  const { sentence: s, occurrence: o, phrase } = c;
  const answer = optionText(phrase, o, s);
  if (markupLeft(answer) || /[*|]/.test(answer)) return undefined;
  const sourceId = ctx.partSource[s.part] ?? '';
  const distractors = pickDistractors(
    phrase,
    o,
    answer,
    s,
    passage,
    sourceId,
    ctx,
    roleAsked(s, o, phrase),
  );
  if (distractors.length < 3) return undefined;

  const prefix = passage ? 'Based on the case above' : 'According to the source';
  // The rewrites read English only.
  const subjectRest = ctx.english ? subjectPredicate(s, o) : null;
  // German, Spanish, French…: a definition asked from its predicate; not for a case, whose prefix
  // is English.
  const rewritten = ctx.english
    ? rewrittenChoice(s, o, phrase)
    : passage
      ? null
      : namedChoice(s, o, phrase, ctx.language, ctx.words);
  let question: string;
  if (rewritten) {
    question = passage
      ? `${prefix}, ${(rewritten[0]?.toLowerCase() ?? '') + rewritten.slice(1)}`
      : rewritten;
  } else if (subjectRest) {
    question = `${prefix}, which of these ${subjectRest}?`;
  } else {
    const from = s.offsets[o.start] ?? 0;
    const blanked = `${s.text.slice(0, from)}${BLANK}${s.text.slice(from + o.surface.length)}`;
    question = passage ? ctx.words.caseCloze(blanked) : ctx.words.cloze(blanked);
  }

  const position = POSITIONS[(ctx.positionSeed + ctx.mcOrdinal) % POSITIONS.length] ?? 0;
  const options = distractors.map((d) => d.text);
  options.splice(position, 0, answer);
  return {
    question: {
      questionType: c.type,
      question,
      options,
      correctAnswerIndex: position,
      correctAnswerText: answer,
      expectedAnswer: null,
      caseContext: passage ? passage.text : null,
    },
    distractorKeys: distractors.map((d) => d.key),
  };
}

/** The role the question gives its answer (see `Roles`), when its shape says one. */
function roleAsked(s: Sentence, o: PhraseOccurrence, phrase: Phrase): Role | null {
  if (phrase.kind === 'date' || phrase.kind === 'quantity') return null;
  if (whatIsQuestion(s, o)) return 'classes';
  const which = whichQuestion(s, o);
  if (!which) return null;
  return /(?:^|, )who /i.test(which) ? 'speakers' : 'defined';
}

/** The sentence asked as a real question about the answer phrase, when its shape allows. */
function rewrittenChoice(s: Sentence, o: PhraseOccurrence, phrase: Phrase): string | null {
  if (phrase.kind === 'date') return whenQuestion(s, o);
  if (phrase.kind === 'quantity') return null;
  return whatIsQuestion(s, o) ?? whichQuestion(s, o);
}

/**
 * The answer as an option: as the sentence writes it (so it fits the blank), except that a capital
 * only due to the sentence start is dropped when the text also writes the phrase in lower case.
 */
function optionText(phrase: Phrase, o: PhraseOccurrence, s: Sentence): string {
  const initial = o.start === 0 || (o.start === 1 && /^["“‘'(]$/.test(s.tokens[0]?.value ?? ''));
  if (!initial || phrase.kind !== 'concept' || phrase.lowerSurface === null) return o.surface;
  const lowered = (o.surface[0]?.toLowerCase() ?? '') + o.surface.slice(1);
  return lowered === phrase.lowerSurface ||
    lowered.toLowerCase() !== phrase.lowerSurface.toLowerCase()
    ? lowered
    : phrase.lowerSurface;
}

/**
 * For a sentence whose subject is the answer ("The Mozilla Foundation provides hosting..."), the
 * predicate, to ask "which of these provides hosting...?". Null when the answer is not the subject.
 */
function subjectPredicate(s: Sentence, o: PhraseOccurrence): string | null {
  const first = s.tokens[0];
  const startsAt =
    o.start === 0 ||
    (o.start === 1 && first !== undefined && ['the', 'a', 'an'].includes(first.normal));
  if (!startsAt) return null;
  const verb = s.tokens[o.end];
  if (!verb || (verb.pos !== 'VERB' && verb.pos !== 'AUX')) return null;
  const from = s.offsets[o.end] ?? 0;
  const rest = s.text
    .slice(from)
    .replace(/[.!]["”’)]?$/, '')
    .trim();
  // The predicate alone must still carry the question.
  if ((rest.match(/\S+/g) ?? []).length < 5) return null;
  return rest;
}

const wordsOf = (key: string) => new Set(key.split(' '));
/**
 * A term's head in the singular ("plugin" of "loading plugins"): two options of one head in
 * either number ("loading plugin", "loading plugins") are variants of one thing.
 */
const headOf = (key: string) => {
  const head = key.split(' ').pop() ?? '';
  return head.length > 3 && /[^s]s$/.test(head) ? head.slice(0, -1) : head;
};
// GloVe cosine over which two head nouns are used alike (data / information 0.79, requirements /
// guidelines 0.73, errors / mistakes 0.79), under which they name different things (version /
// release 0.63, files / folders 0.58, server / client 0.57).
const SAME_USE = 0.7;

function pickDistractors(
  answer: Phrase,
  occurrence: PhraseOccurrence,
  answerText: string,
  s: Sentence,
  passage: Passage | null,
  sourceId: string,
  ctx: Context,
  role: Role | null = null,
): { text: string; key: string }[] {
  const sameRole = role ? ctx.roles[role] : null;
  const stem = s.text.toLowerCase();
  const answerWords = wordsOf(answer.key);
  const answerHead = answer.key.split(' ').pop();
  const inPassage = new Set(
    passage ? passage.sentences.flatMap((p) => p.phrases.map((o) => o.key)) : [],
  );
  const answerYears = answerText.match(/\d{4}/g) ?? [];
  const answerClass = ctx.classes?.get(answer.key);
  // A name the text gives no evidence of its kind for: any option could be ruled out by kind alone.
  if (answerClass === 'unknown') return [];
  const answerName = isName(answer, ctx);
  const answerKind = ctx.english ? conceptKind(answer) : undefined;
  const answerCode = codeShape(answer, ctx);
  // "an _____": an option the article does not fit is ruled out by grammar alone.
  const article = ctx.english ? s.tokens[occurrence.start - 1]?.normal : undefined;
  const scored: { text: string; score: number; key: string; phrase: Phrase }[] = [];
  for (const p of ctx.optionPool) {
    if (p.key === answer.key) continue;
    const name = isName(p, ctx);
    // Names with names, whether the text capitalises them or not ("micromark" beside "CommonMark").
    const sameKind =
      p.kind === answer.kind ||
      (name && answerName && (p.kind === 'proper' || p.kind === 'concept'));
    const related =
      sameKind ||
      ((answer.kind === 'proper' || answer.kind === 'concept') &&
        (p.kind === 'proper' || p.kind === 'concept'));
    if (!related) continue;
    // A person among places, a product beside an institution, a thing beside people: ruled out by
    // its kind alone.
    if (answerClass !== undefined && ctx.classes?.get(p.key) !== answerClass) continue;
    // Within "thing", the kind: a component among a metric and an act ("app instance |
    // throughput | smaller amount") is ruled out by kind alone (see `conceptKind`).
    if (answerKind !== undefined) {
      const kind = conceptKind(p);
      // A term whose kind nothing tells is as likely of another: a source with too few of the
      // answer's kind gives no card for it (fewer, better cards).
      if (kind !== answerKind) continue;
    }
    // A common noun beside a name is often the name's class ("browser" beside "Firefox"): a second
    // right answer. Only names, then, unless the text gives the noun the answer's role.
    if (answerName && !name && !sameRole?.has(p.key)) continue;
    if (!(ctx.phraseSources.get(p.key)?.has(sourceId) ?? false)) continue;
    // Page chrome ("PDF", "Share") lives in navigation lines, never in a sentence of the text.
    if (!p.sentences.some((id) => ctx.doc.sentences[id]?.clean)) continue;
    // "See the example folder …", "Returns the …": a term met only in a pointer or as the verb
    // opening a description is no term the source states a fact about.
    if (ctx.english && !statedIn(p, ctx)) continue;
    if (nameFragment(p, ctx) || vagueHead(p)) continue;
    // A synonym of the answer is a second right answer ("mistake" beside "error").
    const head = p.key.split(' ').pop() ?? '';
    if (
      p.kind === 'concept' &&
      answer.kind === 'concept' &&
      answerHead !== undefined &&
      head !== answerHead &&
      (p.length === 1 || answer.length === 1) &&
      synonyms(head, answerHead)
    )
      continue;
    // Heads that general English uses alike are a second right answer whatever their modifiers
    // ("sensitive information" beside "sensitive data", "contribution requirements" beside
    // "development guidelines"): GloVe's cosine of the heads, where WordNet files them apart.
    if (ctx.english && p.kind === 'concept' && answer.kind === 'concept') {
      const last = (x: Phrase) =>
        (x.lowerSurface ?? x.surface).toLowerCase().split(' ').pop() ?? '';
      const [mine, theirs] = [last(p), last(answer)];
      if (mine !== theirs && (wordVectors().similarity(mine, theirs) ?? 0) >= SAME_USE) continue;
    }
    // "tokenizer/lexer": words the source writes as alternatives of each other name one thing.
    if (ctx.english && slashAlternatives(ctx.doc, p, answer)) continue;
    // A function among options ("openReadStream" beside "decodeStrings"), or an identifier among
    // words ("readStream" beside "CP437"): ruled out by its shape alone.
    if (codeShape(p, ctx) !== answerCode) continue;
    const text = distractorText(p, answerText);
    if (markupLeft(text) || /[*|]/.test(text)) continue;
    if ((article === 'a' || article === 'an') && indefiniteArticle(text) !== article) continue;
    const lower = text.toLowerCase();
    if (lower === answerText.toLowerCase() || stem.includes(lower)) continue;
    // A word derived from the answer ("Kenyan" beside "Kenya") gives it away.
    const answerLower = answerText.toLowerCase();
    if (lower.startsWith(answerLower) || answerLower.startsWith(lower)) continue;
    // Nested terms ("browser" for "web browser") would make two options right.
    const words = wordsOf(p.key);
    if ([...words].every((w) => answerWords.has(w)) || [...answerWords].every((w) => words.has(w)))
      continue;
    // Terms sharing their head usually name the same thing ("Mr Obama", "President Obama"; "web
    // browser", "Mozilla browser"): both would be right.
    if (headOf(p.key) === headOf(answer.key)) continue;
    if (answerYears.some((y) => text.includes(y))) continue;
    // A decade holding the answer's year ("1990s", "mid-1990s" beside "1998"), or a year inside an
    // answer's decade, is a second right answer.
    if (answer.kind === 'date' && sameDecade(answerText, text)) continue;
    // A name among common words ("Tesseract | text | default", "micromark | html | stream"), or a
    // common word among names: a capital, or a word general English does not know, tells them apart.
    if (ctx.english && answerName !== name) continue;
    // A lone word among terms of several words, or a term among lone words ("console | functions |
    // log message"), stands out by its shape: concepts go with concepts of their own length class,
    // and another class only fills in where the source has too few (a short chapter whose terms are
    // all "X energy" kept one card of fifteen sentences when this was a hard rule).
    const otherShape =
      ctx.english && !answerName && !name && (answer.length === 1) !== (p.length === 1);
    // A heading's words ("Custom Loggers") are no term the text uses in its sentences.
    if (ctx.english && headingPhrase(p, ctx)) continue;
    let score = p.score;
    if (otherShape) score *= 0.05;
    // Among names, one written another way ("HTML" beside "jsdom", "Firefox Reader View" beside
    // "npm") stands out too; another fills in only where the source has too few of the answer's.
    if (ctx.english && answerName && name && nameShape(p.surface) !== nameShape(answerText))
      score *= 0.2;
    // Another kind of term (a name for a concept) is an option the learner rules out by its kind
    // alone, unless the text gives it the answer's role (a named speaker beside "American
    // officials"); a source with too few of the answer's kind gives no card for it.
    if (!sameKind && !sameRole?.has(p.key)) continue;
    // An everyday word beside a term of the source is an obvious wrong answer, or a second right
    // one ("president" beside "Mr Obama").
    if (everydayWord(p) || slip(p, ctx)) continue;
    // Other speakers for "Who said …?", other classes for "What is X?": the answer's own kind. Not a
    // hard rule, since a short source may name too few.
    if (sameRole) score *= sameRole.has(p.key) ? 5 : 0.4;
    // A singular option after "a" or beside a plural answer is ruled out by grammar alone.
    if (p.plural !== occurrence.plural && p.kind !== 'date' && p.kind !== 'quantity') continue;
    // Beside a speaker, other speakers: a place or a body is ruled out by its kind alone.
    if (role === 'speakers' || (answer.kind === 'proper' && ctx.roles.speakers.has(answer.key)))
      if (!ctx.roles.speakers.has(p.key)) continue;
    score /= 1 + 0.5 * Math.abs(p.length - answer.length);
    score *= 0.6 ** (ctx.distractorUse.get(p.key) ?? 0);
    if (inPassage.has(p.key)) score *= 2;
    scored.push({ text, score, key: p.key, phrase: p });
  }
  scored.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  const picked: { text: string; key: string }[] = [];
  for (const d of scored) {
    if (picked.length >= 3) break;
    const lower = d.text.toLowerCase();
    if (picked.some((x) => x.text.toLowerCase() === lower)) continue;
    // The source says it of the stem as well: a second right answer. Checked here, on the few
    // best, as it reads every sentence of the option.
    if (alsoFits(d.phrase, answer, s, occurrence, ctx)) continue;
    // Two options naming the same thing ("Te Kaurinui" and "Te Kaurinui Robert") tell the learner
    // both are wrong, or both right; so do two terms of one head ("credible security impact",
    // "realistic security impact"): variants of one thing, ruled out together.
    const words = wordsOf(d.key);
    const head = headOf(d.key);
    if (
      picked.some((x) => {
        const other = wordsOf(x.key);
        return (
          [...words].every((w) => other.has(w)) ||
          [...other].every((w) => words.has(w)) ||
          (words.size > 1 && other.size > 1 && headOf(x.key) === head)
        );
      })
    )
      continue;
    picked.push(d);
  }
  return picked;
}

const slashPairs = new WeakMap<DocumentModel, Set<string>>();
/** Whether the text writes a word of `a` and a word of `b` as "x/y" (either order). */
function slashAlternatives(doc: DocumentModel, a: Phrase, b: Phrase): boolean {
  let pairs = slashPairs.get(doc);
  if (!pairs) {
    pairs = new Set();
    for (const x of doc.sentences) {
      // Words, not paths: no dot, slash or word character glued on either side of the pair.
      for (const m of x.text.matchAll(
        /(?<![\w./-])(\p{L}[\p{L}-]*)\/(\p{L}[\p{L}-]*)(?![\w/]|\.\w)/gu,
      )) {
        const [l, r] = [m[1]!.toLowerCase(), m[2]!.toLowerCase()];
        pairs.add(`${l}|${r}`);
        pairs.add(`${r}|${l}`);
      }
    }
    slashPairs.set(doc, pairs);
  }
  if (pairs.size === 0) return false;
  // Either number: "tokenizers" beside "tokenizer/lexer".
  const words = (p: Phrase) =>
    (p.lowerSurface ?? p.surface)
      .toLowerCase()
      .split(/\s+/)
      .flatMap((w) => [w, w.replace(/s$/u, '')]);
  const theirs = words(b);
  return words(a).some((w) => theirs.some((v) => pairs.has(`${w}|${v}`)));
}

/** The term stands in a sentence that states a fact, not only in pointers or description openers. */
function statedIn(p: Phrase, ctx: Context): boolean {
  return p.sentences.some((id) => {
    const x = ctx.doc.sentences[id];
    if (!x?.clean || pointsElsewhere(x)) return false;
    const o = x.phrases.find((y) => y.key === p.key);
    return !(o?.start === 0 && (subjectElsewhere(x) || describesHeading(x)));
  });
}

/**
 * How a term is written as code: a function the text calls ("openReadStream()"), another
 * identifier ("decodeStrings", "readStream": a capital inside a lower-case word), or a word. An
 * option of another shape than the answer is ruled out by its shape alone.
 */
function codeShape(p: Phrase, ctx: Context): 'call' | 'identifier' | 'word' {
  let known = ctx.codeShapes.get(p.key);
  if (known !== undefined) return known;
  const called = p.sentences.some((id) => {
    const x = ctx.doc.sentences[id];
    return (x?.phrases ?? []).some(
      (o) =>
        o.key === p.key && x?.tokens[o.end]?.value === '(' && x.tokens[o.end]?.spaced === false,
    );
  });
  // An identifier anywhere in the term ("classesToPreserve array") makes it a piece of code.
  known = called ? 'call' : /(?:^|\s)\p{Ll}+\p{Lu}/u.test(p.surface) ? 'identifier' : 'word';
  ctx.codeShapes.set(p.key, known);
  return known;
}

/** How a name is written: capitals only ("HTML"), lower case ("jsdom"), or capitalised words. */
function nameShape(text: string): string {
  const several = /\s/u.test(text.trim()) ? 'several' : 'one';
  if (!/\p{Ll}/u.test(text)) return `capitals ${several}`;
  return `${/^\p{Ll}/u.test(text) ? 'lower' : 'capital'} ${several}`;
}

// Words whose first letter is a vowel but whose sound is not ("a user", "a one-off"), and the
// reverse ("an hour"); capitals read letter by letter ("an HTML page", "a URL").
const CONSONANT_SOUND = /^(?:u[bcdfgklnprstv][aeiou]|use|usu|uti|eu|ew|one|once|uni)/i;
const VOWEL_SOUND = /^(?:hour|honest|honou?r|heir)/i;
/** "a" or "an", as an English reader says the phrase. */
function indefiniteArticle(text: string): 'a' | 'an' {
  const word = text.trim().split(/[\s-]/u)[0] ?? '';
  if (/^\p{Lu}{2,}/u.test(word) && !/^\p{Lu}[\p{Ll}]/u.test(word))
    return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  if (VOWEL_SOUND.test(word)) return 'an';
  if (CONSONANT_SOUND.test(word)) return 'a';
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/**
 * Whether the source states the option for the question's sentence too: another sentence holds it
 * with most of the sentence's other content words ("The lexer splits text into tokens" beside "The
 * tokenizer splits the source text into tokens"), or lists it with the answer ("A, B and C")
 * in a sentence sharing the sentence's words. Either way a second option is right.
 */
function alsoFits(
  p: Phrase,
  answer: Phrase,
  s: Sentence,
  o: PhraseOccurrence,
  ctx: Context,
): boolean {
  const answerStems = new Set(s.tokens.slice(o.start, o.end).map((t) => t.stem));
  const stemTerms = new Set(s.terms.filter((t) => !answerStems.has(t)));
  if (stemTerms.size === 0) return false;
  for (const id of p.sentences) {
    const x = ctx.doc.sentences[id];
    if (!x || id === s.id) continue;
    const at = x.phrases.find((q) => q.key === p.key);
    if (!at) continue;
    const own = new Set(x.tokens.slice(at.start, at.end).map((t) => t.stem));
    const shared = [...new Set(x.terms)].filter((t) => !own.has(t) && stemTerms.has(t)).length;
    const share = shared / stemTerms.size;
    if (shared >= 2 && share >= 0.5) return true;
    const with_ = x.phrases.find((q) => q.key === answer.key);
    if (with_ && shared >= 1 && share >= 0.2 && listedTogether(x, at, with_)) return true;
  }
  return false;
}

/** Two phrases of one list ("A, B and C", "A or B"): only commas, conjunctions and nouns between. */
function listedTogether(x: Sentence, a: PhraseOccurrence, b: PhraseOccurrence): boolean {
  const [first, second] = a.start < b.start ? [a, b] : [b, a];
  if (second.start - first.end > 8) return false;
  const between = x.tokens.slice(first.end, second.start);
  return (
    between.some((t) => t.value === ',' || t.pos === 'CCONJ') &&
    between.every(
      (t) =>
        t.value === ',' ||
        t.pos === 'CCONJ' ||
        t.pos === 'DET' ||
        t.pos === 'ADJ' ||
        t.pos === 'NOUN' ||
        t.pos === 'PROPN',
    )
  );
}

/** Whether one date names a decade ("1990s") that holds the other's year ("1998"). */
function sameDecade(a: string, b: string): boolean {
  const decade = (t: string) => /(\d{3})0s\b/.exec(t)?.[1];
  const years = (t: string) => (t.match(/\b\d{4}\b/g) ?? []).map((y) => y.slice(0, 3));
  const da = decade(a);
  const db = decade(b);
  return (
    (da !== undefined && (years(b).includes(da) || db === da)) ||
    (db !== undefined && years(a).includes(db))
  );
}

/**
 * "What did X say?" where the source has X saying several things, or "What does X use?" where X
 * uses several: the question does not tell which, so the expected answer is one of several right
 * ones.
 */
function saysElsewhere(s: Sentence, o: PhraseOccurrence, ctx: Context): boolean {
  const verbAfter = (x: Sentence, end: number) => {
    const at = x.tokens[end]?.lemma === 'have' ? end + 1 : end;
    const v = x.tokens[at];
    return v !== undefined && v.pos === 'VERB' ? v.lemma : undefined;
  };
  const lemma = verbAfter(s, o.end);
  if (lemma === undefined) return false;
  const same = (other: string | undefined) =>
    other !== undefined && (other === lemma || (SAYING.has(lemma) && SAYING.has(other)));
  let times = 0;
  for (const id of ctx.doc.phrases.get(o.key)?.sentences ?? []) {
    const x = ctx.doc.sentences[id];
    for (const p of x?.phrases ?? [])
      if (x && p.key === o.key && same(verbAfter(x, p.end))) times++;
  }
  return times > 1;
}

/**
 * A distractor in the answer's case style (a concept is not capitalised when the answer is not)
 * and number: of the spellings the text has ("attribute", "Attributes"), one that looks plural
 * beside a plural-looking answer and singular beside a singular one, else the usual one.
 */
function distractorText(p: Phrase, answerText: string): string {
  if (p.kind !== 'concept' || !/^\p{Ll}/u.test(answerText) || p.lowerSurface === null)
    return p.surface;
  const lowered = /^\p{Ll}/u.test(p.surface)
    ? p.surface
    : /^\p{Lu}\p{Ll}/u.test(p.surface)
      ? (p.surface[0]?.toLowerCase() ?? '') + p.surface.slice(1)
      : null;
  const plural = pluralLook(answerText);
  const fits = [p.lowerSurface, lowered, p.surface].find(
    (x) => x !== null && pluralLook(x) === plural,
  );
  return fits ?? p.lowerSurface;
}

/** Whether the last word reads as a plural ("formatters"; not "class", "status", "analysis"). */
function pluralLook(text: string): boolean {
  const last = text.toLowerCase().split(/\s+/).pop() ?? '';
  return /[^sui]s$/u.test(last);
}

// ---------------------------------------------------------------------------------------------
// Free response.

function freeResponse(
  c: Candidate,
  doc: DocumentModel,
  passage: Passage | null,
  lang: {
    english: boolean;
    cjk: CjkLanguage | null;
    words: QuestionWords;
    language: string | null;
  },
): { question: Omit<GeneratedQuestion, 'chunkId' | 'sourceId'>; sentenceIds: number[] } | null {
  const { english, cjk, words } = lang;
  const termRef = (p: Phrase, t: string) => (p.kind === 'proper' ? t : words.quoted(t));
  const { sentence: s, occurrence: o, phrase } = c;
  const term = phrase.kind === 'concept' || phrase.kind === 'proper' ? phrase.surface : o.surface;
  const ids = [s.id];
  let expected: string;
  let question: string;
  if (passage) {
    // The passage's own words about the term: its sentence, and the next one when it goes on about it.
    const next = passage.sentences.find((p) => p.id === s.id + 1);
    const more =
      next !== undefined && (next.anaphoric || next.phrases.some((x) => x.key === phrase.key));
    expected = more ? `${s.text} ${next.text}` : s.text;
    if (more) ids.push(next.id);
    const why = english ? whyQuestion(s) : null;
    question = why
      ? `Based on the case above, ${why[0]?.toLowerCase() ?? ''}${why.slice(1)}`
      : words.caseAbout(termRef(phrase, term));
  } else {
    // A following sentence that continues about the same thing ("It...") belongs to the explanation.
    const next = doc.sentences[s.id + 1];
    const continues =
      next !== undefined &&
      next.block === s.block &&
      next.clean &&
      next.anaphoric &&
      s.words + next.words <= 60;
    expected = continues ? `${s.text} ${next.text}` : s.text;
    if (continues) ids.push(next.id);
    const verb = s.tokens[o.end];
    // "What is X?" only for "X is a/the …" with X opening the sentence ("His father was Kenyan" is not one).
    const opener = s.tokens[0]?.normal ?? '';
    const defines =
      english &&
      definesAt(s, o.end) &&
      !judgement(s, o) &&
      !noDefinition(s, o, phrase) &&
      (o.start === 0 || (o.start === 1 && ['the', 'a', 'an'].includes(opener))) &&
      verb?.lemma === 'be' &&
      classFollows(s, o.end);
    const why = english ? whyQuestion(s) : null;
    const condition = why || !english ? null : explainingQuestion(s);
    const does = why || condition || !english ? null : whatDoesQuestion(s, o);
    const rewrite = cjk
      ? cjkQuestion(
          s,
          s.phrases.find((x) => x.start === 0),
          cjk,
        )
      : null;
    if (cjk) {
      // Only the rewrites: no template over a Chinese or Japanese sentence.
      if (!rewrite) return null;
      question = rewrite.question;
    } else if (why) {
      question = keepNameCapital(why, s, doc);
    } else if (condition) {
      question = keepNameCapital(condition, s, doc);
    } else if (does) {
      // A name the text never writes in lower case keeps its capitals, even where the rewrite
      // lowered a sentence-initial word it took for a common noun ("obama administration officials").
      question = keepNameCapital(does, s, doc);
    } else if (defines && verb && ['is', 'are', 'was', 'were'].includes(verb.normal)) {
      question = `What ${verb.normal} ${termRef(phrase, term)}?`;
    } else if (defines) {
      question = `What is meant by ${termRef(phrase, term)}, according to the source? Explain in your own words.`;
    } else if (!english && opensSentence(s, o) && words.whatIs && foreignCopula(s, o.end)) {
      // A definition opening with the term: "What is X?" in the source's language, the term in
      // the form the definition gives it (its subject's case, where the language inflects).
      // Capitalised only by the sentence's start when the text also writes it in lower case.
      const named =
        phrase.lowerSurface !== null
          ? (o.surface[0]?.toLowerCase() ?? '') + o.surface.slice(1)
          : o.surface;
      question = words.whatIs(termRef(phrase, named), foreignCopula(s, o.end) ?? '');
    } else if (!english && objectQuestion(s, o, lang.language, words)) {
      // "Was liefert die Photosynthese?": the sentence's own question (rewrite-latin.ts).
      question = objectQuestion(s, o, lang.language, words) ?? '';
    } else if (!english && opensSentence(s, o)) {
      // No rewrite reads this language: the sentence is about the term it opens with.
      question = words.about(termRef(phrase, term));
    } else {
      // "What does the source say about X?" over an English sentence no rewrite could turn into a
      // question: no card.
      return null;
    }
  }
  return {
    question: {
      questionType: c.type,
      question,
      options: [],
      correctAnswerIndex: null,
      correctAnswerText: null,
      expectedAnswer: expected,
      caseContext: passage ? passage.text : null,
    },
    sentenceIds: ids,
  };
}

/**
 * "X is a/the Y …" names X's class; "The basic idea is to turn …" (an infinitive) or "SQLite is
 * public domain, sql.js is MIT licensed" (a bare predicate, then another clause) does not, and
 * "What is X?" asked of it expects an answer the sentence is not. A singular copula wants an
 * article or a possessive before the class; a plural one may take a bare plural ("Closures are
 * functions that …").
 */
function classFollows(s: Sentence, copula: number): boolean {
  let k = copula + 1;
  while (s.tokens[k]?.pos === 'ADV') k++;
  const next = s.tokens[k];
  if (!next) return false;
  if (next.pos === 'DET' || next.pos === 'PRON' || next.normal === 'one') return true;
  const plural = ['are', 'were'].includes(s.tokens[copula]?.normal ?? '');
  return plural && (next.pos === 'NOUN' || next.pos === 'ADJ');
}

/**
 * A rewrite lowers a sentence's first word when it reads it as a common noun ("Weather predictions"
 * → "why do weather predictions …"); a word the text also capitalises inside sentences is a name
 * ("Obama administration officials") and gets its capital back.
 */
function keepNameCapital(question: string, s: Sentence, doc: DocumentModel): string {
  const first = s.tokens[0]?.value ?? '';
  const pos = s.tokens[0]?.pos;
  if (!/^\p{Lu}\p{Ll}/u.test(first) || (pos !== 'PROPN' && pos !== 'NOUN')) return question;
  const inside = doc.sentences.some((x) => x.tokens.some((t, i) => i > 0 && t.value === first));
  if (!inside) return question;
  const lowered = (first[0]?.toLowerCase() ?? '') + first.slice(1);
  return question.replace(new RegExp(`(?<=^\\S+(?: \\S+)? )${lowered}\\b`, 'u'), first);
}

/**
 * A few consecutive sentences of the same chunk around `s` (the previous one first, for context),
 * at most about 110 words: the case a case question is asked about.
 */
function passageAround(doc: DocumentModel, s: Sentence): Passage | undefined {
  const readable = (x: Sentence | undefined): x is Sentence =>
    x !== undefined &&
    x.part === s.part &&
    x.words >= 5 &&
    x.words <= 45 &&
    /^["“‘'(]?[\p{Lu}\d]/u.test(x.text) &&
    /[.!?]["”’)]?$/.test(x.text) &&
    !/https?:|www\./.test(x.text);
  const chosen: Sentence[] = [s];
  let words = s.words;
  let before = s.id - 1;
  let after = s.id + 1;
  for (let turn = 0; turn < 4 && chosen.length < 4; turn++) {
    const prev = doc.sentences[before];
    const next = doc.sentences[after];
    const tryPrev = turn % 2 === 0;
    const pick = tryPrev
      ? readable(prev)
        ? prev
        : readable(next)
          ? next
          : undefined
      : readable(next)
        ? next
        : readable(prev)
          ? prev
          : undefined;
    if (!pick || words + pick.words > 110) continue;
    chosen.push(pick);
    words += pick.words;
    if (pick === prev) before--;
    else after++;
  }
  if (chosen.length < 2) return undefined;
  chosen.sort((a, b) => a.id - b.id);
  return { sentences: chosen, text: chosen.map((x) => x.text).join(' ') };
}

// ---------------------------------------------------------------------------------------------
// The gate every question passes.

export function validQuestion(
  q: GeneratedQuestion,
  ctx: Pick<Context, 'sourceText' | 'chunks'>,
): boolean {
  if (q.question.trim().length === 0) return false;
  if (!ctx.chunks.some((c) => c.chunkId === q.chunkId && c.sourceId === q.sourceId)) return false;
  const source = ctx.sourceText.get(q.sourceId) ?? '';
  const inSource = (text: string) => source.includes(normalise(text));
  if (CASE_TYPES.has(q.questionType) && !(q.caseContext && q.caseContext.trim().length > 0))
    return false;
  if (!CASE_TYPES.has(q.questionType) && q.caseContext !== null) return false;
  if (MC_TYPES.has(q.questionType)) {
    if (q.options.length !== 4 || q.options.some((o) => o.trim().length === 0)) return false;
    if (new Set(q.options.map((o) => o.trim().toLowerCase())).size !== 4) return false;
    const i = q.correctAnswerIndex;
    if (i === null || i < 0 || i > 3 || q.options[i] !== q.correctAnswerText) return false;
    if (!q.correctAnswerText || !inSource(q.correctAnswerText)) return false;
    if (q.caseContext && !q.caseContext.toLowerCase().includes(q.correctAnswerText.toLowerCase()))
      return false;
    return q.expectedAnswer === null;
  }
  if (q.options.length !== 0 || q.correctAnswerIndex !== null || q.correctAnswerText !== null)
    return false;
  if (!q.expectedAnswer || q.expectedAnswer.trim().length === 0) return false;
  // The expected answer is the source's own words, sentence by sentence.
  return q.expectedAnswer.split(/(?<=[.!?]["”’)]?)\s+/).every((part) => inSource(part));
}
