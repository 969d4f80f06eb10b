import type { EvaluateCardResponse, GenerateCardsResponse, ListCardsResponse } from '@mnemo/contracts/api/cards';
import type { QuestionForGrading } from '@mnemo/ai/types';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import type { Caller } from '../decks/limits';
import type { SourcesRepository } from '../sources/sources.repository';
import type { GenerationService } from '../questions/generation.service';
import type { Grading } from '../questions/grading.service';
import { presentCard } from './cards.presenter';
import type { CardRow, CardsRepository } from './cards.repository';

/** The types plain cards are made of: a card is answered by picking an option or in words. */
export const CARD_QUESTION_TYPES = ['multiple_choice', 'free_response'] as const;

const deckNotFound = () => new AppError('NOT_FOUND', 'Deck not found');
const cardNotFound = () => new AppError('NOT_FOUND', 'Card not found');

/** A card as a question to grade: with options it is multiple choice, otherwise its back is the expected answer. */
function asQuestion(card: CardRow): QuestionForGrading {
  const index = card.correctAnswerIndex;
  return card.options.length > 0 && index !== null
    ? {
        questionType: 'multiple_choice',
        question: card.front,
        options: card.options,
        correctAnswerIndex: index,
        correctAnswerText: card.options[index] ?? null,
        expectedAnswer: null,
        caseContext: null,
      }
    : {
        questionType: 'free_response',
        question: card.front,
        options: [],
        correctAnswerIndex: null,
        correctAnswerText: null,
        expectedAnswer: card.back,
        caseContext: null,
      };
}

/** The plain-card fallback of spec 02 §7: list, evaluate, generate. */
export function createCardsService({
  cards,
  decks,
  grading,
  generation,
}: {
  cards: CardsRepository;
  decks: Pick<SourcesRepository, 'viewsDeck'>;
  grading: Grading;
  generation: GenerationService;
}) {
  return {
    async list(owner: Owner, deckId: string): Promise<ListCardsResponse> {
      // Studying a published deck reads its cards too (spec 02 §6).
      if (!(await decks.viewsDeck(owner, deckId))) throw deckNotFound();
      return { success: true, cards: (await cards.all(deckId)).map(presentCard) };
    },

    /**
     * A multiple-choice card is answered 'Option X' (or by index, letter or text); others in words.
     * The owner or any viewer of a published deck; nothing is stored for anyone.
     */
    async evaluate(owner: Owner, id: string, answer: number | string): Promise<EvaluateCardResponse> {
      const found = await cards.findViewable(owner, id);
      if (!found) throw cardNotFound();
      const evaluation = await grading.grade(asQuestion(found.card), answer);
      return { success: true, evaluation, card: presentCard(found) };
    },

    /**
     * POST /cards/deck/:deckId/generate: the same generation job as questions, writing cards, of
     * both basic types (the call has no type choice).
     */
    async generate(caller: Caller, deckId: string, body: { count: number; focusInstructions?: string | null | undefined }): Promise<GenerateCardsResponse> {
      const { jobId } = await generation.start(caller, deckId, {
        target: 'cards',
        questionTypes: [...CARD_QUESTION_TYPES],
        count: body.count,
        focusInstructions: body.focusInstructions,
      });
      return { success: true, status: 'queued', jobId, cards: [] };
    },
  };
}
export type CardsService = ReturnType<typeof createCardsService>;
