import { describe, expect, it } from 'vitest';
import type { Question } from '@mnemo/contracts/entities/question';
import {
  QUESTION_TYPE_LABELS,
  answerForEdit,
  answerHeading,
  displayAnswer,
  draftOf,
  optionLetter,
  parseAnswer,
  questionChanges,
} from './question-format';

const NO_ANSWER = 'No answer provided';

function question(over: Partial<Question> = {}): Question {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    deck: '00000000-0000-4000-8000-0000000000d1',
    question: 'What does the mitochondrion make?',
    questionType: 'multiple_choice',
    options: ['DNA', 'ATP', 'Starch', 'Light'],
    correctAnswerIndex: 1,
    correctAnswerText: 'ATP',
    expectedAnswer: null,
    caseContext: null,
    source: null,
    answer: null,
    ...over,
  };
}

const freeResponse = (over: Partial<Question> = {}) =>
  question({
    questionType: 'free_response',
    question: 'Why do cells need ATP?',
    options: [],
    correctAnswerIndex: null,
    correctAnswerText: null,
    expectedAnswer: 'It carries energy to reactions.',
    ...over,
  });

describe('answer headings', () => {
  it("is 'Correct Answer' for the multiple-choice types and 'Expected Answer' for the others", () => {
    expect(answerHeading('multiple_choice')).toBe('Correct Answer');
    expect(answerHeading('case_multiple_choice')).toBe('Correct Answer');
    expect(answerHeading('free_response')).toBe('Expected Answer');
    expect(answerHeading('case_free_response')).toBe('Expected Answer');
  });

  it('loads the answer into the modal under its heading', () => {
    expect(answerForEdit(question())).toBe('Correct Answer:\nATP');
    expect(answerForEdit(freeResponse())).toBe('Expected Answer:\nIt carries energy to reactions.');
    expect(answerForEdit(question({ correctAnswerText: null }))).toBe('Correct Answer:\nATP');
    expect(answerForEdit(freeResponse({ expectedAnswer: null }))).toBe('Expected Answer:\n');
  });

  it('reads the answer back by the heading of its type, on the heading line or below it', () => {
    expect(parseAnswer('multiple_choice', 'Correct Answer:\n  Starch \n')).toBe('Starch');
    expect(parseAnswer('multiple_choice', 'Correct Answer: Starch')).toBe('Starch');
    expect(parseAnswer('case_multiple_choice', '**Correct Answer:** Light')).toBe('Light');
    expect(parseAnswer('free_response', '## Expected Answer\nLine one\nLine two')).toBe(
      'Line one\nLine two',
    );
    expect(parseAnswer('case_free_response', 'expected answer:\nlower case works')).toBe(
      'lower case works',
    );
    expect(parseAnswer('free_response', 'Notes first\nExpected Answer:\nThe answer')).toBe(
      'The answer',
    );
  });

  it('stops at the next heading', () => {
    expect(parseAnswer('multiple_choice', 'Correct Answer:\nATP\nExpected Answer:\nno')).toBe(
      'ATP',
    );
  });

  it("finds no answer without its type's heading", () => {
    expect(parseAnswer('multiple_choice', 'Expected Answer:\nATP')).toBeNull();
    expect(parseAnswer('free_response', 'Correct Answer:\nEnergy')).toBeNull();
    expect(parseAnswer('free_response', 'Just some words')).toBeNull();
    // A sentence that merely starts with the words is not the heading.
    expect(parseAnswer('multiple_choice', 'Correct answer is ATP')).toBeNull();
  });
});

describe('saving an edit', () => {
  it('sends nothing when nothing changed', () => {
    expect(questionChanges(question(), draftOf(question()))).toBeNull();
    expect(questionChanges(freeResponse(), draftOf(freeResponse()))).toBeNull();
    const spaced = draftOf(question());
    spaced.question = `  ${spaced.question}  `;
    spaced.answer = 'Correct Answer:\n\nATP\n';
    expect(questionChanges(question(), spaced)).toBeNull();
  });

  it('sends only the question text when only it changed', () => {
    const draft = { ...draftOf(question()), question: ' What does a mitochondrion produce? ' };
    expect(questionChanges(question(), draft)).toEqual({
      question: 'What does a mitochondrion produce?',
    });
  });

  it('sends a multiple-choice answer as correctAnswerText', () => {
    const draft = { ...draftOf(question()), answer: 'Correct Answer:\nAdenosine triphosphate' };
    expect(questionChanges(question(), draft)).toEqual({
      correctAnswerText: 'Adenosine triphosphate',
    });
  });

  it('sends a free-response answer as expectedAnswer, with the question when both changed', () => {
    const draft = { question: 'Why is ATP needed?', answer: 'Expected Answer:\nFor energy.' };
    expect(questionChanges(freeResponse(), draft)).toEqual({
      question: 'Why is ATP needed?',
      expectedAnswer: 'For energy.',
    });
  });

  it('leaves the answer out when its heading is missing', () => {
    const draft = { ...draftOf(question()), answer: 'Expected Answer:\nSomething else' };
    expect(questionChanges(question(), draft)).toBeNull();
    const both = { question: 'New question?', answer: 'ATP, no heading' };
    expect(questionChanges(question(), both)).toEqual({ question: 'New question?' });
  });

  it('never sends a blank question', () => {
    expect(questionChanges(question(), { ...draftOf(question()), question: '   ' })).toBeNull();
  });
});

describe('cards', () => {
  it('letters options from A', () => {
    expect([0, 1, 2, 3].map(optionLetter)).toEqual(['A', 'B', 'C', 'D']);
  });

  it("shows the correct option with its letter, the expected answer, or 'No answer provided'", () => {
    expect(displayAnswer(question(), NO_ANSWER)).toBe('B. ATP');
    expect(displayAnswer(question({ correctAnswerIndex: null }), NO_ANSWER)).toBe('B. ATP');
    expect(displayAnswer(freeResponse(), NO_ANSWER)).toBe('It carries energy to reactions.');
    expect(displayAnswer(freeResponse({ expectedAnswer: null, answer: 'Energy' }), NO_ANSWER)).toBe(
      'Energy',
    );
    expect(displayAnswer(freeResponse({ expectedAnswer: ' ' }), NO_ANSWER)).toBe(NO_ANSWER);
  });

  it('labels types as the filter does', () => {
    expect(QUESTION_TYPE_LABELS.case_free_response).toBe('Case Free Response');
  });
});
