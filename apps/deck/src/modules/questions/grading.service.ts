import type { Evaluation } from '@mnemo/contracts/entities/question';
import { isMultipleChoice, pickedOption } from '@mnemo/ai/grading';
import type { QuestionForGrading, StudyAi } from '@mnemo/ai/types';
import { AppError } from '@mnemo/service-kit';

/**
 * Grades a learner's answer to a question or a fallback card, the same way for both: multiple
 * choice by the option picked (its index, letter, 'Option X' or text), free response by the AI's
 * evaluation. Answers in the contract's shape (spec 02 §3 Evaluation).
 */
export function createGrading({ study }: { study: Pick<StudyAi, 'evaluateAnswer'> }) {
  return {
    async grade(question: QuestionForGrading, response: number | string): Promise<Evaluation> {
      if (isMultipleChoice(question)) {
        // An answer that names no option is a mistake of the client, not a wrong answer.
        if (pickedOption(question.options, response) === null) {
          throw new AppError(
            'VALIDATION_FAILED',
            `Please choose one of the options (A-${String.fromCharCode(64 + Math.max(1, question.options.length))})`,
          );
        }
      }
      const result = await study.evaluateAnswer({
        question,
        response: isMultipleChoice(question) ? response : String(response),
      });
      if (result.kind === 'multiple_choice') {
        return {
          multipleChoice: {
            isCorrect: result.isCorrect,
            correctAnswerIndex: result.correctAnswerIndex,
            correctAnswerText: result.correctAnswerText,
            feedback: result.feedback,
          },
        };
      }
      return {
        freeResponse: {
          accuracy: result.accuracy,
          clarity: result.clarity,
          depth: result.depth,
          feedback: result.feedback,
          stoplight: result.stoplight,
          isCorrect: result.isCorrect,
        },
      };
    },
  };
}
export type Grading = ReturnType<typeof createGrading>;
