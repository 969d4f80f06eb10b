import { describe, expect, it } from 'vitest';
import type { Card } from '@mnemo/contracts/entities/card';
import {
  STUDY_FILTERS,
  answerMode,
  submissionFor,
  cardAnswer,
  cardItem,
  displayedAnswer,
  filterByConcepts,
  filterItems,
  letteredOptions,
  questionItem,
  questionResponse,
  submissionText,
  type LoadedQuestion,
} from './study-items';

const DECK = '00000000-0000-4000-8000-0000000000d1';

function question(over: Partial<LoadedQuestion> = {}): LoadedQuestion {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    deck: DECK,
    question: 'Which organelle makes ATP?',
    questionType: 'multiple_choice',
    options: ['Nucleus', 'Mitochondrion', 'Ribosome'],
    correctAnswerIndex: 1,
    correctAnswerText: 'Mitochondrion',
    expectedAnswer: null,
    caseContext: null,
    source: null,
    answer: null,
    ...over,
  };
}

function card(over: Partial<Card> = {}): Card {
  return {
    _id: '00000000-0000-4000-8000-0000000000c1',
    front: 'What is osmosis?',
    back: 'Water moving across a membrane',
    deckId: DECK,
    source: null,
    ...over,
  };
}

describe('the type filter', () => {
  it("offers the spec's five labels in order", () => {
    expect(STUDY_FILTERS.map((f) => f.label)).toEqual([
      'All Questions',
      'Multiple Choice',
      'Free Response',
      'Case Multiple Choice',
      'Case Free Response',
    ]);
  });

  it('keeps only the chosen type, in deck order', () => {
    const items = [
      questionItem(question({ _id: 'a' })),
      questionItem(question({ _id: 'b', questionType: 'free_response', options: [] })),
      questionItem(question({ _id: 'c' })),
    ];
    expect(filterItems(items, 'multiple_choice').map((i) => i.id)).toEqual(['a', 'c']);
    expect(filterItems(items, 'case_free_response')).toEqual([]);
    expect(filterItems(items, 'all')).toHaveLength(3);
  });
});

describe('the concept filter', () => {
  it('keeps the questions testing any of the concepts, whatever their case', () => {
    const items = [
      questionItem(question({ _id: 'a', concepts: ['Osmosis', 'Membranes'] })),
      questionItem(question({ _id: 'b', concepts: ['Mitosis'] })),
      questionItem(question({ _id: 'c' })),
      cardItem(card()),
    ];
    expect(filterByConcepts(items, ['osmosis']).map((i) => i.id)).toEqual(['a']);
    expect(filterByConcepts(items, ['mitosis', 'membranes']).map((i) => i.id)).toEqual(['a', 'b']);
    expect(filterByConcepts(items, [])).toHaveLength(4);
    expect(items[2]!.concepts).toEqual([]);
  });
});

describe('options and answers', () => {
  it('letters the options from A', () => {
    expect(letteredOptions(['x', 'y', 'z'])).toEqual([
      { index: 0, letter: 'A', text: 'x' },
      { index: 1, letter: 'B', text: 'y' },
      { index: 2, letter: 'C', text: 'z' },
    ]);
  });

  it('shows an answer with its letter, and an empty one as "No answer provided"', () => {
    expect(displayedAnswer(questionItem(question()))).toBe('B. Mitochondrion');
    const noAnswer = questionItem(
      question({ questionType: 'free_response', options: [], expectedAnswer: '  ' }),
    );
    expect(displayedAnswer(noAnswer)).toBe('No answer provided');
  });

  it("sends a question's pick as its index and a card's as 'Option X'", () => {
    expect(questionResponse({ kind: 'choice', index: 2 })).toBe(2);
    expect(cardAnswer({ kind: 'choice', index: 0 })).toBe('Option A');
    expect(cardAnswer({ kind: 'choice', index: 3 })).toBe('Option D');
    expect(questionResponse({ kind: 'text', text: '  ATP synthase \n' })).toBe('ATP synthase');
    expect(cardAnswer({ kind: 'text', text: ' water ' })).toBe('water');
  });

  it('reads a pick back as its letter and text', () => {
    const item = questionItem(question());
    expect(submissionText(item, { kind: 'choice', index: 2 })).toBe('C. Ribosome');
    expect(submissionText(item, { kind: 'text', text: ' mine ' })).toBe('mine');
  });
});

describe('how an item is answered', () => {
  it('picks an option for the multiple-choice types and writes words for the others', () => {
    expect(answerMode(questionItem(question())).kind).toBe('choice');
    expect(answerMode(questionItem(question({ questionType: 'case_multiple_choice' }))).kind).toBe(
      'choice',
    );
    expect(
      answerMode(questionItem(question({ questionType: 'case_free_response', options: [] }))).kind,
    ).toBe('text');
  });

  it('names an unknown type and refuses a choice without options', () => {
    expect(answerMode(questionItem(question({ questionType: 'true_false' })))).toEqual({
      kind: 'unavailable',
      message: 'Unknown question type: true_false',
    });
    expect(answerMode(questionItem(question({ options: ['Only one'] })))).toEqual({
      kind: 'unavailable',
      message:
        'Invalid question type: a Multiple Choice question needs at least two options to choose from.',
    });
  });

  it('keeps the case passage of a case question and drops a blank one', () => {
    const withCase = questionItem(
      question({ questionType: 'case_free_response', caseContext: 'A patient...' }),
    );
    expect(withCase.caseContext).toBe('A patient...');
    expect(questionItem(question({ caseContext: ' ' })).caseContext).toBeNull();
  });
});

describe('fallback cards', () => {
  it('studies a card with options as multiple choice, its correct option as the answer', () => {
    const item = cardItem(card({ options: ['Red', 'Blue'], correctAnswerIndex: 1, back: 'Blue' }));
    expect(item).toMatchObject({ kind: 'card', type: 'multiple_choice', answer: 'Blue' });
    expect(displayedAnswer(item)).toBe('B. Blue');
  });

  it('studies a card without options as free response, its back as the expected answer', () => {
    expect(cardItem(card())).toMatchObject({
      kind: 'card',
      type: 'free_response',
      prompt: 'What is osmosis?',
      answer: 'Water moving across a membrane',
      options: [],
    });
  });
});

describe('submissionFor', () => {
  it('gives the picked option of a choice, the words of a free answer, and nothing before either', () => {
    const choice = questionItem(question());
    expect(submissionFor(choice, { selectedOption: null, draft: '' })).toBeNull();
    expect(submissionFor(choice, { selectedOption: 1, draft: '' })).toEqual({ kind: 'choice', index: 1 });
    const free = questionItem(question({ questionType: 'free_response', options: [] }));
    expect(submissionFor(free, { selectedOption: null, draft: '   ' })).toBeNull();
    expect(submissionFor(free, { selectedOption: null, draft: ' Paris ' })).toEqual({ kind: 'text', text: ' Paris ' });
  });
});
