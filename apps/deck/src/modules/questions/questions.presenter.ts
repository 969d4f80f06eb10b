import type { Question } from '@mnemo/contracts/entities/question';
import type { SourceRef } from '@mnemo/contracts/entities/source';
import type { QuestionWithSource } from './questions.repository';

/** A question's source as the API shows it (spec 02 §3 "source {sourceId, type, title}"). */
export const presentSourceRef = (source: QuestionWithSource['source']): SourceRef | null =>
  source ? { sourceId: source.id, type: source.type, title: source.title } : null;

/** What the API shows of a question: never the raw row (no chunk id, position or request id). */
export function presentQuestion({ question: q, source }: QuestionWithSource): Question {
  return {
    _id: q.id,
    deck: q.deckId,
    question: q.question,
    questionType: q.questionType,
    options: q.options,
    correctAnswerIndex: q.correctAnswerIndex,
    correctAnswerText: q.correctAnswerText,
    expectedAnswer: q.expectedAnswer,
    caseContext: q.caseContext,
    source: presentSourceRef(source),
    answer: q.answer,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
    concepts: q.concepts,
  };
}
