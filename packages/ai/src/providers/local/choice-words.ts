import { writtenIn, type Written } from './learner-language';

/**
 * The sentence shown after a multiple-choice answer ("Correct: C. …" / "Not quite. The correct
 * answer is C. …"), in the languages the offline provider writes its other feedback in. Every
 * provider grades a choice without a model (../../grading.ts), so this table serves them all. The
 * option's letter and text follow as the question shows them; the language is the question's and
 * its options' (they come from the source), detected as feedback-words.ts detects it.
 */
export type ChoiceWords = {
  /** `answer` is "C. Gamma": the option's letter and its text. */
  right: (answer: string) => string;
  wrong: (answer: string) => string;
};

const ENGLISH: ChoiceWords = {
  right: (a) => `Correct: ${a}`,
  wrong: (a) => `Not quite. The correct answer is ${a}`,
};

const WORDS: Record<string, ChoiceWords> = {
  de: { right: (a) => `Richtig: ${a}`, wrong: (a) => `Nicht ganz. Die richtige Antwort ist ${a}` },
  es: {
    right: (a) => `Correcto: ${a}`,
    wrong: (a) => `No exactamente. La respuesta correcta es ${a}`,
  },
  fr: { right: (a) => `Exact : ${a}`, wrong: (a) => `Pas tout à fait. La bonne réponse est ${a}` },
  pt: { right: (a) => `Correto: ${a}`, wrong: (a) => `Não exatamente. A resposta correta é ${a}` },
  it: { right: (a) => `Esatto: ${a}`, wrong: (a) => `Non proprio. La risposta corretta è ${a}` },
  nl: { right: (a) => `Juist: ${a}`, wrong: (a) => `Niet helemaal. Het juiste antwoord is ${a}` },
  ru: { right: (a) => `Верно: ${a}`, wrong: (a) => `Не совсем. Правильный ответ: ${a}` },
  ar: { right: (a) => `صحيح: ${a}`, wrong: (a) => `ليس تمامًا. الإجابة الصحيحة هي ${a}` },
  // A label, not a sentence: "정답은 C. …입니다" would glue the copula to the option's text.
  ko: { right: (a) => `정답입니다: ${a}`, wrong: (a) => `아쉽습니다. 정답: ${a}` },
  hi: { right: (a) => `सही: ${a}`, wrong: (a) => `पूरी तरह नहीं। सही उत्तर: ${a}` },
  zh: { right: (a) => `正确：${a}`, wrong: (a) => `不太对。正确答案是：${a}` },
  ja: { right: (a) => `正解：${a}`, wrong: (a) => `不正解です。正解：${a}` },
};

/** The choice feedback's words for a question (its text and options decide the language). */
export function choiceWordsFor(questionText: string): Written<ChoiceWords> {
  return writtenIn({ ...WORDS, en: ENGLISH }, null, questionText, {
    unknown: '(This feedback is in English: the language of the question could not be told.)',
    cannot: (name) => `(This feedback is in English: it cannot be written in ${name}.)`,
  });
}
