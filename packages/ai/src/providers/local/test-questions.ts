import type { QuestionForGrading } from '../../types';

/** Test helper (not exported by the package): a free-response question as the deck service sends one to grade. */
export const freeResponse = (question: string, expectedAnswer: string): QuestionForGrading => ({
  questionType: 'free_response',
  question,
  options: [],
  correctAnswerIndex: null,
  correctAnswerText: null,
  expectedAnswer,
  caseContext: null,
});
