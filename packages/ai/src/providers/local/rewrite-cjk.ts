import type { PhraseOccurrence, Sentence } from './document';
import { isCjk } from './nlp';

/**
 * Real questions from Chinese and Japanese sentences of a few shapes that say for certain what
 * they are about, asked in the source's language (rewrite.ts reads English tags only):
 * - a definition opening with its term ("水循环是……的过程。", "明治維新は、……変革です。") and a
 *   sentence naming a term at its end ("这个过程叫做蒸腾作用。", "……を光合成と呼びます。"):
 *   "什么是X？" / "Xとは何ですか。";
 * - a cause given first ("由于A，B。", "因为A，B。"): "为什么B？".
 * Any other sentence gives no free response (a blank in it can still make a multiple choice):
 * "what does the source say about X" over it would be a template, not a question.
 */
export type CjkLanguage = 'zh' | 'ja';

export type CjkQuestion = {
  question: string;
  /** The term asked about, as the sentence writes it. */
  term: string;
};

// What follows a defined term in Chinese: "X是……", "X指……", "X是指……", "X即……".
const ZH_COPULA = new Set(['是', '指', '是指', '即', '就是']);
// A term named at the end of the sentence: "……叫做X。", "……称为X。", "这就是X。".
const ZH_NAMING =
  /(?:叫做|叫作|称为|称作|被称为|这就是|即为)([^，,。；;、“”"（）()]{2,12})[。！]$/u;
const ZH_CAUSE = /^(?:由于|因为)[^，,。；;]{2,}[，,]([^。；;]{6,})[。！]$/u;
// Words that point outside the sentence: a question from what follows them is a riddle.
const ZH_POINTING = /^(?:它|它们|他|她|他们|她们|这|那|此|该|其)/u;

// Japanese: "Xは……Nです。" / "Xとは……である。", the last word before the copula a noun.
const JA_TOPIC = new Set(['は', 'とは']);
const JA_COPULA = new Set(['です', 'である', 'だ']);
const JA_NOMINAL_END = new Set(['こと', 'もの']);
const JA_NAMING = /を([^、。をがはにで「」『』]{2,12})と(?:呼ば|呼び|呼ぶ|いい|いう|言う|言い)/u;

/** Chinese or Japanese, for a text mostly in their scripts (kana tell Japanese); null otherwise. */
export function cjkLanguageOf(text: string): CjkLanguage | null {
  if (!isCjk(text) || /\p{Script=Hangul}/u.test(text)) return null;
  return /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text) ? 'ja' : 'zh';
}

/** Whether the term at `o` opens `s` and the sentence defines it. */
export function cjkDefines(s: Sentence, end: number, language: CjkLanguage): boolean {
  const next = s.tokens[end];
  if (!next) return false;
  if (language === 'zh') {
    // "不是", "是否" follow other shapes; only the copula right after the term.
    return ZH_COPULA.has(next.value) && s.tokens[end + 1]?.value !== '否';
  }
  if (!JA_TOPIC.has(next.value)) return false;
  const words = s.tokens.filter((t) => t.type !== 'punctuation');
  const last = words[words.length - 1];
  const before = words[words.length - 2];
  return (
    last !== undefined &&
    before !== undefined &&
    JA_COPULA.has(last.value) &&
    (before.pos === 'NOUN' || JA_NOMINAL_END.has(before.value))
  );
}

/**
 * The question a sentence can be rewritten into, with the phrase occurrence it is about (`opener`:
 * the phrase opening the sentence, if any). Null when the sentence has none of the shapes above.
 */
export function cjkQuestion(
  s: Sentence,
  opener: PhraseOccurrence | undefined,
  language: CjkLanguage,
): CjkQuestion | null {
  const whatIs = (term: string) =>
    language === 'zh' ? `什么是${term}？` : `${term}とは何ですか。`;
  if (opener && opener.start === 0 && cjkDefines(s, opener.end, language))
    return { question: whatIs(opener.surface), term: opener.surface };
  const named = (language === 'zh' ? ZH_NAMING : JA_NAMING).exec(s.text)?.[1];
  if (named) return { question: whatIs(named), term: named };
  if (language === 'zh') {
    const effect = ZH_CAUSE.exec(s.text)?.[1];
    if (effect && !ZH_POINTING.test(effect)) return { question: `为什么${effect}？`, term: effect };
  }
  return null;
}
