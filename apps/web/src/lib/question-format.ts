import type { UpdateQuestionBody } from '@mnemo/contracts/api/questions';
import {
  MULTIPLE_CHOICE_TYPES,
  type Question,
  type QuestionType,
} from '@mnemo/contracts/entities/question';

/** The filter labels of spec 02 §9, used as each card's type badge. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  multiple_choice: 'Multiple Choice',
  free_response: 'Free Response',
  case_multiple_choice: 'Case Multiple Choice',
  case_free_response: 'Case Free Response',
};

/** Option letters start at A (spec 02 §9). */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

export const isMultipleChoice = (type: QuestionType) => MULTIPLE_CHOICE_TYPES.includes(type);

/**
 * The heading the answer is edited under (spec 02 §5): 'Correct Answer' for the multiple-choice
 * types, 'Expected Answer' for the others.
 */
export function answerHeading(type: QuestionType): 'Correct Answer' | 'Expected Answer' {
  return isMultipleChoice(type) ? 'Correct Answer' : 'Expected Answer';
}

/** The field PUT /questions/:id carries the answer in: correctAnswerText or expectedAnswer. */
export function answerField(type: QuestionType): 'correctAnswerText' | 'expectedAnswer' {
  return isMultipleChoice(type) ? 'correctAnswerText' : 'expectedAnswer';
}

/**
 * The question's answer as text: the correct option's text (or the option its index names) for a
 * multiple-choice type, the expected answer otherwise; the generic `answer` when those are empty.
 */
export function answerText(question: Question): string {
  const value = isMultipleChoice(question.questionType)
    ? question.correctAnswerText ||
      (question.correctAnswerIndex !== null ? question.options[question.correctAnswerIndex] : null)
    : question.expectedAnswer;
  return (value || question.answer || '').trim();
}

/** The answer a card shows on its back: with its option letter when known, else 'No answer provided'. */
export function displayAnswer(question: Question, noAnswer: string): string {
  const text = answerText(question);
  if (!text) return noAnswer;
  if (!isMultipleChoice(question.questionType)) return text;
  const index =
    question.correctAnswerIndex ?? question.options.findIndex((option) => option.trim() === text);
  return index >= 0 && index < question.options.length ? `${optionLetter(index)}. ${text}` : text;
}

/** What the Edit Question modal loads into its Answer box: the heading, then the answer. */
export function answerForEdit(question: Question): string {
  return `${answerHeading(question.questionType)}:\n${answerText(question)}`;
}

const HEADINGS = ['Correct Answer', 'Expected Answer'] as const;
/**
 * A heading line: the heading alone, or followed by a colon and maybe the answer itself; plain or
 * dressed as Markdown ('## Correct Answer', '**Correct Answer:** Paris'). 'Correct answer is Paris'
 * is text, not a heading.
 */
const HEADING_LINE = new RegExp(
  String.raw`^[ \t]*(?:#{1,6}[ \t]*)?[*_]{0,2}(${HEADINGS.join('|')})[*_]{0,2}[ \t]*(?::[*_]{0,2}[ \t]*(.*)|[*_]{0,2}[ \t]*)$`,
  'i',
);

/**
 * Reads the answer back out of the Answer box by the heading its type uses (spec 02 §5): the text
 * after the heading (on its line or the lines below) up to the next heading. Null when that
 * heading is missing, in which case the answer is not sent.
 */
export function parseAnswer(type: QuestionType, text: string): string | null {
  const wanted = answerHeading(type).toLowerCase();
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => HEADING_LINE.exec(line)?.[1]?.toLowerCase() === wanted);
  if (start < 0) return null;
  const collected = [HEADING_LINE.exec(lines[start] ?? '')?.[2] ?? ''];
  for (const line of lines.slice(start + 1)) {
    if (HEADING_LINE.test(line)) break;
    collected.push(line);
  }
  return collected.join('\n').trim();
}

export interface QuestionDraft {
  question: string;
  answer: string;
}

/** The modal's starting text. */
export function draftOf(question: Question): QuestionDraft {
  return { question: question.question, answer: answerForEdit(question) };
}

/**
 * PUT /questions/:id sends only what changed (spec 02 §4-5): the question text when it differs
 * (and is not blank), the answer under its type's field when its heading is present and the text
 * differs. Null when nothing changed, and the save is skipped.
 */
export function questionChanges(
  question: Question,
  draft: QuestionDraft,
): UpdateQuestionBody | null {
  const body: UpdateQuestionBody = {};
  const text = draft.question.trim();
  if (text !== '' && text !== question.question.trim()) body.question = text;
  const answer = parseAnswer(question.questionType, draft.answer);
  if (answer !== null && answer !== answerText(question)) {
    body[answerField(question.questionType)] = answer;
  }
  return Object.keys(body).length > 0 ? body : null;
}
