import { z } from 'zod';
import { idSchema, successFlag, successSchema } from '../common';
import { cardSchema } from '../entities/card';
import { focusInstructionsSchema } from '../entities/deck';
import {
  DEFAULT_GENERATED_CARD_COUNT,
  cardCountSchema,
  evaluationSchema,
} from '../entities/question';
import { GENERATION_STATUSES, answerInputSchema } from './questions';

/**
 * Plain cards, the fallback when a deck has no questions (spec 02 §7). The spec gives the path of
 * the generate call only; the list and evaluate paths are our design.
 */

export const deckCardsParamsSchema = z.object({ deckId: idSchema });
export const cardParamsSchema = z.object({ id: idSchema });

// not shown in the spec: our design (path and answer).
export const listCardsResponseSchema = successSchema.extend({ cards: z.array(cardSchema) });
export type ListCardsResponse = z.output<typeof listCardsResponseSchema>;

/** "evaluate a card response (card id, answer; multiple choice sent as 'Option X')". */
export const evaluateCardBodySchema = z.object({
  answer: answerInputSchema,
  /** The card id may be repeated in the body; the path names the card. */
  cardId: idSchema.optional(),
});
export type EvaluateCardBody = z.input<typeof evaluateCardBodySchema>;
export const evaluateCardResponseSchema = z.object({
  success: successFlag,
  evaluation: evaluationSchema,
  card: cardSchema,
});
export type EvaluateCardResponse = z.output<typeof evaluateCardResponseSchema>;

export const generateCardsBodySchema = z.object({
  count: cardCountSchema(DEFAULT_GENERATED_CARD_COUNT),
  focusInstructions: focusInstructionsSchema.nullish(),
});
export type GenerateCardsBody = z.input<typeof generateCardsBodySchema>;
// not shown in the spec: our design, as for question generation.
export const generateCardsResponseSchema = successSchema.extend({
  status: z.enum(GENERATION_STATUSES),
  jobId: z.string(),
  cards: z.array(cardSchema),
});
export type GenerateCardsResponse = z.output<typeof generateCardsResponseSchema>;
