import {
  FREE_RESPONSE_CORRECT_ACCURACY,
  MULTIPLE_CHOICE_TYPES,
} from '@mnemo/contracts/entities/question';
import { AiError } from './errors';
import { optionLetter } from './prompts/parts';
// The sentence around the option is in the question's language, whichever provider grades.
import { choiceWordsFor } from './providers/local/choice-words';
import type { Evaluation, QuestionForGrading, Stoplight } from './types';

/**
 * Grading that needs no model, shared by every StudyAi: multiple choice is a comparison of
 * indexes, and the stoplight follows from the accuracy score, so every provider agrees with the
 * client's own rule (correct at accuracy >= 7).
 */

/** Below this accuracy the answer is red (spec 02 §9 dims a score bar below 4). */
export const STOPLIGHT_YELLOW_ACCURACY = 4;

export function stoplightFor(accuracy: number): Stoplight {
  if (accuracy >= FREE_RESPONSE_CORRECT_ACCURACY) return 'green';
  if (accuracy >= STOPLIGHT_YELLOW_ACCURACY) return 'yellow';
  return 'red';
}

export const isMultipleChoice = (question: Pick<QuestionForGrading, 'questionType'>) =>
  MULTIPLE_CHOICE_TYPES.includes(question.questionType);

/** The correct option's index: the stored index, else the option whose text is the stored answer. */
export function correctOptionIndex(question: QuestionForGrading): number {
  const { options } = question;
  if (question.correctAnswerIndex !== null && question.correctAnswerIndex < options.length) {
    return question.correctAnswerIndex;
  }
  const byText =
    question.correctAnswerText === null ? -1 : options.indexOf(question.correctAnswerText);
  if (byText >= 0) return byText;
  throw new AiError('bad_request', 'The question has no correct option to grade against.');
}

/**
 * The option a response picks: an index, or as a client may send it, a digit string, a letter,
 * "Option B" (the spec's card fallback) or the option's text. null when it picks none.
 */
export function pickedOption(options: readonly string[], response: number | string): number | null {
  if (typeof response === 'number')
    return Number.isInteger(response) && response >= 0 && response < options.length
      ? response
      : null;
  const text = response.trim();
  if (/^\d+$/.test(text)) return pickedOption(options, Number(text));
  const letter = /^(?:option\s+)?([a-z])[.)]?$/i.exec(text);
  if (letter?.[1]) return pickedOption(options, letter[1].toUpperCase().charCodeAt(0) - 65);
  const byText = options.findIndex((o) => o.trim().toLowerCase() === text.toLowerCase());
  return byText >= 0 ? byText : null;
}

export function gradeMultipleChoice(
  question: QuestionForGrading,
  response: number | string,
): Evaluation {
  const correct = correctOptionIndex(question);
  const correctText = question.options[correct] ?? '';
  const isCorrect = pickedOption(question.options, response) === correct;
  const { words, note } = choiceWordsFor(
    [question.caseContext ?? '', question.question, ...question.options].join('\n'),
  );
  const answer = `${optionLetter(correct)}. ${correctText}`;
  const feedback = isCorrect ? words.right(answer) : words.wrong(answer);
  return {
    kind: 'multiple_choice',
    isCorrect,
    correctAnswerIndex: correct,
    correctAnswerText: correctText,
    feedback: note ? `${feedback} ${note}` : feedback,
  };
}

/** A free-response evaluation from the three scores, with our stoplight and verdict. */
export function freeResponseEvaluation(scores: {
  accuracy: number;
  clarity: number;
  depth: number;
  feedback: string;
}): Evaluation {
  return {
    kind: 'free_response',
    ...scores,
    stoplight: stoplightFor(scores.accuracy),
    isCorrect: scores.accuracy >= FREE_RESPONSE_CORRECT_ACCURACY,
  };
}
