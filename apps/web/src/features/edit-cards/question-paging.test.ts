import { describe, expect, it } from 'vitest';
import type { Question } from '@mnemo/contracts/entities/question';
import {
  clampPage,
  filteredPage,
  pageFromResponse,
  questionFilter,
  questionNumber,
  statusLine,
} from './question-paging';

const SOURCE_A = '00000000-0000-4000-8000-00000000000a';
const SOURCE_B = '00000000-0000-4000-8000-00000000000b';

function question(n: number, sourceId: string | null): Question {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    deck: '00000000-0000-4000-8000-0000000000d1',
    question: `Question ${n}?`,
    questionType: 'free_response',
    options: [],
    correctAnswerIndex: null,
    correctAnswerText: null,
    expectedAnswer: `Answer ${n}`,
    caseContext: null,
    source: sourceId ? { sourceId, type: 'website', title: 'Cells' } : null,
    answer: null,
  };
}

describe('status line', () => {
  it("reads 'Total questions: N | Selected: M | Page X of Y'", () => {
    expect(statusLine({ total: 45, selected: 3, page: 2, pages: 3 })).toBe(
      'Total questions: 45 | Selected: 3 | Page 2 of 3',
    );
  });

  it('counts an empty deck as one page', () => {
    expect(statusLine({ total: 0, selected: 0, page: 1, pages: 0 })).toBe(
      'Total questions: 0 | Selected: 0 | Page 1 of 1',
    );
  });
});

describe('paging', () => {
  it('keeps the page inside the deck after deletions', () => {
    expect(clampPage(3, 2)).toBe(2);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(2, 4)).toBe(2);
  });

  it('numbers questions across pages of 20', () => {
    expect(questionNumber(1, 0)).toBe(1);
    expect(questionNumber(2, 0)).toBe(21);
    expect(questionNumber(3, 4)).toBe(45);
  });

  it('reads the list answer {questions, pagination {total, pages}}', () => {
    const q = question(1, null);
    expect(pageFromResponse({ questions: [q], pagination: { total: 21, pages: 2 } })).toEqual({
      questions: [q],
      total: 21,
      pages: 2,
    });
  });
});

describe('filters from the address', () => {
  it('reads comma-separated source and question ids, or none', () => {
    expect(questionFilter({})).toBeNull();
    expect(questionFilter({ sourceFilter: ' , ' })).toBeNull();
    expect(questionFilter({ sourceFilter: `${SOURCE_A},${SOURCE_B}` })).toEqual({
      sourceIds: [SOURCE_A, SOURCE_B],
      questionIds: [],
    });
    expect(questionFilter({ cardFilter: 'q1, q2' })).toEqual({
      sourceIds: [],
      questionIds: ['q1', 'q2'],
    });
  });

  it('pages the questions of the chosen sources by 20', () => {
    const all = Array.from({ length: 50 }, (_, i) =>
      question(i + 1, i % 2 === 0 ? SOURCE_A : SOURCE_B),
    );
    const filter = { sourceIds: [SOURCE_A], questionIds: [] };
    const first = filteredPage(all, filter, 1);
    expect(first.total).toBe(25);
    expect(first.pages).toBe(2);
    expect(first.questions).toHaveLength(20);
    expect(first.questions.every((q) => q.source?.sourceId === SOURCE_A)).toBe(true);
    expect(filteredPage(all, filter, 2).questions.map((q) => q.question)).toEqual([
      'Question 41?',
      'Question 43?',
      'Question 45?',
      'Question 47?',
      'Question 49?',
    ]);
  });

  it('keeps only the listed questions', () => {
    const all = [question(1, SOURCE_A), question(2, null), question(3, SOURCE_B)];
    const page = filteredPage(all, { sourceIds: [], questionIds: [all[1]!._id, all[2]!._id] }, 1);
    expect(page.questions.map((q) => q._id)).toEqual([all[1]!._id, all[2]!._id]);
    expect(page).toMatchObject({ total: 2, pages: 1 });
  });
});
