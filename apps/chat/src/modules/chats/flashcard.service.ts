import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { flashcardChatBodySchema } from '@mnemo/contracts/api/chat';
import { MULTIPLE_CHOICE_TYPES, questionContent } from '@mnemo/contracts/entities/question';
import type { Identity } from '@mnemo/contracts/identity';
import type { QuestionForGrading, RetrievedChunk, StudyAi, TutorQuestionContext } from '@mnemo/ai/types';
import type { Db } from '@mnemo/db/client';
import { cards, questions, sourceChunks, sources } from '@mnemo/db/schema';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import type { DeckAccessChecker } from '../access/deck-access';
import type { MessageQuota } from '../access/message-quota';
import { runTutor, toTurns } from './tutor-input';

type FlashcardBody = z.output<typeof flashcardChatBodySchema>;

/** A message asking for a hint ("Can you give me a hint for this question?", spec 02 §9). */
const HINT_REQUEST = /\b(?:hint|clue|nudge)\b/i;

export const isHintRequest = (body: Pick<FlashcardBody, 'mode' | 'message'>) =>
  body.mode === 'hint' || (body.mode === undefined && HINT_REQUEST.test(body.message));

type Card = { deckId: string; question: QuestionForGrading; chunkId: string | null };

/**
 * POST /chat/flashcard/:cardId: the tutor about one card, in question mode. The id is a question's
 * (questions table) or, for decks on the fallback, a plain card's (cards table). Hints go to the
 * hint task, which is built never to contain the answer; so does the tutor until the learner says
 * they have answered. Nothing is stored: the client keeps this short conversation.
 */
export function createFlashcardChatService(deps: {
  db: Db;
  access: Pick<DeckAccessChecker, 'forDeck'>;
  study: Pick<StudyAi, 'tutor' | 'hint'>;
  quota: MessageQuota;
}) {
  const { db, access, study, quota } = deps;

  async function findCard(id: string): Promise<Card | null> {
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

  /** The passage the question was written from, as the tutor's context. */
  async function contextOf(chunkId: string | null): Promise<RetrievedChunk[]> {
    if (!chunkId) return [];
    const [row] = await db
      .select({
        chunkId: sourceChunks.id,
        sourceId: sourceChunks.sourceId,
        chunkIndex: sourceChunks.chunkIndex,
        content: sourceChunks.content,
        sourceTitle: sources.title,
      })
      .from(sourceChunks)
      .innerJoin(sources, eq(sources.id, sourceChunks.sourceId))
      .where(eq(sourceChunks.id, chunkId));
    return row ? [{ ...row, score: 1 }] : [];
  }

  const correctAnswerOf = (q: QuestionForGrading) =>
    MULTIPLE_CHOICE_TYPES.includes(q.questionType)
      ? (q.correctAnswerText ?? (q.correctAnswerIndex !== null ? q.options[q.correctAnswerIndex] : null) ?? null)
      : q.expectedAnswer;

  return {
    async reply(identity: Identity, owner: Owner, cardId: string, body: FlashcardBody): Promise<string> {
      const card = await findCard(cardId);
      if (!card) throw new AppError('NOT_FOUND', 'Card not found');
      const deck = await access.forDeck(owner, card.deckId).catch((e: unknown) => {
        // The card of a deck the caller may not see does not exist for them either.
        throw e instanceof AppError && e.code === 'NOT_FOUND' ? new AppError('NOT_FOUND', 'Card not found') : e;
      });
      await quota.consume(identity);
      const history = toTurns(body.chatHistory ?? []);
      const context = await contextOf(card.chunkId);
      if (isHintRequest(body)) return study.hint({ question: card.question, history, context });

      const q = card.question;
      const answered = body.answerSubmitted === true;
      const userAnswer =
        typeof body.userAnswer === 'number' ? (q.options[body.userAnswer] ?? String(body.userAnswer)) : body.userAnswer;
      const question: TutorQuestionContext = {
        question: q.question,
        questionType: q.questionType,
        options: q.options,
        caseContext: q.caseContext,
        answerSubmitted: answered,
        // Only once the learner has answered may the tutor be told the answer (types.ts).
        ...(answered ? { correctAnswer: correctAnswerOf(q), userAnswer: userAnswer ?? null } : {}),
      };
      const answer = await runTutor(study, {
        mode: 'question',
        message: body.message,
        history,
        context,
        question,
        deckTitle: deck.title,
        customInstructions: deck.systemPrompt,
      });
      return answer.fullResponse;
    },
  };
}
export type FlashcardChatService = ReturnType<typeof createFlashcardChatService>;
