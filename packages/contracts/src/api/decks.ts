import { z } from 'zod';
import { idSchema, pageQuerySchema, requiredText, successFlag, successSchema } from '../common';
import {
  DECK_DESCRIPTION_MAX,
  DECK_TITLE_MAX,
  customInstructionsSchema,
  deckLengthSchema,
  deckSchema,
  deckSizeSchema,
  focusInstructionsSchema,
  publishedDeckCardSchema,
} from '../entities/deck';
import { questionTypeSchema } from '../entities/question';
import { sourceInputSchema } from './sources';

/** Deck calls of spec 01 §7 (and their uses in spec 02 §7). Deck answers are the deck itself. */

export const deckParamsSchema = z.object({ id: idSchema });
const deckTitle = requiredText(DECK_TITLE_MAX, 'Please enter a deck title');

/** Most sources one request may add; the 60 MB deck size is checked by the server. */
export const DECK_SOURCES_MAX = 100;

export const createDeckBodySchema = z.object({
  title: deckTitle,
  description: z.string().trim().max(DECK_DESCRIPTION_MAX).optional(),
  sources: z.array(sourceInputSchema).max(DECK_SOURCES_MAX).optional(),
  focusInstructions: focusInstructionsSchema.nullish(),
  /** The space to put the deck in; none leaves it outside any space. */
  studySpace: idSchema.nullish(),
  // Additions: the creation page's choices, kept with the deck for its first generation.
  length: deckLengthSchema.optional(),
  questionTypes: z.array(questionTypeSchema).min(1).optional(),
});
export type CreateDeckBody = z.input<typeof createDeckBodySchema>;
export const deckResponseSchema = deckSchema.extend({ success: successFlag });
export type DeckResponse = z.output<typeof deckResponseSchema>;

export const listDecksQuerySchema = z.object({ studySpace: idSchema.optional() });
export type ListDecksQuery = z.input<typeof listDecksQuerySchema>;
// not shown in the spec: our design ("deck list (shape not shown)"): wrapped in data like spaces, newest first.
export const listDecksResponseSchema = successSchema.extend({ data: z.array(deckSchema) });
export type ListDecksResponse = z.output<typeof listDecksResponseSchema>;

export const updateDeckBodySchema = z.object({
  title: deckTitle.optional(),
  description: z.string().trim().max(DECK_DESCRIPTION_MAX).optional(),
  /** The custom AI instructions; null or '' clears them. */
  systemPrompt: customInstructionsSchema.nullish(),
  focusInstructions: focusInstructionsSchema.nullish(),
  /** Moves the deck to another space, or out of any space with null. */
  studySpace: idSchema.nullish(),
});
export type UpdateDeckBody = z.input<typeof updateDeckBodySchema>;

/** DELETE /decks/:id answers the deck as it was (spec: "deck"). */
export const deleteDeckResponseSchema = deckResponseSchema;

/**
 * Our addition (issue 18.3): the creation page reports that every source of the deck it has just
 * made failed. The deck service then removes that deck, and the space when the same attempt made
 * it (`removeSpace`) and it holds no other deck. A deck with questions, cards, or a source that did
 * not fail is kept (409).
 */
export const discardFailedCreationBodySchema = z.object({ removeSpace: z.boolean().optional() });
export type DiscardFailedCreationBody = z.input<typeof discardFailedCreationBodySchema>;
export const discardFailedCreationResponseSchema = successSchema.extend({
  /** The space went too (it was made by the attempt and is now empty). */
  removedSpace: z.boolean(),
});
export type DiscardFailedCreationResponse = z.output<typeof discardFailedCreationResponseSchema>;

export const publishDeckBodySchema = z.object({
  isPublished: z.boolean(),
  publishedAnonymously: z.boolean().default(false),
});
export type PublishDeckBody = z.input<typeof publishDeckBodySchema>;
// not shown in the spec: our design: the deck as it is now.
export const publishDeckResponseSchema = successSchema.extend({ deck: deckSchema });
export type PublishDeckResponse = z.output<typeof publishDeckResponseSchema>;

/** Explore: 20 per page, newest first (spec 01 §9). */
export const EXPLORE_PAGE_SIZE = 20;
export const EXPLORE_SORTS = ['newest', 'oldest'] as const;
export const exploreQuerySchema = pageQuerySchema(EXPLORE_PAGE_SIZE).extend({
  search: z.string().trim().max(200).optional(),
  /** Sort order; anything else (the spec does not list the values) falls back to newest. */
  sort: z.enum(EXPLORE_SORTS).catch('newest').default('newest'),
});
export type ExploreQuery = z.input<typeof exploreQuerySchema>;
export const exploreResponseSchema = z.object({
  success: successFlag,
  data: z.array(publishedDeckCardSchema),
  pagination: z.object({
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    page: z.number().int().min(1).optional(),
    limit: z.number().int().min(1).optional(),
  }),
});
export type ExploreResponse = z.output<typeof exploreResponseSchema>;

export const deckSizeResponseSchema = deckSizeSchema.extend({ success: successFlag });
export type DeckSizeResponse = z.output<typeof deckSizeResponseSchema>;

export const cloneDeckBodySchema = z.object({
  /** The caller's space to put the copy in; none leaves it outside any space. */
  studySpace: idSchema.nullish(),
});
export type CloneDeckBody = z.input<typeof cloneDeckBodySchema>;
/** The new deck, owned by the caller. */
export const cloneDeckResponseSchema = deckResponseSchema;
