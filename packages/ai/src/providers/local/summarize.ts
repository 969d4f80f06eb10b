import { UnusableTextError } from '../../errors';
import { cosine, termVector, type DocumentModel, type Phrase, type Sentence } from './document';
import { fillerReason } from './filler';
import { stopWords } from './feedback-words';
import { cjkDefines, cjkLanguageOf } from './rewrite-cjk';
import { loneConceptRank } from './terms';

/**
 * Extractive summary and key points. Both quote the source: the offline provider never writes a
 * claim the text does not make.
 */

/**
 * Throws when a text is filler (placeholder Latin, a blind text repeating one paragraph, cookie
 * banners): the same rule and the same reason as question writing (filler.ts), so a source of
 * "Lorem ipsum" gets no summary or key concepts quoting it. A text that is merely short is still
 * summarised: its few sentences are its summary.
 */
export function refuseFiller(text: string): void {
  const reason = fillerReason(text);
  if (reason && reason !== 'too_short') throw new UnusableTextError(reason, { provider: 'local' });
}

/**
 * Throws when a summary or key points came out empty because the text is only a few words (a PDF
 * whose one line is "Test"): refuseFiller lets short texts through so their few sentences are their
 * summary, and one with no sentence to give says why rather than showing nothing.
 */
export function refuseEmptyShort(text: string, empty: boolean): void {
  if (empty && fillerReason(text) === 'too_short') {
    throw new UnusableTextError('too_short', { provider: 'local' });
  }
}

/** How many sentences a summary of `n` clean sentences gets: 3 for a page, up to 8 for a book chapter. */
export const summaryLength = (n: number) =>
  Math.max(3, Math.min(8, Math.round(1.5 + Math.sqrt(n) / 2)));

/**
 * The most important sentences (centrality, key-phrase weight, position), skipping any that repeat
 * one already chosen, returned in their original order.
 */
export function pickSummarySentences(
  doc: DocumentModel,
  count = summaryLength(cleanCount(doc)),
): Sentence[] {
  const candidates = doc.sentences
    .filter((s) => s.clean && quotesBalanced(s.text))
    .sort((a, b) => (doc.importance[b.id] ?? 0) - (doc.importance[a.id] ?? 0));
  const idf = (t: string) => doc.idf.get(t) ?? 1;
  const chosen: { sentence: Sentence; vector: Map<string, number> }[] = [];
  for (const sentence of candidates) {
    if (chosen.length >= count) break;
    const vector = termVector(sentence.terms, idf);
    if (chosen.some((c) => cosine(c.vector, vector) > 0.5)) continue;
    chosen.push({ sentence, vector });
  }
  // A text with no clean sentence (a list, a transcript without punctuation) still gets its longest lines.
  if (chosen.length === 0) {
    const loose = doc.sentences
      .filter((s) => s.words >= 4)
      .sort((a, b) => b.words - a.words)
      .slice(0, count);
    return loose.sort((a, b) => a.id - b.id);
  }
  return chosen.map((c) => c.sentence).sort((a, b) => a.id - b.id);
}

const cleanCount = (doc: DocumentModel) => doc.sentences.filter((s) => s.clean).length;

/**
 * Whether a sentence holds whole quotations: the sentences of a quotation running over several
 * ("“We’re having to put up with a lot of stuff today. … ridiculous.”") each hold a piece of it,
 * and a summary quoting one would be cut inside the quotation.
 */
