import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { chatQuestionSchema } from '@mnemo/contracts/api/chat';
import { MULTIPLE_CHOICE_TYPES, questionContent } from '@mnemo/contracts/entities/question';
import type { QuestionForGrading, RetrievedChunk, TutorQuestionContext } from '@mnemo/ai/types';
import type { Db } from '@mnemo/db/client';
import { cards, questions, sourceChunks, sources, type ChunkPosition } from '@mnemo/db/schema';

/** A question or plain card as the tutor is told about it, with its deck and the chunk it came from. */
export type StudyCard = { deckId: string; question: QuestionForGrading; chunkId: string | null };

type ChatQuestion = z.output<typeof chatQuestionSchema>;

/**
 * The question being studied, read from the deck: the flashcard call's card and a question-mode
 * chat message's `question` (issue 21: the tutor answers about the current question, the learner's
 * answer and its evaluation). The id is a question's (questions table) or, for decks on the
 * fallback, a plain card's (cards table).
 */
export function createStudyQuestions(db: Db) {
  async function findCard(id: string): Promise<StudyCard | null> {
    const [q] = await db.select().from(questions).where(eq(questions.id, id));
    if (q) {
      return {
        deckId: q.deckId,
        chunkId: q.chunkId,
        question: { ...questionContent(q), caseContext: q.caseContext },
      };
    }
    const [c] = await db.select().from(cards).where(eq(cards.id, id));
    if (!c) return null;
    // A fallback card is multiple choice when it has options and a correct one, else front/back.
    const choice = c.options.length >= 2 && c.correctAnswerIndex !== null && c.options[c.correctAnswerIndex] !== undefined;
    return {
      deckId: c.deckId,
      chunkId: null,
      question: {
        questionType: choice ? 'multiple_choice' : 'free_response',
        question: c.front,
        options: choice ? c.options : [],
        correctAnswerIndex: choice ? c.correctAnswerIndex : null,
        correctAnswerText: choice ? c.options[c.correctAnswerIndex!]! : null,
        expectedAnswer: choice ? null : c.back,
        caseContext: null,
      },
    };
  }

  /** The passage the question was written from, with its place in the source, as a tutor passage. */
  async function passageOf(chunkId: string | null): Promise<RetrievedChunk | null> {
    if (!chunkId) return null;
    const [row] = await db
      .select({
        chunkId: sourceChunks.id,
        sourceId: sourceChunks.sourceId,
        chunkIndex: sourceChunks.chunkIndex,
        content: sourceChunks.content,
        position: sourceChunks.position,
        sourceTitle: sources.title,
      })
      .from(sourceChunks)
      .innerJoin(sources, eq(sources.id, sourceChunks.sourceId))
      .where(eq(sourceChunks.id, chunkId));
    if (!row) return null;
    const { position, ...chunk } = row;
    return { ...chunk, score: 1, ...placeOf(position) };
  }

  return {
    findCard,
    passageOf,

    /**
     * A chat message's `question` as the tutor's question context and the question's own passage,
     * or null when the question is not one of this deck's (then the message is answered as any).
     */
    async forChat(deckId: string, ref: ChatQuestion): Promise<{ question: TutorQuestionContext; passage: RetrievedChunk | null } | null> {
      const card = await findCard(ref.questionId);
      if (!card || card.deckId !== deckId) return null;
      return {
        question: tutorQuestion(card.question, ref),
        passage: await passageOf(card.chunkId),
      };
    },
  };
}
export type StudyQuestions = ReturnType<typeof createStudyQuestions>;

function placeOf(position: ChunkPosition | null): Pick<RetrievedChunk, 'page' | 'startSeconds'> {
  return {
    ...(typeof position?.page === 'number' && position.page >= 1 ? { page: position.page } : {}),
    ...(typeof position?.startSeconds === 'number' && position.startSeconds >= 0 ? { startSeconds: position.startSeconds } : {}),
  };
}

export const correctAnswerOf = (q: QuestionForGrading): string | null =>
  MULTIPLE_CHOICE_TYPES.includes(q.questionType)
    ? (q.correctAnswerText ?? (q.correctAnswerIndex !== null ? q.options[q.correctAnswerIndex] : null) ?? null)
    : q.expectedAnswer;

/**
 * What the tutor is told of a question and the learner's answer. The correct answer only once the
 * learner has answered (types.ts); a chosen option is judged here, against the deck's answer, and a
 * free response keeps the grade and feedback the learner was shown.
 */
export function tutorQuestion(
  q: QuestionForGrading,
  answer: Pick<ChatQuestion, 'answerSubmitted' | 'userAnswer' | 'isCorrect' | 'feedback'>,
): TutorQuestionContext {
  const answered = answer.answerSubmitted === true;
  const base: TutorQuestionContext = {
    question: q.question,
    questionType: q.questionType,
    options: q.options,
    caseContext: q.caseContext,
    answerSubmitted: answered,
  };
  if (!answered) return base;
  const correctAnswer = correctAnswerOf(q);
  const raw = answer.userAnswer;
  const userAnswer = typeof raw === 'number' ? (q.options[raw] ?? String(raw)) : (raw?.trim() || null);
  const choice = MULTIPLE_CHOICE_TYPES.includes(q.questionType);
  // The web app sends a choice as "B. Thunderbird": the option's text is what the tutor names.
  const chosen = choice && userAnswer ? optionNamed(q.options, userAnswer) : userAnswer;
  const isCorrect =
    choice && chosen && correctAnswer
      ? chosen.trim().toLowerCase() === correctAnswer.trim().toLowerCase()
      : (answer.isCorrect ?? null);
  const feedback = answer.feedback?.trim();
  return { ...base, correctAnswer, userAnswer: chosen, isCorrect, ...(feedback ? { feedback } : {}) };
}

/** The option an answer names: its exact text, or "B. text" / "B" as the study page shows it. */
function optionNamed(options: readonly string[], answer: string): string {
  const text = answer.trim();
  const exact = options.find((o) => o.trim().toLowerCase() === text.toLowerCase());
  if (exact) return exact;
  const lettered = /^([A-Z])(?:[.)]\s*(.*))?$/s.exec(text);
  if (lettered) {
    const option = options[lettered[1]!.charCodeAt(0) - 65];
    if (option !== undefined && (!lettered[2] || lettered[2].trim().toLowerCase() === option.trim().toLowerCase())) return option;
  }
  return text;
}
