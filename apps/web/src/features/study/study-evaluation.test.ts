import { describe, expect, it } from 'vitest';
import type { Evaluation } from '@mnemo/contracts/entities/question';
import { correctOption, isCorrectEvaluation, scoreBars } from './study-evaluation';
import type { StudyItem } from './study-items';

const freeResponse = (accuracy: number, clarity = 5, depth = 5): Evaluation => ({
  freeResponse: { accuracy, clarity, depth, feedback: 'ok', stoplight: 'yellow' },
});

const item: StudyItem = {
  kind: 'question',
  id: 'q1',
  prompt: 'Capital of France?',
  type: 'multiple_choice',
  options: ['Lyon', 'Paris', 'Nice'],
  caseContext: null,
  answer: 'Paris',
  source: null,
  concepts: [],
};

describe('correctness', () => {
  it('takes isCorrect for multiple choice', () => {
    expect(isCorrectEvaluation({ multipleChoice: { isCorrect: true } })).toBe(true);
    expect(isCorrectEvaluation({ multipleChoice: { isCorrect: false } })).toBe(false);
  });

  it('counts a free response correct from accuracy 7, whatever the server says', () => {
    expect(isCorrectEvaluation(freeResponse(7))).toBe(true);
    expect(isCorrectEvaluation(freeResponse(6.9))).toBe(false);
    expect(
      isCorrectEvaluation({
        freeResponse: {
          accuracy: 9,
          clarity: 2,
          depth: 2,
          feedback: '',
          stoplight: 'red',
          isCorrect: false,
        },
      }),
    ).toBe(true);
  });
});

describe('score bars', () => {
  it('shows accuracy, clarity and depth out of 10, dimmed below 4', () => {
    const fr = freeResponse(8, 4, 3.5).freeResponse!;
    expect(scoreBars(fr)).toEqual([
      { label: 'Accuracy', value: 8, max: 10, percent: 80, dimmed: false },
      { label: 'Clarity', value: 4, max: 10, percent: 40, dimmed: false },
      { label: 'Depth', value: 3.5, max: 10, percent: 35, dimmed: true },
    ]);
  });

  it('keeps a stray score inside 0-10', () => {
    const [accuracy] = scoreBars({ ...freeResponse(0).freeResponse!, accuracy: 12 });
    expect(accuracy).toMatchObject({ value: 10, percent: 100 });
  });
});

describe('the correct option', () => {
  it("is the evaluation's index when it names one", () => {
    expect(
      correctOption(item, { multipleChoice: { isCorrect: false, correctAnswerIndex: 2 } }),
    ).toEqual({ index: 2, letter: 'C', text: 'Nice' });
  });

  it("falls back to the evaluation's text, then to the item's own answer", () => {
    expect(
      correctOption(item, { multipleChoice: { isCorrect: false, correctAnswerText: 'Lyon' } }),
    ).toMatchObject({ letter: 'A' });
    expect(correctOption(item, { multipleChoice: { isCorrect: false } })).toMatchObject({
      letter: 'B',
      text: 'Paris',
    });
  });

  it('is unknown when nothing names an option', () => {
    expect(
      correctOption({ ...item, answer: '' }, { multipleChoice: { isCorrect: false } }),
    ).toBeNull();
  });
});
