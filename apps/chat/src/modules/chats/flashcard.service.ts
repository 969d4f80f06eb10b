import type { z } from 'zod';
import type { flashcardChatBodySchema } from '@mnemo/contracts/api/chat';
import type { Identity } from '@mnemo/contracts/identity';
import type { StudyAi } from '@mnemo/ai/types';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import type { DeckAccessChecker } from '../access/deck-access';
import type { MessageQuota } from '../access/message-quota';
import { tutorQuestion, type StudyQuestions } from './study-question';
import { runTutor, toTurns } from './tutor-input';

type FlashcardBody = z.output<typeof flashcardChatBodySchema>;

/** A message asking for a hint ("Can you give me a hint for this question?", spec 02 §9). */
const HINT_REQUEST = /\b(?:hint|clue|nudge)\b/i;

export const isHintRequest = (body: Pick<FlashcardBody, 'mode' | 'message'>) =>
  body.mode === 'hint' || (body.mode === undefined && HINT_REQUEST.test(body.message));

/**
 * POST /chat/flashcard/:cardId: the tutor about one card, in question mode. The id is a question's
 * (questions table) or, for decks on the fallback, a plain card's (cards table). Hints go to the
 * hint task, which is built never to contain the answer; so does the tutor until the learner says
 * they have answered. Nothing is stored: the client keeps this short conversation.
 */
export function createFlashcardChatService(deps: {
  questions: Pick<StudyQuestions, 'findCard' | 'passageOf'>;
  access: Pick<DeckAccessChecker, 'forDeck'>;
  study: Pick<StudyAi, 'tutor' | 'hint'>;
  quota: MessageQuota;
}) {
  const { questions: studyQuestions, access, study, quota } = deps;

  return {
    async reply(identity: Identity, owner: Owner, cardId: string, body: FlashcardBody): Promise<string> {
      const card = await studyQuestions.findCard(cardId);
      if (!card) throw new AppError('NOT_FOUND', 'Card not found');
      const deck = await access.forDeck(owner, card.deckId).catch((e: unknown) => {
        // The card of a deck the caller may not see does not exist for them either.
        throw e instanceof AppError && e.code === 'NOT_FOUND' ? new AppError('NOT_FOUND', 'Card not found') : e;
      });
      await quota.consume(identity);
      const history = toTurns(body.chatHistory ?? []);
      const passage = await studyQuestions.passageOf(card.chunkId);
      const context = passage ? [passage] : [];
      if (isHintRequest(body)) return study.hint({ question: card.question, history, context });

      const question = tutorQuestion(card.question, { answerSubmitted: body.answerSubmitted, userAnswer: body.userAnswer });
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
