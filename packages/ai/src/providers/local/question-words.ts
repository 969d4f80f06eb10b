import { languageName } from '../../language';

/**
 * The offline question writer's own words (the stems around a blank, a term asked about), in the
 * languages it can write them. The rewrites that turn a sentence into a real question (rewrite.ts)
 * read English tags only; in German, Spanish, French, Portuguese, Italian, Dutch, Russian, Arabic,
 * Korean, Hindi, Chinese and Japanese the writer asks with these stems, and "What is X?" for a
 * definition where `whatIs` is given (German, Spanish, French, Portuguese and Italian also with
 * the rewrites of rewrite-latin.ts, worded by `named` and `whatDoes`) (Chinese and Japanese with the rewrites of rewrite-cjk.ts); in any
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
  /**
   * "What is X?" for a definition opening with the term, given the definition's copula as the
   * source writes it (summarize.ts `foreignCopula`: "sind" asks "Was sind …?"); English has its
   * own rewrites (rewrite.ts), Chinese and Japanese theirs (rewrite-cjk.ts).
   */
  whatIs?: (term: string, copula: string) => string;
  /**
   * A definition asked from its predicate (rewrite-latin.ts `namedChoice`): "X ist der Vorgang,
   * bei dem …" → "Wie heißt der Vorgang, bei dem …?"; `plural` when the copula is ("sind").
   */
  named?: (predicate: string, plural: boolean) => string;
  /**
   * "What does X <verb>?" (rewrite-latin.ts `objectQuestion`), given the verb and the subject as
   * the sentence writes them, and a German separable particle to close it ("auf").
   */
  whatDoes?: (verb: string, subject: string, particle: string) => string;
};

