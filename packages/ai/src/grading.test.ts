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
