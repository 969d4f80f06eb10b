import { describe, expect, it } from 'vitest';
import type { Evaluation } from '@mnemo/contracts/entities/question';
import { editGate } from './clone-gate';
import { followUpKind, followUpMessage, questionChatContext } from './study-chat';
import type { StudyItem } from './study-items';

const item: StudyItem = {
  kind: 'question',
  id: 'q1',
  prompt: 'Capital of France?',
  type: 'case_multiple_choice',
  options: ['Lyon', 'Paris'],
  caseContext: 'A trip to France.',
  answer: 'Paris',
  source: null,
  concepts: [],
};
const wrong: Evaluation = { multipleChoice: { isCorrect: false, correctAnswerIndex: 1 } };
const good: Evaluation = {
  freeResponse: { accuracy: 8, clarity: 7, depth: 6, feedback: 'Good', stoplight: 'green' },
};

describe('the chat context', () => {
  it('describes the question before an answer', () => {
    expect(questionChatContext('d1', item, { submitted: null, evaluation: null })).toEqual({
      type: 'question',
      deckId: 'd1',
      currentQuestion: {
        _id: 'q1',
        question: 'Capital of France?',
        questionType: 'case_multiple_choice',
        options: ['Lyon', 'Paris'],
        caseContext: 'A trip to France.',
      },
      questionType: 'case_multiple_choice',
      userAnswer: null,
      evaluation: null,
      answerSubmitted: false,
      isCorrect: null,
      language: null,
    });
  });

  it('carries the answer, the evaluation and the verdict once evaluated', () => {
    const context = questionChatContext('d1', item, {
      submitted: { kind: 'choice', index: 0 },
      evaluation: wrong,
    });
    expect(context).toMatchObject({
      userAnswer: 'A. Lyon',
      evaluation: wrong,
      answerSubmitted: true,
      isCorrect: false,
    });
  });

  it('has no current question for an unknown type or no question at all', () => {
    const none = { submitted: null, evaluation: null };
    expect(questionChatContext('d1', { ...item, type: 'odd' }, none).currentQuestion).toBeNull();
    expect(questionChatContext('d1', null, none).questionType).toBeNull();
  });
});

describe('follow-ups', () => {
  it('explains a wrong answer, naming the correct option', () => {
    expect(followUpKind(wrong)).toBe('explain');
    const text = followUpMessage('explain', item, 'A. Lyon', wrong);
    expect(text).toContain('Please explain the correct answer');
    expect(text).toContain('Question: Capital of France?');
    expect(text).toContain('My answer: A. Lyon');
    expect(text).toContain('Correct answer: B. Paris');
  });

  it('elaborates on a right answer', () => {
    expect(followUpKind(good)).toBe('elaborate');
    const text = followUpMessage('elaborate', item, 'Paris', good);
    expect(text).toContain('Please elaborate');
    expect(text).not.toContain('Correct answer:');
  });
});

describe('edit actions', () => {
  it('lets editors edit and asks non-owners of a published deck to clone it', () => {
    expect(editGate({ canEdit: true, isOwner: true, isPublished: false })).toBe('edit');
    expect(editGate({ canEdit: false, isOwner: false, isPublished: true })).toBe('clone');
    expect(editGate({ canEdit: false, isOwner: false, isPublished: false })).toBe('none');
    expect(editGate(undefined)).toBe('none');
  });
});
