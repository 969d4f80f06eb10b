import { z } from 'zod';
import { idSchema, isoDateSchema } from '../common';
import { questionTypeSchema } from './question';
import { cutTitle, sourceSchema, sourceSummarySchema } from './source';

export const DECK_LENGTHS = ['short', 'medium', 'long'] as const;
export const deckLengthSchema = z.enum(DECK_LENGTHS);
export type DeckLength = z.infer<typeof deckLengthSchema>;

export const DECK_TITLE_MAX = 200;

/** A deck title when nothing better can be derived from the sources. */
export const FALLBACK_DECK_TITLE = 'My Flashcards';

/**
 * The title a deck is given when the learner types none: its first source's name (a file name
 * without its extension; a link without its scheme, 'www.' and trailing slash). The create page
 * proposes it, and the worker recognises it: a deck made from one source whose title is still
 * this placeholder takes the document's own title once it is extracted (issue 21).
 */
export function placeholderDeckTitle(source: { fileName: string } | { url: string } | undefined): string {
  let label = '';
  if (source && 'fileName' in source) {
    label = source.fileName.replace(/\.[a-z0-9]{1,5}$/i, '').trim();
  } else if (source) {
    try {
      const url = new URL(source.url);
      const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
      label = `${url.host.replace(/^www\./, '')}${path}`;
    } catch {
      label = source.url;
    }
  }
  return [...(label || FALLBACK_DECK_TITLE)].slice(0, DECK_TITLE_MAX).join('');
}

/** Deck titles taken from a document are cut at a word boundary within the 200 characters. */
export function cutDeckTitle(title: string): string {
  return cutTitle(title, DECK_TITLE_MAX);
}
export const DECK_DESCRIPTION_MAX = 2000;
/** Custom AI instructions (the deck's systemPrompt) and focus instructions: spec 02 §5, §9. */
export const CUSTOM_INSTRUCTIONS_MAX = 2000;
export const customInstructionsSchema = z
  .string()
  .max(
    CUSTOM_INSTRUCTIONS_MAX,
    `Custom AI instructions can be at most ${CUSTOM_INSTRUCTIONS_MAX} characters`,
  );
export const focusInstructionsSchema = z
  .string()
  .trim()
  .max(
    CUSTOM_INSTRUCTIONS_MAX,
    `Focus instructions can be at most ${CUSTOM_INSTRUCTIONS_MAX} characters`,
  );

/**
 * What the caller may do with a deck (spec 02 §6). Every deck answer carries these flags, computed
 * for the caller, so the client never has to guess from `owner`.
 */
export const deckAccessSchema = z.object({
  canView: z.boolean(),
  canEdit: z.boolean(),
  isOwner: z.boolean(),
});
export type DeckAccess = z.infer<typeof deckAccessSchema>;

/**
 * A deck (spec 01 §3 and spec 02 §3). `owner` is the owning user's id: null for a deck an anonymous
 * session owns, and hidden (null) from others when the deck is published anonymously. `ownerName`
 * is the owner's first name, null when there is none to show ('Published by Anonymous').
 * `cards` holds the ids of what the deck studies (its questions, then any fallback cards); its
 * length is the card count.
 */
export const deckSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  sources: z.array(sourceSchema),
  cards: z.array(idSchema),
  createdAt: isoDateSchema,
  publishedAt: isoDateSchema.nullable(),
  isPublished: z.boolean(),
  publishedAnonymously: z.boolean(),
  owner: idSchema.nullable(),
  ownerName: z.string().nullable(),
  studySpace: idSchema.nullable(),
  focusInstructions: z.string().nullable(),
  systemPrompt: customInstructionsSchema.nullable(),
  ...deckAccessSchema.shape,
  // Additions.
  cardCount: z.number().int().min(0).optional(),
  updatedAt: isoDateSchema.optional(),
  /** The length chosen on the creation page (short, medium, long), for the deck's first generation. */
  length: deckLengthSchema.nullish(),
  /** The question types chosen on the creation page. */
  questionTypes: z.array(questionTypeSchema).nullish(),
});
export type Deck = z.infer<typeof deckSchema>;

/** GET /decks/:id/size (spec 01 §7). */
export const deckSizeSchema = z.object({
  currentSizeMB: z.number().min(0),
  maxSizeMB: z.number().min(0),
  usagePercentage: z.number().min(0),
  remainingMB: z.number().min(0),
});
export type DeckSize = z.infer<typeof deckSizeSchema>;

/**
 * A deck on the explore page (spec 01 §3). `cardCount` is computed by the server (the spec's client
 * falls back to the length of `cards`, else 0). `ownerName` is null when published anonymously.
 */
export const publishedDeckCardSchema = z.object({
  _id: idSchema,
  title: z.string(),
  createdAt: isoDateSchema,
  publishedAt: isoDateSchema,
  cardCount: z.number().int().min(0),
  sources: z.array(sourceSummarySchema),
  publishedAnonymously: z.boolean(),
  ownerName: z.string().nullable(),
  // Addition.
  description: z.string().optional(),
});
export type PublishedDeckCard = z.infer<typeof publishedDeckCardSchema>;
