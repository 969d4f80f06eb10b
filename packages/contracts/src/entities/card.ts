import { z } from 'zod';
import { idSchema, isoDateSchema } from '../common';
import { sourceRefSchema } from './source';

/** A plain front/back card, the study fallback when a deck has no questions (spec 02 §3). */
export const cardSchema = z.object({
  _id: idSchema,
  front: z.string(),
  back: z.string(),
  deckId: idSchema,
  source: sourceRefSchema.nullable(),
  createdAt: isoDateSchema.optional(),
  // Additions: a multiple-choice card's options (answered as 'Option X') and the correct one's
  // index; empty and null for a card answered in words.
  options: z.array(z.string()).optional(),
  correctAnswerIndex: z.number().int().min(0).nullable().optional(),
});
export type Card = z.infer<typeof cardSchema>;
