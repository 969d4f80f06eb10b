import type { Evaluation } from '@mnemo/contracts/entities/question';
import type { QuestionChatContext } from '../../lib/chat-types';
import { correctOption, isCorrectEvaluation } from './study-evaluation';
import { isQuestionType, submissionText, type StudyItem } from './study-items';
import type { SessionState } from './study-session';

/** The chat panel's question-mode context (spec 02 §3) for the current question and answer. */
export function questionChatContext(
  deckId: string,
  item: StudyItem | null,
  session: Pick<SessionState, 'submitted' | 'evaluation'>,
  language: string | null = null,
): QuestionChatContext {
  const type = item && isQuestionType(item.type) ? item.type : null;
  return {
    type: 'question',
    deckId,
    currentQuestion:
      item && type
        ? {
            _id: item.id,
            question: item.prompt,
            questionType: type,
            options: item.options,
            caseContext: item.caseContext,
          }
        : null,
    questionType: type,
    userAnswer: item && session.submitted ? submissionText(item, session.submitted) : null,
    evaluation: session.evaluation,
    answerSubmitted: session.submitted !== null,
    isCorrect: session.evaluation ? isCorrectEvaluation(session.evaluation) : null,
    language,
  };
}

export type FollowUpKind = 'explain' | 'elaborate';

/** After a wrong answer the learner is offered an explanation; after a right one, more depth. */
export function followUpKind(evaluation: Evaluation): FollowUpKind {
  return isCorrectEvaluation(evaluation) ? 'elaborate' : 'explain';
}

export const FOLLOW_UP_LABELS: Record<FollowUpKind, string> = {
  explain: 'Explain the answer',
  elaborate: 'Elaborate on this',
};

/**
 * The message the follow-up sends to the chat. It repeats the question and the answer so the
 * tutor's reply reads well on its own in a saved chat, beside the context the panel sends anyway.
 */
export function followUpMessage(
  kind: FollowUpKind,
  item: StudyItem,
  userAnswer: string,
  evaluation: Evaluation,
): string {
  const question = `Question: ${item.prompt}`;
  const answer = `My answer: ${userAnswer}`;
  if (kind === 'elaborate') {
    return `I got this question right. Please elaborate on the topic so I understand it more deeply.\n\n${question}\n${answer}`;
  }
  const correct = evaluation.multipleChoice ? correctOption(item, evaluation) : null;
  const right = correct ? `\nCorrect answer: ${correct.letter}. ${correct.text}` : '';
  return `My answer to this question was not right. Please explain the correct answer and where my answer went wrong.\n\n${question}\n${answer}${right}`;
}
