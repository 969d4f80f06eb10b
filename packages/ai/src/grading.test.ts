import { describe, expect, it } from 'vitest';
import { AiError } from './errors';
import { gradeMultipleChoice, pickedOption, stoplightFor } from './grading';
import type { QuestionForGrading } from './types';

const question: QuestionForGrading = {
  questionType: 'case_multiple_choice',
  question: 'Q?',
  options: ['Alpha', 'Beta', 'Gamma', 'Delta'],
  correctAnswerIndex: 2,
  correctAnswerText: 'Gamma',
  expectedAnswer: null,
  caseContext: 'A case.',
};

describe('grading', () => {
  it('reads the option a response picks in every form a client sends', () => {
    const options = question.options;
    expect(pickedOption(options, 2)).toBe(2);
    expect(pickedOption(options, '2')).toBe(2);
    expect(pickedOption(options, 'C')).toBe(2);
    expect(pickedOption(options, 'Option c')).toBe(2);
    expect(pickedOption(options, ' gamma ')).toBe(2);
    expect(pickedOption(options, 7)).toBeNull();
    expect(pickedOption(options, 'Epsilon')).toBeNull();
  });

  it('grades against the stored index, or the stored text when the index is missing', () => {
    expect(gradeMultipleChoice(question, 'C')).toMatchObject({
      isCorrect: true,
      correctAnswerIndex: 2,
      correctAnswerText: 'Gamma',
    });
    expect(gradeMultipleChoice({ ...question, correctAnswerIndex: null }, 2)).toMatchObject({
      isCorrect: true,
    });
    expect(gradeMultipleChoice(question, 0)).toMatchObject({
      isCorrect: false,
      feedback: 'Not quite. The correct answer is C. Gamma',
    });
    expect(() =>
      gradeMultipleChoice({ ...question, correctAnswerIndex: null, correctAnswerText: null }, 0),
    ).toThrow(AiError);
  });

  it('lights green from accuracy 7, yellow from 4, red below', () => {
    expect([10, 7, 6.9, 4, 3.9, 0].map(stoplightFor)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });
});

describe('multiple-choice feedback follows the question’s language', () => {
  const choice = (question: string, options: string[]): QuestionForGrading => ({
    questionType: 'multiple_choice',
    question,
    options,
    correctAnswerIndex: 1,
    correctAnswerText: options[1] ?? null,
    expectedAnswer: null,
    caseContext: null,
  });
  // Each with a word or the script of its language, never an exact sentence.
  const cases: Record<string, [QuestionForGrading, RegExp]> = {
    es: [
      choice('¿Dónde tiene lugar la fotosíntesis en las plantas verdes?', [
        'En las mitocondrias',
        'En los cloroplastos de las hojas',
        'En el núcleo de la célula',
        'En las raíces',
      ]),
      /\b(?:correct[oa]|respuesta)\b/i,
    ],
    de: [
      choice('Wo findet die Photosynthese in grünen Pflanzen statt?', [
        'In den Mitochondrien',
        'In den Chloroplasten der Blätter',
        'Im Zellkern',
        'In den Wurzeln',
      ]),
      /\b(?:Richtig|Antwort)\b/,
    ],
    zh: [choice('光合作用在植物的哪个部位进行？', ['线粒体', '叶绿体', '细胞核', '根部']), /正确/],
    ar: [
      choice('أين يحدث البناء الضوئي في النباتات الخضراء؟', [
        'في الميتوكوندريا',
        'في البلاستيدات الخضراء',
        'في نواة الخلية',
        'في الجذور',
      ]),
      /[\u0600-\u06FF]{3,}/,
    ],
  };
  const ENGLISH = /\b(?:Correct|Not quite|answer)\b/;

  it.each(Object.keys(cases))(
    '%s: right and wrong choices are told in the language',
    (language) => {
      const [q, mark] = cases[language]!;
      for (const response of [1, 0]) {
        const { feedback } = gradeMultipleChoice(q, response);
        expect(feedback).toMatch(mark);
        expect(feedback).not.toMatch(ENGLISH);
        expect(feedback).toContain(`B. ${q.options[1]}`);
      }
      expect(gradeMultipleChoice(q, 1).feedback).not.toBe(gradeMultipleChoice(q, 0).feedback);
    },
  );

  it('says in English why when the question is in a language it cannot write', () => {
    const polish = choice(
      'Gdzie zachodzi fotosynteza w komórkach roślin zielonych według źródła?',
      ['w mitochondriach', 'w chloroplastach', 'w jądrze komórkowym', 'w cytoplazmie'],
    );
    expect(gradeMultipleChoice(polish, 0).feedback).toMatch(
      /Not quite.*cannot be written in Polish/,
    );
  });
});
