import { questionContent, type Question } from '@mnemo/contracts/entities/question';
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
    ...questionContent(q),
    caseContext: q.caseContext,
    source: presentSourceRef(source),
    answer: q.answer,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
    concepts: q.concepts,
  };
}
