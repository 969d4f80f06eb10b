import { cosine, termVector, type DocumentModel, type Phrase, type Sentence } from './document';
import { cjkDefines, cjkLanguageOf } from './rewrite-cjk';

/**
 * Extractive summary and key points. Both quote the source: the offline provider never writes a
 * claim the text does not make.
 */

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
    .filter((s) => s.clean)
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
    // The phrase as the sentence's subject reads as an explanation of it.
    if (occurrence.start <= 2) score += 0.3;
    if (s.anaphoric) score -= 0.3;
    if (s.words > 35) score -= 0.2;
    if (score > bestScore) {
      bestScore = score;
      best = s;
    }
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
): Phrase[] {
  // Repeated phrases first: a phrase met once is more often a tagging slip than a key term.
  const pool = [
    ...candidates.filter((p) => p.count >= 2),
    ...candidates.filter((p) => p.count < 2),
  ].slice(0, 80);
  const chosen: Phrase[] = [];
  const usedStems = new Map<string, number>();
  const rest = new Set(pool);
  while (chosen.length < wanted && rest.size > 0) {
    let best: Phrase | undefined;
    let bestScore = -Infinity;
    for (const p of rest) {
      const stems = p.key.split(' ');
      const overlap = stems.reduce((n, st) => n + (usedStems.get(st) ?? 0), 0);
      const score = p.score * 0.7 ** overlap * (p.count >= 2 ? 1 : 0.6);
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
function termsOf(doc: DocumentModel, chosen: readonly Phrase[]): Phrase[] {
  const longer = keyPhrases(doc).filter(
    (p) => p.kind === 'concept' && p.length >= 2 && p.count >= 2,
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
 * "Key term: the sentence that explains it." for the top phrases, each with its own sentence, 3-10
 * of them depending on the length of the text.
 */
export function pickKeyPoints(doc: DocumentModel): string[] {
  const wanted = Math.max(3, Math.min(10, Math.round(cleanCount(doc) / 8)));
  const used = new Set<number>();
  const points: string[] = [];
  for (const phrase of termsOf(doc, diverseKeyPhrases(doc, wanted * 2))) {
    if (points.length >= wanted) break;
    const sentence = explainingSentence(doc, phrase, used);
    if (!sentence) continue;
    used.add(sentence.id);
    // A term opening its explanation is named as written there: the subject's form, where a
    // language inflects ("Фотосинтез — это …", not the genitive met more often).
    const opening = sentence.phrases.find((o) => o.key === phrase.key && o.start === 0);
    points.push(`${capitalise(opening?.surface ?? phrase.surface)}: ${sentence.text}`);
  }
  return points;
}
