import { languageName } from '../../language';

/**
 * The offline question writer's own words (the stems around a blank, a term asked about), in the
 * languages it can write them. The rewrites that turn a sentence into a real question (rewrite.ts)
 * read English tags only; in German, Spanish, French, Chinese and Japanese the writer asks with these
 * stems (Chinese and Japanese also with the rewrites of rewrite-cjk.ts); in any
 * other language it writes the English stems and says so once, naming the language
 * (Intl.DisplayNames), as the grader's feedback does (feedback-words.ts).
 */
export type QuestionWords = {
  /** A term inside a question: quoted in the language's marks. */
  quoted: (term: string) => string;
  /** A blank in a copied statement. */
  cloze: (statement: string) => string;
  /** The same, about the case passage shown above the question. */
  caseCloze: (statement: string) => string;
  /** What the source says about a term opening the sentence (no rewrite reads the language). */
  about: (term: string) => string;
  /** The same, about the case passage. */
  caseAbout: (term: string) => string;
};

const ENGLISH: QuestionWords = {
  quoted: (t) => `“${t}”`,
  cloze: (s) => `Which term completes this statement from the source? “${s}”`,
  caseCloze: (s) => `Based on the case above, which term completes this statement? “${s}”`,
  about: (t) => `What does the source say about ${t}?`,
  caseAbout: (t) => `Based on the case above, explain what it tells you about ${t}.`,
};

const WORDS: Record<string, QuestionWords> = {
  en: ENGLISH,
  de: {
    quoted: (t) => `„${t}“`,
    cloze: (s) => `Welcher Begriff ergänzt diese Aussage aus der Quelle? „${s}“`,
    caseCloze: (s) => `Welcher Begriff ergänzt nach dem Fall oben diese Aussage? „${s}“`,
    about: (t) => `Was sagt die Quelle über ${t}?`,
    caseAbout: (t) => `Erkläre anhand des Falls oben, was er über ${t} aussagt.`,
  },
  es: {
    quoted: (t) => `«${t}»`,
    cloze: (s) => `¿Qué término completa esta afirmación de la fuente? «${s}»`,
    caseCloze: (s) => `Según el caso anterior, ¿qué término completa esta afirmación? «${s}»`,
    about: (t) => `¿Qué dice la fuente sobre ${t}?`,
    caseAbout: (t) => `Según el caso anterior, explica qué dice sobre ${t}.`,
  },
  // Chinese and Japanese: the stems around a blank; their real questions are in rewrite-cjk.ts.
  zh: {
    quoted: (t) => `“${t}”`,
    cloze: (s) => `下面这句话的空白处应填入哪个词语？“${s}”`,
    caseCloze: (s) => `根据上面的案例，这句话的空白处应填入哪个词语？“${s}”`,
    about: (t) => `资料中关于${t}说了什么？`,
    caseAbout: (t) => `根据上面的案例，说明其中关于${t}的内容。`,
  },
  ja: {
    quoted: (t) => `「${t}」`,
    cloze: (s) => `次の文の空欄に入る語句はどれですか。「${s}」`,
    caseCloze: (s) => `上のケースによると、次の文の空欄に入る語句はどれですか。「${s}」`,
    about: (t) => `資料は${t}について何と述べていますか。`,
    caseAbout: (t) => `上のケースをもとに、${t}について説明してください。`,
  },
  fr: {
    quoted: (t) => `« ${t} »`,
    cloze: (s) => `Quel terme complète cette affirmation de la source ? « ${s} »`,
    caseCloze: (s) => `D’après le cas ci-dessus, quel terme complète cette affirmation ? « ${s} »`,
    about: (t) => `Que dit la source à propos de ${t} ?`,
    caseAbout: (t) => `D’après le cas ci-dessus, expliquez ce qu’il dit de ${t}.`,
  },
};

/**
 * The words for a source in `language` (BCP 47, as detected; null when unclear), and the note for
 * the learner when they are not its language (null when they are).
 */
export function questionWordsFor(language: string | null): {
  words: QuestionWords;
  note: string | null;
} {
  if (language === null) return { words: ENGLISH, note: null };
  const base = language.split('-')[0] ?? language;
  const words = WORDS[base];
  if (words) return { words, note: null };
  const name = languageName(base);
  return {
    words: ENGLISH,
    note: `Questions are in English: the offline study AI cannot write questions in ${name} yet.`,
  };
}
