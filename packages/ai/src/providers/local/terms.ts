import { contentTerms, type Phrase } from './document';
import { META_WORDS } from './lexicon';
import { parseBlock, wordTokens } from './nlp';
import { wordVectors } from './word-vectors';

/** Words of an instruction that say how to ask, not what about ("focus on", "more questions"). */
const INSTRUCTION_WORDS = new Set(
  `focus focuses focused focusing concentrate emphasis emphasise emphasize mainly mostly especially only
  cover covering include including topic topics generate create make ask card cards flashcard flashcards
  quiz test exam less more please question questions easy hard difficult level students student learner
  learners basic advanced key important main particular specifically`.split(/\s+/),
);

/** Content stems of a learner's focus instructions. */
export function focusTerms(text: string): string[] {
  if (text.trim().length === 0) return [];
  const tokens = parseBlock(text).flatMap((s) => s.tokens);
  return [
    ...new Set(
      contentTerms(
        tokens.filter((t) => !INSTRUCTION_WORDS.has(t.normal) && !META_WORDS.has(t.normal)),
      ),
    ),
  ];
}

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+/gu;

/**
 * Content stems of a short text, cheaply (tokenizer only): for comparing wordings. wink reads a run
 * of Chinese or Japanese as one word, so such runs are segmented as a Chinese or Japanese text is
 * (nlp.ts), all together so the language is told from all of them.
 */
export function textTerms(text: string): string[] {
  const cjk = text.match(CJK_RUN) ?? [];
  const rest = cjk.length > 0 ? text.replace(CJK_RUN, ' ') : text;
  const terms = wordTokens(rest)
    .filter((w) => !w.stop && /\p{L}/u.test(w.normal))
    .map((w) => w.stem);
  if (cjk.length > 0)
    terms.push(...parseBlock(cjk.join('。')).flatMap((s) => contentTerms(s.tokens)));
  return [...new Set(terms)];
}

const bare = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The same text but for case, punctuation and spacing. */
export const sameText = (a: string, b: string) => bare(a) === bare(b);

/** Two questions asking the same thing in nearly the same words (Jaccard over content stems). */
export function similarWording(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const setB = new Set(b);
  const shared = a.filter((t) => setB.has(t)).length;
  return shared / (a.length + b.length - shared) >= 0.75;
}

/**
 * How common a one-word concept is in general English (GloVe's frequency rank, word-vectors.ts),
 * read from its lower-case surface, else its key; undefined for a phrase of several words, a name,
 * a date or quantity, and a word the vectors do not know (rarer vocabulary, other languages). The
 * summary and the question writer each set their own edge on it.
 */
export function loneConceptRank(phrase: Phrase): number | undefined {
  if (phrase.length !== 1 || phrase.kind !== 'concept') return undefined;
  const v = wordVectors();
  return (
    v.rank((phrase.lowerSurface ?? phrase.surface).toLowerCase()) ??
    v.rank(phrase.key.toLowerCase())
  );
}
