import { QUESTIONS_PAGE_SIZE, type ListQuestionsResponse } from '@mnemo/contracts/api/questions';
import type { Question } from '@mnemo/contracts/entities/question';

/** One page of the edit screen: its questions and the deck's totals. */
export interface QuestionPage {
  questions: Question[];
  total: number;
  pages: number;
}

export function pageFromResponse(answer: ListQuestionsResponse): QuestionPage {
  return {
    questions: answer.questions,
    total: answer.pagination.total,
    pages: answer.pagination.pages,
  };
}

/** Pages are counted from 1; a deck without questions still reads 'Page 1 of 1'. */
export const lastPage = (pages: number) => Math.max(1, pages);

/** A page number kept inside 1..last (after deletions shrink the deck). */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), lastPage(pages));
}

/** 'Total questions: N | Selected: M | Page X of Y' (spec 02 §2). */
export function statusLine(view: {
  total: number;
  selected: number;
  page: number;
  pages: number;
}): string {
  return `Total questions: ${view.total} | Selected: ${view.selected} | Page ${view.page} of ${lastPage(view.pages)}`;
}

/** The number of a question on the screen, counted across pages. */
export const questionNumber = (page: number, index: number) =>
  (page - 1) * QUESTIONS_PAGE_SIZE + index + 1;

/**
 * What narrows the screen: ?sourceFilter (source ids) and ?cardFilter (question ids), each a
 * comma-separated list (spec 02 §2).
 */
export interface QuestionFilter {
  sourceIds: string[];
  questionIds: string[];
}

const ids = (list: string | undefined) =>
  (list ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');

/** The filter from the address, or null when nothing narrows the screen. */
export function questionFilter(search: {
  sourceFilter?: string | undefined;
  cardFilter?: string | undefined;
}): QuestionFilter | null {
  const filter = { sourceIds: ids(search.sourceFilter), questionIds: ids(search.cardFilter) };
  return filter.sourceIds.length + filter.questionIds.length > 0 ? filter : null;
}

/**
 * A page of the questions that pass the filter, paged here by 20 like the server pages the whole
 * deck: the list call knows no filter, so a narrowed screen reads every question and pages itself.
 */
export function filteredPage(all: Question[], filter: QuestionFilter, page: number): QuestionPage {
  const kept = all.filter(
    (q) =>
      (filter.sourceIds.length === 0 ||
        (q.source !== null && filter.sourceIds.includes(q.source.sourceId))) &&
      (filter.questionIds.length === 0 || filter.questionIds.includes(q._id)),
  );
  const pages = Math.ceil(kept.length / QUESTIONS_PAGE_SIZE);
  const start = (page - 1) * QUESTIONS_PAGE_SIZE;
  return {
    questions: kept.slice(start, start + QUESTIONS_PAGE_SIZE),
    total: kept.length,
    pages,
  };
}
