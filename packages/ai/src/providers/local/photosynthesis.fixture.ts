import type { RetrievedChunk, StudyAi, TutorInput } from '../../types';

/**
 * Test data: one short passage about photosynthesis in each language the offline provider writes
 * its own words in (three sentences: a definition, where it happens, what goes in and out), with a
 * question on it and two of its terms, for the tests of the tutor's framing and the grader's feedback in each language.
 * Written for these tests; not a fixture of real-world text.
 */
export type Passage = {
  passage: string;
  question: string;
  /** Where it happens (the right option of a choice), and a term of the passage that is not. */
  right: string;
  wrong: string;
};

/** A retrieved passage of a source (one chunk), as the tutor tests hand it to the tutor. */
export const noteChunk = (content: string, title = 'Notes'): RetrievedChunk => ({
  chunkId: 'c1',
  sourceId: 's1',
  sourceTitle: title,
  chunkIndex: 0,
  content,
  score: 0.5,
});

/** The tutor's answer to `input`, its streamed text joined. */
export async function tutorAnswer(ai: Pick<StudyAi, 'tutor'>, input: TutorInput): Promise<string> {
  let text = '';
  for await (const e of ai.tutor(input)) if (e.type === 'text') text += e.text;
  return text;
}

/**
 * The passage's question as the tutor is handed it after the learner chose the wrong term: the
 * tutor tests of several files ask about it ("why is mine wrong", "Explain the answer").
 */
export function answeredWrong(language: string): NonNullable<TutorInput['question']> {
  const { question, right, wrong } = PHOTOSYNTHESIS[language]!;
  return {
    question,
    questionType: 'multiple_choice',
    options: [right, wrong, 'x', 'y'],
    correctAnswer: right,
    userAnswer: wrong,
    answerSubmitted: true,
    isCorrect: false,
  };
}

export const PHOTOSYNTHESIS: Record<string, Passage> = {
  en: {
    passage:
      'Photosynthesis is the process by which plants turn the energy of sunlight into chemical energy. It takes place in the chloroplasts of the leaves. Plants take in carbon dioxide and water and give off oxygen.',
    question: 'What is photosynthesis, according to the source?',
    right: 'chloroplasts',
    wrong: 'oxygen',
  },
  de: {
    passage:
      'Photosynthese ist der Vorgang, bei dem Pflanzen die Energie des Sonnenlichts in chemische Energie umwandeln. Sie findet in den Chloroplasten der Blätter statt. Pflanzen nehmen Kohlendioxid und Wasser auf und geben Sauerstoff ab.',
    question: 'Was ist Photosynthese laut der Quelle?',
    right: 'Chloroplasten',
    wrong: 'Sauerstoff',
  },
  es: {
    passage:
      'La fotosíntesis es el proceso por el cual las plantas transforman la energía de la luz solar en energía química. Tiene lugar en los cloroplastos de las hojas. Las plantas absorben dióxido de carbono y agua y liberan oxígeno.',
    question: '¿Qué es la fotosíntesis según la fuente?',
    right: 'cloroplastos',
    wrong: 'oxígeno',
  },
  fr: {
    passage:
      'La photosynthèse est le processus par lequel les plantes transforment l’énergie de la lumière du soleil en énergie chimique. Elle a lieu dans les chloroplastes des feuilles. Les plantes absorbent du dioxyde de carbone et de l’eau et rejettent de l’oxygène.',
    question: 'Qu’est-ce que la photosynthèse selon la source ?',
    right: 'chloroplastes',
    wrong: 'oxygène',
  },
  pt: {
    passage:
      'A fotossíntese é o processo pelo qual as plantas transformam a energia da luz solar em energia química. Ela ocorre nos cloroplastos das folhas. As plantas absorvem dióxido de carbono e água e liberam oxigênio.',
    question: 'O que é a fotossíntese, segundo a fonte?',
    right: 'cloroplastos',
    wrong: 'oxigênio',
  },
  it: {
    passage:
      'La fotosintesi è il processo con cui le piante trasformano l’energia della luce solare in energia chimica. Avviene nei cloroplasti delle foglie. Le piante assorbono anidride carbonica e acqua e rilasciano ossigeno.',
    question: 'Che cos’è la fotosintesi secondo la fonte?',
    right: 'cloroplasti',
    wrong: 'ossigeno',
  },
  nl: {
    passage:
      'Fotosynthese is het proces waarbij planten de energie van zonlicht omzetten in chemische energie. Het vindt plaats in de bladgroenkorrels van de bladeren. Planten nemen koolstofdioxide en water op en geven zuurstof af.',
    question: 'Wat is fotosynthese volgens de bron?',
    right: 'bladgroenkorrels',
    wrong: 'zuurstof',
  },
  ru: {
    passage:
      'Фотосинтез — это процесс, при котором растения превращают энергию солнечного света в химическую энергию. Он происходит в хлоропластах листьев. Растения поглощают углекислый газ и воду и выделяют кислород.',
    question: 'Что такое фотосинтез, согласно источнику?',
    right: 'хлоропластах',
    wrong: 'кислород',
  },
  ar: {
    passage:
      'التمثيل الضوئي هو العملية التي تحول بها النباتات طاقة ضوء الشمس إلى طاقة كيميائية. وتحدث هذه العملية في البلاستيدات الخضراء في الأوراق. تمتص النباتات ثاني أكسيد الكربون والماء وتطلق الأكسجين.',
    question: 'ما هو التمثيل الضوئي بحسب المصدر؟',
    right: 'البلاستيدات الخضراء',
    wrong: 'الأكسجين',
  },
  ko: {
    passage:
      '광합성은 식물이 햇빛의 에너지를 화학 에너지로 바꾸는 과정이다. 광합성은 잎의 엽록체에서 일어난다. 식물은 이산화 탄소와 물을 흡수하고 산소를 내보낸다.',
    question: '자료에 따르면 광합성이란 무엇인가?',
    right: '엽록체',
    wrong: '산소',
  },
  hi: {
    passage:
      'प्रकाश संश्लेषण वह प्रक्रिया है जिसके द्वारा पौधे सूर्य के प्रकाश की ऊर्जा को रासायनिक ऊर्जा में बदलते हैं। यह पत्तियों के हरितलवक में होता है। पौधे कार्बन डाइऑक्साइड और पानी लेते हैं और ऑक्सीजन छोड़ते हैं।',
    question: 'स्रोत के अनुसार प्रकाश संश्लेषण क्या है?',
    right: 'हरितलवक',
    wrong: 'ऑक्सीजन',
  },
  zh: {
    passage:
      '光合作用是植物把太阳光的能量转化为化学能的过程。光合作用发生在叶片的叶绿体中。植物吸收二氧化碳和水，并释放氧气。',
    question: '根据资料，什么是光合作用？',
    right: '叶绿体',
    wrong: '氧气',
  },
  ja: {
    passage:
      '光合成とは、植物が太陽の光のエネルギーを化学エネルギーに変える過程である。光合成は葉の葉緑体で行われる。植物は二酸化炭素と水を取り込み、酸素を放出する。',
    question: '資料によると、光合成とは何か。',
    right: '葉緑体',
    wrong: '酸素',
  },
};
