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
});
export type Card = z.infer<typeof cardSchema>;