/** French "que" elided before a vowel or a mute h: "Qu'absorbe la chlorophylle ?". */
const frenchQue = (verb: string) =>
  /^[aeiouyhâàéèêîôû]/iu.test(verb) ? `Qu’${verb}` : `Que ${verb}`;

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
    whatIs: (t, copula) => (copula === 'sind' ? `Was sind ${t}?` : `Was ist ${t}?`),
    named: (p, plural) => `${plural ? 'Wie heißen' : 'Wie heißt'} ${p}?`,
    whatDoes: (verb, subject, particle) =>
      `Was ${verb} ${subject}${particle ? ` ${particle}` : ''}?`,
  },
  es: {
    quoted: (t) => `«${t}»`,
    cloze: (s) => `¿Qué término completa esta afirmación de la fuente? «${s}»`,
    caseCloze: (s) => `Según el caso anterior, ¿qué término completa esta afirmación? «${s}»`,
    about: (t) => `¿Qué dice la fuente sobre ${t}?`,
    caseAbout: (t) => `Según el caso anterior, explica qué dice sobre ${t}.`,
    whatIs: (t, copula) => (copula === 'son' ? `¿Qué son ${t}?` : `¿Qué es ${t}?`),
    named: (p, plural) => `¿Cómo se ${plural ? 'llaman' : 'llama'} ${p}?`,
    whatDoes: (verb, subject) => `¿Qué ${verb} ${subject}?`,
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
    whatIs: (t, copula) => (copula === 'sont' ? `Que sont ${t} ?` : `Qu’est-ce que ${t} ?`),
    named: (p) => `Comment appelle-t-on ${p} ?`,
    whatDoes: (verb, subject) => `${frenchQue(verb)} ${subject} ?`,
  },
  pt: {
    quoted: (t) => `“${t}”`,
    cloze: (s) => `Que termo completa esta afirmação da fonte? “${s}”`,
    caseCloze: (s) => `Com base no caso acima, que termo completa esta afirmação? “${s}”`,
    about: (t) => `O que diz a fonte sobre ${t}?`,
    caseAbout: (t) => `Com base no caso acima, explique o que ele diz sobre ${t}.`,
    whatIs: (t, copula) => (copula === 'são' ? `O que são ${t}?` : `O que é ${t}?`),
    named: (p, plural) => `Como se ${plural ? 'chamam' : 'chama'} ${p}?`,
    whatDoes: (verb, subject) => `O que ${verb} ${subject}?`,
  },
  it: {
    quoted: (t) => `«${t}»`,
    cloze: (s) => `Quale termine completa questa affermazione della fonte? «${s}»`,
    caseCloze: (s) => `In base al caso sopra, quale termine completa questa affermazione? «${s}»`,
    about: (t) => `Che cosa dice la fonte su ${t}?`,
    caseAbout: (t) => `In base al caso sopra, spiega che cosa dice su ${t}.`,
    whatIs: (t, copula) => (copula === 'sono' ? `Che cosa sono ${t}?` : `Che cos’è ${t}?`),
    named: (p, plural) => `Come si ${plural ? 'chiamano' : 'chiama'} ${p}?`,
    whatDoes: (verb, subject) => `Che cosa ${verb} ${subject}?`,
  },
  nl: {
    quoted: (t) => `‘${t}’`,
    cloze: (s) => `Welk begrip maakt deze bewering uit de bron compleet? ‘${s}’`,
    caseCloze: (s) =>
      `Welk begrip maakt deze bewering compleet, volgens de casus hierboven? ‘${s}’`,
    about: (t) => `Wat zegt de bron over ${t}?`,
    caseAbout: (t) => `Leg aan de hand van de casus hierboven uit wat die zegt over ${t}.`,
  },
  // A term after a Russian preposition would need its case ending: "о понятии «X»" keeps it as
  // written.
  ru: {
    quoted: (t) => `«${t}»`,
    cloze: (s) => `Какой термин пропущен в этом утверждении из источника? «${s}»`,
    caseCloze: (s) => `Какой термин пропущен в этом утверждении, судя по случаю выше? «${s}»`,
    about: (t) => `Что говорится в источнике о понятии ${t}?`,
    caseAbout: (t) => `Объясните по случаю выше, что в нём говорится о понятии ${t}.`,
    whatIs: (t) => `Что такое ${t}?`,
  },
  ar: {
    quoted: (t) => `«${t}»`,
    cloze: (s) => `ما الكلمة التي تكمل هذه العبارة من المصدر؟ «${s}»`,
    caseCloze: (s) => `بناءً على الحالة أعلاه، ما الكلمة التي تكمل هذه العبارة؟ «${s}»`,
    about: (t) => `ماذا يقول المصدر عن ${t}؟`,
    caseAbout: (t) => `بناءً على الحالة أعلاه، اشرح ما تقوله عن ${t}.`,
    whatIs: (t, copula) => `ما ${copula === 'هي' ? 'هي' : 'هو'} ${t}؟`,
  },
  ko: {
    quoted: (t) => `‘${t}’`,
    cloze: (s) => `다음 문장의 빈칸에 들어갈 말은 무엇입니까? “${s}”`,
    caseCloze: (s) => `위의 사례에 따르면, 다음 문장의 빈칸에 들어갈 말은 무엇입니까? “${s}”`,
    about: (t) => `자료에서는 ${t}에 대해 무엇이라고 말합니까?`,
    caseAbout: (t) => `위의 사례를 바탕으로 ${t}에 대해 설명하십시오.`,
    // The topic particle as the source writes it after the term ("광합성은").
    whatIs: (t, particle) => `${t}${particle} 무엇입니까?`,
  },
  hi: {
    quoted: (t) => `“${t}”`,
    cloze: (s) => `स्रोत के इस कथन में रिक्त स्थान पर कौन-सा शब्द आएगा? “${s}”`,
    caseCloze: (s) => `ऊपर दिए गए प्रसंग के अनुसार, इस कथन में रिक्त स्थान पर कौन-सा शब्द आएगा? “${s}”`,
    about: (t) => `स्रोत ${t} के बारे में क्या कहता है?`,
    caseAbout: (t) => `ऊपर दिए गए प्रसंग के आधार पर समझाइए कि इसमें ${t} के बारे में क्या कहा गया है।`,
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
