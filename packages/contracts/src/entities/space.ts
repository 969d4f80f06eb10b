import { z } from 'zod';
import { idSchema, isoDateSchema, requiredText } from '../common';

export const SPACE_TITLE_MAX = 200;
export const SPACE_DESCRIPTION_MAX = 2000;

/** A space or deck title: trimmed, not empty (spec 02 §5). */
export const spaceTitleSchema = requiredText(
  SPACE_TITLE_MAX,
  'Please enter a name for your new study space',
);

/**
 * A study space (spec 01 §3: _id, title, description, decks). `decks` holds the ids of its decks,
 * newest first; its length is the deck count the library shows. The decks themselves come from
 * GET /decks?studySpace={id}.
 */
export const spaceSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  decks: z.array(idSchema),
  createdAt: isoDateSchema.optional(),
  updatedAt: isoDateSchema.optional(),
});
export type Space = z.infer<typeof spaceSchema>;
