import type { Card } from '@mnemo/contracts/entities/card';
import {
  MULTIPLE_CHOICE_TYPES,
  QUESTION_TYPES,
  type Question,
  type QuestionType,
} from '@mnemo/contracts/entities/question';
import type { SourceRef } from '@mnemo/contracts/entities/source';
import { QUESTION_TYPE_LABELS, answerText, optionLetter } from '../../lib/question-format';
import { STUDY_MESSAGES as M } from './study-messages';

/**
 * One thing to study: a question, or a plain card when the deck has no questions (spec 02 §3).
 * Both are shown and answered the same way, so the session works on this one shape.
 */
export interface StudyItem {
  kind: 'question' | 'card';
  id: string;
  prompt: string;
  /** The question's type as the server sent it (possibly one this client does not know). */
  type: string;
  options: string[];
  caseContext: string | null;
  /** The correct or expected answer as text; empty when the item has none. */
  answer: string;
  source: SourceRef | null;
  /** The concepts a question tests (issue 20); a card has none. */
  concepts: string[];
}

/** A question as the session loads it: its type is checked here, not by the list's schema. */
export type LoadedQuestion = Omit<Question, 'questionType'> & { questionType: string };

export function isQuestionType(type: string): type is QuestionType {
  return (QUESTION_TYPES as readonly string[]).includes(type);
}

export function questionItem(question: LoadedQuestion): StudyItem {
  const type = question.questionType;
  return {
    kind: 'question',
    id: question._id,
    prompt: question.question,
    type: question.questionType,
    options: question.options,
    caseContext: question.caseContext?.trim() ? question.caseContext : null,
    answer: isQuestionType(type) ? answerText({ ...question, questionType: type }) : '',
    source: question.source,
    concepts: question.concepts ?? [],
  };
}

/**
 * A fallback card: multiple choice when it carries options (answered as 'Option X'), otherwise
 * free response with its back as the expected answer. A case card's passage is already on its front.
 */
export function cardItem(card: Card): StudyItem {
  const options = card.options ?? [];
  const choice = options.length > 0;
  const correct = card.correctAnswerIndex ?? null;
  return {
    kind: 'card',
    id: card._id,
    prompt: card.front,
    type: choice ? 'multiple_choice' : 'free_response',
    options,
    caseContext: null,
    answer: (choice && correct !== null ? (options[correct] ?? card.back) : card.back).trim(),
    source: card.source,
    concepts: [],
  };
}

/** The type filter (spec 02 §9): 'all' and the four question types, with their labels. */
export type StudyFilter = 'all' | QuestionType;
export const STUDY_FILTERS: readonly { value: StudyFilter; label: string }[] = [
  { value: 'all', label: 'All Questions' },
  ...QUESTION_TYPES.map((type) => ({ value: type, label: QUESTION_TYPE_LABELS[type] })),
];

export function isStudyFilter(value: string): value is StudyFilter {
  return value === 'all' || isQuestionType(value);
}

export function filterItems(items: readonly StudyItem[], filter: StudyFilter): StudyItem[] {
  return filter === 'all' ? [...items] : items.filter((item) => item.type === filter);
}

/** The items testing at least one of `concepts` (the mastery view's and the quiz's links). */
export function filterByConcepts(items: readonly StudyItem[], concepts: readonly string[]) {
  if (concepts.length === 0) return [...items];
  const wanted = new Set(concepts.map((c) => c.toLowerCase()));
  return items.filter((item) => item.concepts.some((c) => wanted.has(c.toLowerCase())));
}

export function filterLabel(filter: StudyFilter): string {
  return STUDY_FILTERS.find((f) => f.value === filter)?.label ?? filter;
}

/** How an item is answered, or why it cannot be (the spec's unknown / invalid type messages). */
export type AnswerMode =
  { kind: 'choice' } | { kind: 'text' } | { kind: 'unavailable'; message: string };

export function answerMode(item: StudyItem): AnswerMode {
  if (!isQuestionType(item.type)) return { kind: 'unavailable', message: M.unknownType(item.type) };
  if (!MULTIPLE_CHOICE_TYPES.includes(item.type)) return { kind: 'text' };
  // A choice between fewer than two options is not a question the learner can answer.
  if (item.options.length < 2) {
    return { kind: 'unavailable', message: M.invalidType(QUESTION_TYPE_LABELS[item.type]) };
  }
  return { kind: 'choice' };
}

/** The options with their letters, from A (spec 02 §9). */
export function letteredOptions(options: readonly string[]) {
  return options.map((text, index) => ({ index, letter: optionLetter(index), text }));
}

/** What the learner gave: an option's index or their own words. */
export type Submission = { kind: 'choice'; index: number } | { kind: 'text'; text: string };

/**
 * What the learner gave for an item, from the session's picked option and draft, or null when there
 * is nothing to submit yet (no option picked, blank words, an item that cannot be answered). Both
 * the Practice and the Review session submit through it.
 */
export function submissionFor(
  item: StudyItem,
  answer: { selectedOption: number | null; draft: string },
): Submission | null {
  const mode = answerMode(item);
  if (mode.kind === 'unavailable') return null;
  if (mode.kind === 'choice') {
    return answer.selectedOption === null ? null : { kind: 'choice', index: answer.selectedOption };
  }
  return answer.draft.trim() === '' ? null : { kind: 'text', text: answer.draft };
}

/** The answer as text, for the screen and the chat context: 'B. Paris' or the words written. */
export function submissionText(item: StudyItem, submission: Submission): string {
  if (submission.kind === 'text') return submission.text.trim();
  const option = item.options[submission.index];
  const letter = optionLetter(submission.index);
  return option === undefined ? letter : `${letter}. ${option}`;
}

/**
 * What the evaluate call carries: a question takes the option's index or the text as `response`;
 * a fallback card takes multiple choice as 'Option X' (spec 02 §7), with X the option's letter.
 */
export function questionResponse(submission: Submission): number | string {
  return submission.kind === 'choice' ? submission.index : submission.text.trim();
}

export function cardAnswer(submission: Submission): string {
  return submission.kind === 'choice'
    ? `Option ${optionLetter(submission.index)}`
    : submission.text.trim();
}

/** The item's answer for display: the correct option with its letter when it is one of them. */
export function displayedAnswer(item: StudyItem): string {
  if (!item.answer) return M.noAnswer;
  const index = item.options.findIndex((option) => option.trim() === item.answer);
  return index >= 0 ? `${optionLetter(index)}. ${item.answer}` : item.answer;
}