export function quotesBalanced(text: string): boolean {
  const n = (re: RegExp) => (text.match(re) ?? []).length;
  return (
    n(/"/g) % 2 === 0 &&
    n(/“/g) === n(/”/g) &&
    n(/«/g) === n(/»/g) &&
    n(/„/g) <= n(/[“”]/g) &&
    n(/「/g) === n(/」/g)
  );
}

// Openings that lean on what came before: a relative time ("Seven decades later,", "Then"), a
// pronoun or an adverb opening it ("Unsurprisingly,", "For instance,"), a "then" among its first
// words ("Client B may then make …").
const LEANING_OPENER =
  /^(?:[\p{L}\d]+\s+){0,3}(?:later|earlier|afterwards)\b|^(?:then|he|she|they|it|this|these|those|his|her|their|its)\b|^(?:\p{L}+\s+){0,2}\p{L}+,|^(?:\S+\s+){1,4}then\b/iu;
// A connective set off by commas after the subject ("Emirates President Tim Clark, meanwhile,
// told …", "Browns DL Sheldon Richardson, however, decided …") answers a sentence before it.
// ("We also saw …" leans on what the writer saw before, so this holds in the writer's voice too.)
const LEANING_CONNECTIVE =
  /^(?:\S+\s+){1,2}also\b|^(?:\S+\s+){0,7}?\S+,\s+(?:however|meanwhile|though|too|instead|nonetheless|nevertheless|also|therefore|in\s+turn|for\s+(?:example|instance|his|her|their|its)\s+part|in\s+addition|by\s+contrast|in\s+contrast|on\s+the\s+other\s+hand),/iu;
// A capitalised keyword ahead of lower-case words: the rest of a sentence after a heading ("SHOULD be
// on a different origin …"). Case-sensitive: under /i, \p{Lu} matches every letter.
const CUT_OPENER = /^\p{Lu}{2,}\s+\p{Ll}/u;
const PERSONAL = new Set(['he', 'she', 'him', 'her', 'his', 'they', 'them', 'their']);
const SINGULAR_PERSON = new Set(['he', 'she', 'him', 'her', 'his']);
// The writer speaking ("We pushed out …", "Our goal is …", "I tried …") leans on nothing before:
// in an essay or a post the first person is its author.
const FIRST_PERSON = new Set(['i', 'we', 'our', 'my']);
// "It" standing for nothing ("It's easier than ever to personalise Firefox", "It is clear that …").
const DUMMY_IT = /^it(?:['’]s|\s+is|\s+was)\s+(?:[\p{L}-]+\s+){0,3}?(?:to|that)\s/iu;
/**
 * The text naming itself ("This draft describes a protocol …", "In this article, we …", "This
 * chapter offers guidelines …"): its own statement of what it is about.
 */
const SELF_REFERENCE =
  /^(?:in\s+)?this\s+(?:article|post|blog\s+post|paper|chapter|document|draft|memo|guide|tutorial|report|essay|book|study|specification|piece|review|talk|lecture|lesson|course|thesis|proposal|note)\b|\bhere(?:['’]s|\s+is)\s+(?:how|why)\b/iu;

/**
 * A sentence that sets a scene or announces what follows instead of stating anything: a frame
 * pointing ahead to a colon ("The story of chaos is usually told like this: …", "… as follows:"),
 * an invitation to picture something ("Imagine being sick in the hospital …", "Picture a …",
 * "Suppose …"), a tale's opening ("Once upon a time …"). A question (it ends in "?") asks rather
 * than states. Each may be a good sentence of the text; none is its main point.
 */
const FRAMING =
  /\b(?:like\s+this|as\s+follows|the\s+following|goes\s+something\s+like|is\s+this)\s*:|^(?:imagine|picture|suppose|consider\s+(?:a|an|the|this)|think\s+(?:of|about)|close\s+your\s+eyes)\b|^once\s+upon\b/iu;
const QUESTION = /[?？؟]\s*["”’»)]*\s*$/u;
/** A dateline's text after its dash ("April 17, 2015 -- Imagine being sick …"), or the sentence. */
const framing = (text: string) => {
  const after = /^.{2,60}?\s+(?:—|–|--|-)\s+(.*)$/su.exec(text)?.[1] ?? text;
  return FRAMING.test(after) || FRAMING.test(text);
};

/**
 * Whether a sentence opens with a news dateline: a place in capitals ("LONDON —", "NEW YORK —"), a
 * place or anything with a news agency in brackets ("MOSCOW (AP) —", "دمشق، سوريا (CNN) --"), or
 * a date ("Feb. 23, 2015 --"), then a dash. A story's first paragraph carries it, so the sentence
 * is the lede and what comes before it on the page (a photo caption, a teaser) is not the story.
 */
export function hasDateline(text: string): boolean {
  const m = /^(.{2,60}?)\s+(?:—|–|--|-)\s+\S/u.exec(text);
  const head = m?.[1]?.trim();
  if (!head) return false;
  if (/\([\p{L}\p{N} .&-]{2,25}\)$/u.test(head) && head.split(/\s+/u).length <= 6) return true;
  const words = head.split(/[\s,]+/u).filter((w) => w.length > 0);
  if (words.length > 6) return false;
  const short = words.length <= 4;
  if (short && words.every((w) => /\p{Lu}/u.test(w) && w === w.toUpperCase() && w.length >= 2))
    return true;
  // A place and its state or country, each part a capitalised name ("DUBAI, United Arab Emirates —",
  // "New York, NY –", "Dekalb, Ill. —"): the AP's dateline. Two or three parts, six words at most.
  const parts = head.split(/,\s+/u);
  if (
    parts.length >= 2 &&
    parts.length <= 3 &&
    words.length <= 6 &&
    parts.every((p) => /^(?:\p{Lu}[\p{L}'’-]*\.?)(?:\s+\p{Lu}[\p{L}'’-]*\.?)*$/u.test(p))
  )
    return true;
  return (
    short &&
    /^(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?\s+\d{1,2},\s+\d{4}$/iu.test(
      head,
    )
  );
}

/**
 * Whether a sentence can open a summary on its own: a statement of the text's own (not a quotation),
 * not leaning on a sentence before it (no opening that refers back, no "he" or "they" before any
 * name), long enough to say something. A text naming itself ("This draft describes …") and the
 * writer speaking ("Our goal is …") lean on nothing.
 */
function selfContained(s: Sentence): boolean {
  if (s.words < 10) return false;
  if (framing(s.text) || QUESTION.test(s.text)) return false;
  if (hasDateline(s.text)) return true;
  const first = s.tokens.find((t) => t.type === 'word')?.normal ?? '';
  const ownVoice = FIRST_PERSON.has(first) || SELF_REFERENCE.test(s.text) || DUMMY_IT.test(s.text);
  if (LEANING_CONNECTIVE.test(s.text)) return false;
  if (!ownVoice && (s.anaphoric || LEANING_OPENER.test(s.text))) return false;
  // A voice in the text rather than its own statement: opening with a quotation, or mostly quoted.
  // A few quoted words ("his failure to pass "common sense gun safety laws"") are the text's own.
  if (/^["“‘«„]/u.test(s.text)) return false;
  const quoted = [...s.text.matchAll(/["“«„]([^"”»]*)["”»]/gu)].reduce(
    (n, m) => n + m[0].length,
    0,
  );
  if (quoted > 0.4 * s.text.length) return false;
  if (CUT_OPENER.test(s.text)) return false;
  // An aside in brackets, or a sentence starting in lower case (the rest of one cut elsewhere).
  if (!/^[\p{Lu}\p{Lo}\p{N}]/u.test(s.text)) return false;
  // A pronoun with no noun before it to stand for ("they" after "students" is theirs); "he" and
  // "she" stand for a person, so a name ("… the computer …, he found" leans on the sentence before).
  const pronoun = s.tokens.findIndex((t) => PERSONAL.has(t.normal));
  if (pronoun < 0) return true;
  const before = s.tokens.slice(0, pronoun);
  return SINGULAR_PERSON.has(s.tokens[pronoun]!.normal)
    ? before.some((t) => t.pos === 'PROPN')
    : before.some((t) => t.pos === 'PROPN' || t.pos === 'NOUN');
}

/** How many of the first clean sentences may state the main point: the opening of the text. */
const openingSize = (clean: number) => Math.max(6, Math.min(25, Math.ceil(clean / 4)));

/**
 * The sentence that opens the summary, stating the source's main point, or none when no candidate
 * stands on its own (`selfContained`). In the text's opening (its first quarter, 6-25 clean
 * sentences), a news story's dateline marks its lede ("LONDON — After nearly 20 years …"; what
 * comes before it on the page is a photo caption or a teaser), and a text naming itself states its
 * purpose ("This draft describes a protocol …", "… here's how to …"). Otherwise it is the first in
 * reading order of the summary's `picked` sentences (the most important) that stands on its own.
 * Measured and left out: the sentence sharing most with the title, and scores mixing title,
 * centrality and position; on pages of Mozilla's Readability suite they put as many details
 * first as main points (bench/README.md).
 */
export function mainPointSentence(
  doc: DocumentModel,
  picked: readonly Sentence[],
): Sentence | undefined {
  const clean = doc.sentences.filter((s) => s.clean);
  const opening = clean.slice(0, openingSize(clean.length));
  const lede = opening.find(
    (s) => s.words >= 10 && quotesBalanced(s.text) && hasDateline(s.text) && !framing(s.text),
  );
  if (lede) return lede;
  const named = opening.find(
    (s) => SELF_REFERENCE.test(s.text) && quotesBalanced(s.text) && selfContained(s),
  );
  if (named) return named;
  const headline = headlineLede(doc, clean);
  if (headline) return headline;
  return [...picked].sort((a, b) => a.id - b.id).find(selfContained);
}

/** How many of the text's first statements may be its lede, and how much of the title it must hold. */
const LEDE_SENTENCES = 3;
const LEDE_TITLE_SHARE = 0.5;

/**
 * A news story's lede restates its headline: among the text's first three statements (10 words or
 * more; a caption or a byline before the story is shorter or shares less), the first that stands on
 * its own, when it holds at least half of the title's content words, each weighted by how rare it
 * is in the text ("Police arrested six people Monday during a narcotics investigation …" under "CPD
 * arrests six in drug investigation"). A feature whose title is a phrase of its own ("The Hidden
 * Heroines of Chaos") has no such sentence and keeps the rules below.
 */
function headlineLede(doc: DocumentModel, clean: readonly Sentence[]): Sentence | undefined {
  const title = doc.titleStems;
  if (!title || title.size < 2) return undefined;
  const idf = (t: string) => doc.idf.get(t) ?? Math.log(1 + doc.sentences.length);
  const whole = [...title].reduce((n, t) => n + idf(t), 0);
  if (whole <= 0) return undefined;
  // The first statement standing on its own is the lede or there is none: a later one holding more
  // of the title is a detail the headline also names ("In a new case study, they detail how …").
  const lede = clean
    .filter((s) => s.words >= 10)
    .slice(0, LEDE_SENTENCES)
    .find((s) => quotesBalanced(s.text) && selfContained(s));
  if (!lede) return undefined;
  const held = [...new Set(lede.terms)].filter((t) => title.has(t));
  return held.reduce((n, t) => n + idf(t), 0) >= LEDE_TITLE_SHARE * whole ? lede : undefined;
}

/**
 * The summary's sentences: the main point first (`mainPointSentence`), then the most important
 * others in reading order, none repeating it. One more sentence than the summary's length is
 * picked, so that a main point found among them still leaves the strongest others in.
 */
export function summarySentences(doc: DocumentModel): Sentence[] {
  const count = summaryLength(cleanCount(doc));
  const picked = pickSummarySentences(doc, count + 1);
  const main = mainPointSentence(doc, picked);
  if (!main) return picked.slice(0, count);
  const idf = (t: string) => doc.idf.get(t) ?? 1;
  const mainVector = termVector(main.terms, idf);
  const rest = picked.filter(
    (s) => s.id !== main.id && cosine(mainVector, termVector(s.terms, idf)) <= 0.5,
  );
  // The least important of the others gives way to the main point.
  const keep = new Set(
    [...rest]
      .sort((a, b) => (doc.importance[b.id] ?? 0) - (doc.importance[a.id] ?? 0))
      .slice(0, count - 1)
      .map((s) => s.id),
  );
  return [main, ...rest.filter((s) => keep.has(s.id))];
}

/** Phrases worth a learner's attention, best first, without near-repeats of each other. */
export function keyPhrases(
  doc: DocumentModel,
  options: { kinds?: readonly Phrase['kind'][] } = {},
): Phrase[] {
  const kinds = options.kinds ?? ['proper', 'concept'];
  return [...doc.phrases.values()]
    .filter((p) => kinds.includes(p.kind) && !p.doubtful)
    .filter((p) => p.sentences.some((id) => doc.sentences[id]?.clean))
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}

/** The sentence that best explains a phrase: a definition if there is one, else its most important use. */
export function explainingSentence(
  doc: DocumentModel,
  phrase: Phrase,
  exclude: ReadonlySet<number> = new Set(),
): Sentence | undefined {
  let best: Sentence | undefined;
  let bestScore = -Infinity;
  for (const id of phrase.sentences) {
    const s = doc.sentences[id];
    if (!s || !s.clean || exclude.has(id)) continue;
    const occurrence = s.phrases.find((p) => p.key === phrase.key);
    if (!occurrence) continue;
    let score = doc.importance[id] ?? 0;
    if (definesAt(s, occurrence.end)) score += 1;
    // A sentence defining the term it opens with explains that term, not this one
    // ("明治維新は、……日本で起きた……変革です。" is no key point for "日本"; "Фотосинтез — это
    // процесс, при котором растения …" none for "растения").
    else if (occurrence.start > 0) {
      const opener = s.phrases.find((p) => p.start === 0);
      if (opener && definesAt(s, opener.end)) score -= 1;
    }
    // "… a shape called a strange attractor": the sentence names the term as it introduces it.
    if (namedAt(s, occurrence.start)) score += 0.6;
    // The phrase as the sentence's subject reads as an explanation of it.
    if (occurrence.start <= 2) score += 0.3;
    if (s.anaphoric) score -= 0.3;
    if (s.words > 35) score -= 0.2;
    // A few words ("Rothman recalls thinking at the time.") or someone's quoted voice ("“Of all the
    // volumes that have been written about Lorenz …”") say little about the term itself.
    if (s.words < 8) score -= 0.3;
    if (mostlyQuoted(s.text)) score -= 0.5;
    if (score > bestScore) {
      bestScore = score;
      best = s;
    }
  }
  return best;
}

/** Whether a sentence opens with a quotation or is mostly quoted: a voice in the text, not its own statement. */
function mostlyQuoted(text: string): boolean {
  if (/^["“‘«„]/u.test(text)) return true;
  const quoted = [...text.matchAll(/["“«„]([^"”»]*)["”»]/gu)].reduce((n, m) => n + m[0].length, 0);
  return quoted > 0.4 * text.length;
}

// Words introducing a term by its name: "called", "known as", "dubbed" (an article may follow).
const NAMING = new Set(['called', 'named', 'dubbed', 'termed', 'so-called']);
const NAMING_AS = new Set(['known', 'referred', 'popularized', 'popularised', 'described']);

/**
 * Whether the words before token `start` introduce what follows by its name: "a shape called a
 * strange attractor", "later popularized as the butterfly effect", "what is known as white-box
 * monitoring", "the so-called cloud gaming".
 */
export function namedAt(s: Sentence, start: number): boolean {
  let k = start - 1;
  if (['a', 'an', 'the'].includes(s.tokens[k]?.normal ?? '')) k--;
  const word = s.tokens[k]?.normal ?? '';
  if (NAMING.has(word)) return true;
  return word === 'as' && NAMING_AS.has(s.tokens[k - 1]?.normal ?? '');
}

/**
 * Whether the text introduces a phrase as a term: names it ("called X", "known as X") or defines it
 * as a class ("X is a …", "X, a …"). Such a phrase is a term a teacher would list even when the
 * text uses it once or twice ("hypersensitivity pneumonitis, a disease in which …").
 */
function introducedAsTerm(doc: DocumentModel, phrase: Phrase): boolean {
  for (const { s, o } of occurrences(doc, phrase)) {
    if (namedAt(s, o.start)) return true;
    if (o.start <= 1 && classAt(s, o.end)) return true;
  }
  return false;
}

/** "X is a/an …", "X, a/an …" after token `end`: the text says what class of thing X is. */
function classAt(s: Sentence, end: number): boolean {
  const next = s.tokens[end];
  const after = s.tokens[end + 1]?.normal ?? '';
  return (next?.lemma === 'be' || next?.value === ',') && ['a', 'an'].includes(after);
}

/** How much more a term the text introduces counts among the key-concept candidates. */
const INTRODUCED_BONUS = 2;

/**
 * A lone name stands for the person or place the text first writes in full and then by its last
 * word (a news story's "Kristi Noem … Noem said"): "Noem" is listed as "Kristi Noem". Only a full
 * form of two or three capitalised words (initials allowed, no "Mr." or "Gov."), written less often
 * than the lone word, after nothing or lower-case words only ("the engineer Maria Lindqvist").
 */
function fullNameOf(doc: DocumentModel, phrase: Phrase): Phrase | undefined {
  if (phrase.kind !== 'proper' || phrase.surface.includes(' ')) return undefined;
  const word = phrase.surface.toLowerCase();
  let best: Phrase | undefined;
  for (const q of doc.phrases.values()) {
    if (q.kind === 'date' || q.kind === 'quantity' || q.count > phrase.count) continue;
    const words = q.surface.split(/\s+/u);
    if (words.at(-1)?.toLowerCase() !== word) continue;
    // The capitalised words ending the phrase are the name ("the engineer Maria Lindqvist"); a
    // capitalised word with a lower-case part is a description ("Sacramento-based McClatchy").
    let k = words.length;
    while (
      k > 0 &&
      /^\p{Lu}(?:[\p{L}'’-]*\p{L}|\.)?$/u.test(words[k - 1]!) &&
      !/-\p{Ll}/u.test(words[k - 1]!)
    )
      k--;
    const name = words.slice(k);
    if (name.length < 2 || name.length > 3 || words.slice(0, k).some((w) => /^\p{Lu}/u.test(w)))
      continue;
    if (!best || q.count > best.count) best = { ...q, surface: name.join(' ') };
  }
  return best;
}

const DEFINING_LEMMAS = new Set([
  'be',
  'refer',
  'mean',
  'describe',
  'denote',
  'define',
  'represent',
  'consist',
  'include',
  'allow',
  'provide',
]);

// Copulas of German, Spanish, French, Portuguese and Italian, and the articles that make what
// follows a class ("ist ein", "es un", "est une", "é o", "è il"): "X ist hoch" describes X, "X ist
// ein Vorgang" defines it. None of these pairs is English.
const COPULAS = new Set(['ist', 'sind', 'es', 'son', 'est', 'sont', 'é', 'são', 'è', 'sono']);
const CLASS_ARTICLES = new Set(
  "ein eine einer der die das un una unos unas el la los las une le les l' des um uma o a os as il lo gli i un'".split(
    ' ',
  ),
);

/**
 * The copula of a definition in a language the English rules do not read, right after a term
 * (token `end` on), or null: "X ist ein/der …" (German), "X es un/el …", "X est un/le …", "X é
 * um/o …", "X è un/il …", "X — это …" (Russian), "X هو/هي …" (Arabic), "X은/는 … 이다." (Korean,
 * the topic particle and a noun with the copula ending the sentence). The question writer asks
 * "What is X?" in the language with it (question-words.ts).
 */
export function foreignCopula(s: Sentence, end: number): string | null {
  const next = s.tokens[end];
  if (!next) return null;
  const after = s.tokens[end + 1];
  if (COPULAS.has(next.normal) && after && CLASS_ARTICLES.has(after.normal)) return next.normal;
  if (next.normal === 'это') return 'это';
  if (/^[—–-]$/u.test(next.value) && after?.normal === 'это') return 'это';
  if (next.normal === 'هو' || next.normal === 'هي') return next.normal;
  if ((next.value === '은' || next.value === '는') && next.untagged) {
    const last = [...s.tokens].reverse().find((t) => t.type === 'word');
    if (last && /(?:이다|입니다)$/u.test(last.value)) return next.value;
  }
  return null;
}

/** Whether the words after a phrase define it: "X is a...", "X refers to...", "X, a ..., is". */
export function definesAt(s: Sentence, end: number): boolean {
  const next = s.tokens[end];
  if (!next) return false;
  // Chinese and Japanese: "X是……" / "Xは……Nです" (rewrite-cjk.ts).
  const cjk = cjkLanguageOf(s.text);
  if (cjk) return cjkDefines(s, end, cjk);
  if (foreignCopula(s, end) !== null) return true;
  if (next.lemma === 'be') {
    // A copula ("is a browser"), not an auxiliary ("was speaking", "was designated").
    let k = end + 1;
    while (s.tokens[k]?.pos === 'ADV') k++;
    const after = s.tokens[k];
    return (
      after !== undefined && after.pos !== 'VERB' && after.pos !== 'AUX' && after.pos !== 'PUNCT'
    );
  }
  if ((next.pos === 'AUX' || next.pos === 'VERB') && DEFINING_LEMMAS.has(next.lemma)) return true;
  // An appositive: "Mozilla, a free-software community, ..."
  return next.value === ',' && ['a', 'an', 'the'].includes(s.tokens[end + 1]?.normal ?? '');
}

const capitalise = (s: string) => (s.length > 0 ? (s[0]?.toUpperCase() ?? '') + s.slice(1) : s);

/**
 * Picks phrases greedily for variety: each phrase already chosen lowers the worth of candidates
 * sharing a word with it, so "Mozilla", "Firefox" and "free software" come before a tenth
 * "Mozilla something". A phrase nested in a chosen one ("browser" in "web browser") is skipped.
 */
export function diverseKeyPhrases(
  doc: DocumentModel,
  wanted: number,
  candidates = keyPhrases(doc),
  evident: (p: Phrase) => boolean = (p) => p.count >= 2,
): Phrase[] {
  // Repeated phrases first: a phrase met once is more often a tagging slip than a key term (unless
  // `evident` knows better: a term the text introduces by name).
  const pool = [...candidates.filter(evident), ...candidates.filter((p) => !evident(p))].slice(
    0,
    80,
  );
  const chosen: Phrase[] = [];
  const usedStems = new Map<string, number>();
  const rest = new Set(pool);
  while (chosen.length < wanted && rest.size > 0) {
    let best: Phrase | undefined;
    let bestScore = -Infinity;
    for (const p of rest) {
      const stems = p.key.split(' ');
      const overlap = stems.reduce((n, st) => n + (usedStems.get(st) ?? 0), 0);
      const score = p.score * 0.7 ** overlap * (evident(p) ? 1 : 0.6);
      if (score > bestScore) {
        bestScore = score;
        best = p;
      }
    }
    if (!best) break;
    rest.delete(best);
    const key = best.key;
    if (chosen.some((c) => c.key.endsWith(` ${key}`) || key.endsWith(` ${c.key}`) || c.key === key))
      continue;
    chosen.push(best);
    for (const st of key.split(' ')) usedStems.set(st, (usedStems.get(st) ?? 0) + 1);
  }
  return chosen;
}

/**
 * A lone common word stands for the term the text builds on it: "water" for "the water cycle",
 * "monitoring" for "white-box monitoring". Each one-word concept gives way to the strongest longer
 * phrase holding it that the text repeats, not already listed; names keep their own word.
 */
function termsOf(doc: DocumentModel, chosen: readonly Phrase[], untagged: boolean): Phrase[] {
  const longer = keyPhrases(doc).filter(
    (p) =>
      p.kind === 'concept' &&
      p.length >= 2 &&
      p.count >= 2 &&
      !gluedEdge(doc, p) &&
      !(untagged && fixedExpression(doc, p)),
  );
  const out: Phrase[] = [];
  const taken = new Set(chosen.map((p) => p.key));
  for (const p of chosen) {
    if (p.kind !== 'concept' || p.key.includes(' ')) {
      out.push(p);
      continue;
    }
    // Only a phrase that holds a fair share of the word's uses is the term the text builds on it
    // ("water cycle" for "water"); one met twice beside a word used throughout is a side detail.
    const wider = longer.find(
      (q) => !taken.has(q.key) && q.key.split(' ').includes(p.key) && q.count >= 0.3 * p.count,
    );
    if (wider) taken.add(wider.key);
    out.push(wider ?? p);
  }
  return out;
}

/**
 * In a script read without tags a lone word may be any part of speech ("प्राप्त", obtained; "يجوز",
 * may), while a run of content words the text repeats is most often a term ("मानव अधिकार", human
 * rights; "الدول الأعضاء", member states): such runs count double among the candidates. Measured
 * on the Universal Declaration in 9 languages (bench/README.md): x1.5 left Hindi's terms single words.
 */
const RUN_BONUS = 2;
/** Share of a run's uses beside one function word that makes it a fixed expression. */
const FIXED_SHARE = 0.8;
/** Letters of a word short enough to be a function word the stop list lacks, when frequent. */
const SHORT_LETTERS = 3;

/** Whether most of a text's clean sentences were read without part-of-speech tags (nlp.ts). */
function readWithoutTags(doc: DocumentModel): boolean {
  const clean = doc.sentences.filter((s) => s.clean);
  return clean.filter((s) => s.tokens.some((t) => t.untagged)).length > clean.length / 2;
}

// Arabic glues "and", "so", "for", "with" and "like" (و ف ل ب ك) onto the next word, also onto a
// function word: "لكل" is ل + كل ("for every"), which no stop list holds.
const ARABIC_PROCLITIC = /^[وفلبك](\p{Script=Arabic}{2,})$/u;
function gluedFunctionWord(value: string): boolean {
  const rest = ARABIC_PROCLITIC.exec(value)?.[1];
  return rest !== undefined && (stopWords('ar')?.has(rest) ?? false);
}

/**
 * Words of a text read without tags that look like function words its stop list lacks: short (3
 * characters or fewer, vowel signs counted: "समान" is 4, though only 3 of them are letters to
 * Unicode) and in at least one sentence in twelve ("کا", "کو", "पनि", "של", "או"). A content word
 * that short and that frequent is rare; the text's own subject words are longer.
 */
function frequentShortWords(doc: DocumentModel): Set<string> {
  const df = new Map<string, number>();
  const clean = doc.sentences.filter((s) => s.clean);
  for (const s of clean)
    for (const w of new Set(s.tokens.filter((t) => t.type === 'word').map((t) => t.normal)))
      df.set(w, (df.get(w) ?? 0) + 1);
  return new Set(
    [...df]
      .filter(
        ([w, n]) =>
          (w.match(/[\p{L}\p{M}]/gu) ?? []).length <= SHORT_LETTERS && n >= clean.length / 12,
      )
      .map(([w]) => w),
  );
}

/** Whether a phrase opens or ends with one of `words`. */
function functionEdge(doc: DocumentModel, phrase: Phrase, words: ReadonlySet<string>): boolean {
  for (const id of phrase.sentences) {
    const s = doc.sentences[id];
    const o = s?.phrases.find((q) => q.key === phrase.key);
    if (!s || !o) continue;
    return (
      words.has(s.tokens[o.start]?.normal ?? '') || words.has(s.tokens[o.end - 1]?.normal ?? '')
    );
  }
  return false;
}

/** Every place a phrase stands in the text: its sentence and its span there. */
function* occurrences(doc: DocumentModel, phrase: Phrase) {
  for (const id of phrase.sentences) {
    const s = doc.sentences[id];
    if (!s) continue;
    for (const o of s.phrases) if (o.key === phrase.key) yield { s, o };
  }
}

/**
 * A run of words always met beside the same function word is a piece of a fixed expression, not a
 * term: "मनमाने ढंग" only in "मनमाने ढंग से" ("arbitrarily"), "قدم المساواة" only in "على قدم
 * المساواة" ("on an equal footing"). A term takes varied function words around it ("मानव अधिकारों
 * की / के / का").
 */
function fixedExpression(doc: DocumentModel, phrase: Phrase): boolean {
  if (phrase.length < 2 || phrase.count < 2) return false;
  for (const side of [-1, 1] as const) {
    const seen = new Map<string, number>();
    let uses = 0;
    for (const { s, o } of occurrences(doc, phrase)) {
      uses++;
      const t = s.tokens[side < 0 ? o.start - 1 : o.end];
      if (t?.stop) seen.set(t.normal, (seen.get(t.normal) ?? 0) + 1);
    }
    if (uses >= 2 && Math.max(0, ...seen.values()) >= FIXED_SHARE * uses) return true;
  }
  return false;
}

/** A phrase opening or ending with a function word glued to a clitic ("لكل شخص الحق"): a formula, not a term. */
function gluedEdge(doc: DocumentModel, phrase: Phrase): boolean {
  if (phrase.length < 2) return false;
  for (const id of phrase.sentences) {
    const s = doc.sentences[id];
    const o = s?.phrases.find((q) => q.key === phrase.key);
    if (!s || !o) continue;
    const first = s.tokens[o.start]?.value ?? '';
    const last = s.tokens[o.end - 1]?.value ?? '';
    return gluedFunctionWord(first) || gluedFunctionWord(last);
  }
  return false;
}

/**
 * A lone word of general English (GloVe's frequency rank under 5,000: "system", "service", "user",
 * "project"): listed alone it names no concept of the source. Unknown words (rarer vocabulary,
 * other languages, most names) are not common.
 */
const COMMON_RANK = 5000;
function commonWord(phrase: Phrase): boolean {
  const rank = loneConceptRank(phrase);
  return rank !== undefined && rank < COMMON_RANK;
}

/**
 * A piece of something longer, not a term: a word the text mostly writes glued to a dot ("org" of
 * "mozilla.org", "com" of "salon.com"), or a capitalised phrase the text mostly writes right after
 * another capitalised word, the rest of a name the tagger cut ("Zealand", "Zealand train volunteers"
 * of "New Zealand").
 */
function fragmentOf(doc: DocumentModel, phrase: Phrase): boolean {
  let glued = 0;
  let afterCapital = 0;
  let uses = 0;
  for (const { s, o } of occurrences(doc, phrase)) {
    uses++;
    const before = s.tokens[o.start - 1];
    const first = s.tokens[o.start];
    const after = s.tokens[o.end];
    const next = s.tokens[o.end + 1];
    if (
      (before?.value === '.' && first !== undefined && !first.spaced) ||
      (after?.value === '.' && next !== undefined && !next.spaced && /\p{L}/u.test(next.value))
    )
      glued++;
    // The rest of a name whose first word the tagger split off ("New | Zealand …").
    if (/^\p{Lu}/u.test(first?.value ?? '') && /^\p{Lu}\p{L}/u.test(before?.value ?? ''))
      afterCapital++;
  }
  if (uses === 0) return false;
  return (phrase.length === 1 && glued / uses >= 0.5) || afterCapital / uses >= 0.8;
}

/**
 * "Key term: the sentence that explains it." for the top phrases, each with its own sentence, 3-10
 * of them depending on the length of the text. A key term is a term of the source: a phrase of
 * several words where the text builds one on a common word ("white-box monitoring", not
 * "monitoring"), never a lone everyday word or a piece of a name or address.
 */
export function pickKeyPoints(doc: DocumentModel): string[] {
  const wanted = Math.max(3, Math.min(10, Math.round(cleanCount(doc) / 8)));
  const untagged = readWithoutTags(doc);
  const frequentShort = untagged ? frequentShortWords(doc) : new Set<string>();
  // Terms the text introduces by name or as a class (introducedAsTerm): as good evidence as repetition.
  const introduced = new Set<string>();
  const candidates = keyPhrases(doc)
    .filter(
      (p) => !fragmentOf(doc, p) && !gluedEdge(doc, p) && !(untagged && fixedExpression(doc, p)),
    )
    .map((p) =>
      untagged && p.length >= 2 && p.count >= 2 && !functionEdge(doc, p, frequentShort)
        ? { ...p, score: p.score * RUN_BONUS }
        : p,
    )
    .map((p) =>
      p.kind === 'concept' && p.length >= 2 && introducedAsTerm(doc, p)
        ? (introduced.add(p.key), { ...p, score: p.score * INTRODUCED_BONUS })
        : p,
    )
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  const evident = (p: Phrase) => p.count >= 2 || introduced.has(p.key);
  const terms = termsOf(doc, diverseKeyPhrases(doc, wanted * 3, candidates, evident), untagged);
  // Each listed term with the lone name it stands for, when it is a full name (fullNameOf).
  const seen = new Set<string>();
  const real = terms
    .filter((p) => !commonWord(p))
    .map((p) => ({ phrase: fullNameOf(doc, p) ?? p, lone: p }))
    .filter(({ phrase }) => !seen.has(phrase.key) && seen.add(phrase.key));
  // A short text whose only terms are everyday words still gets a few of them.
  const listed = real.length > 0 ? real : terms.slice(0, 3).map((p) => ({ phrase: p, lone: p }));
  const used = new Set<number>();
  const points: string[] = [];
  for (const { phrase, lone } of listed) {
    if (points.length >= wanted) break;
    // Where the text says what the bearer of a full name is under the lone name ("Firefox is a web
    // browser …", "… says Parata, a fierce elder …"), that sentence explains it and the lone name,
    // which it uses, is listed; otherwise the full name, explained where it is written.
    const byLone = lone === phrase ? undefined : explainingSentence(doc, lone, used);
    const loneAt = byLone?.phrases.find((o) => o.key === lone.key);
    const defined = byLone !== undefined && loneAt !== undefined && classAt(byLone, loneAt.end);
    const term = defined ? lone : phrase;
    const sentence = defined ? byLone : explainingSentence(doc, phrase, used);
    if (!sentence) continue;
    used.add(sentence.id);
    // A term opening its explanation is named as written there: the subject's form, where a
    // language inflects ("Фотосинтез — это …", not the genitive met more often).
    const opening = sentence.phrases.find((o) => o.key === term.key && o.start === 0);
    points.push(`${capitalise(opening?.surface ?? term.surface)}: ${sentence.text}`);
  }
  return points;
}
