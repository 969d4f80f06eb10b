import { MULTIPLE_CHOICE_TYPES } from '@mnemo/contracts/entities/question';
import type { ChatTurn, QuestionForGrading, RetrievedChunk } from '../types';
import { listOptions, numberedPassages, optionLetter, type Prompt } from './parts';

/** What the learner's hint request says (spec 02 §7: hints reuse the flashcard chat with this ask). */
export const HINT_REQUEST =
  'Can you give me a hint for this question, without giving away the answer?';

/** Said when the model cannot be kept from giving the answer away: better vague than a spoiler. */
export const FALLBACK_HINT =
  'Reread the question and pick out its key term. Recall what your material says about that term, then check each part of your answer against it.';

/** The answer a hint must not give away, in the words the model sees it. */
export function answerToHide(question: QuestionForGrading): string | null {
  if (MULTIPLE_CHOICE_TYPES.includes(question.questionType)) {
    const index =
      question.correctAnswerIndex ?? question.options.indexOf(question.correctAnswerText ?? '');
    const text = question.options[index];
    return text === undefined ? null : `${optionLetter(index)}. ${text}`;
  }
  return question.expectedAnswer;
}

export function hintPrompt(input: {
  question: QuestionForGrading;
  history?: readonly ChatTurn[];
  context?: readonly RetrievedChunk[];
}): Prompt {
  const { question } = input;
  const hidden = answerToHide(question);
  const options =
    MULTIPLE_CHOICE_TYPES.includes(question.questionType) && question.options.length > 0
      ? `\n\nOptions:\n${listOptions(question.options)}`
      : '';
  const passages =
    input.context && input.context.length > 0
      ? `\n\nPassages from the learner's material:\n<passages>\n${numberedPassages(input.context)}\n</passages>`
      : '';
  // The model sees the answer so the hint points the right way; the rules and our own check after
  // the call keep it from saying it.
  const system =
    'You give a learner one hint for a study question they have not answered yet. The hint is 1-3 ' +
    'sentences that point their thinking in the right direction: the concept to recall, a ' +
    'distinction that matters, or a question to ask themselves. Never state, quote or paraphrase ' +
    'the correct answer, never say which option is right or wrong, and do not rule options out.\n\n' +
    (question.caseContext ? `Case:\n${question.caseContext}\n\n` : '') +
    `Question:\n${question.question}${options}` +
    (hidden ? `\n\nThe correct answer, which you must NOT reveal:\n${hidden}` : '') +
    passages;
  return {
    system,
    messages: [...(input.history ?? []).slice(-6), { role: 'user', content: HINT_REQUEST }],
  };
}

/** Asked once when a hint gave the answer away. */
export const HINT_RETRY_REQUEST =
  'That gives the answer away. Give a subtler hint that neither names nor paraphrases the correct answer and does not point at an option.';
