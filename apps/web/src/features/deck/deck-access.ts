import type { Deck } from '@mnemo/contracts/entities/deck';
import { isApiError } from '../../lib/api';

/** The deck area's words (spec 02 §2, §6, §8). */
export const DECK_MESSAGES = {
  loadFailed: 'Failed to load deck data. Please try again.',
  notFound: 'Deck not found or not accessible.',
  previewBanner: 'Preview Mode • Clone deck to save conversations',
  publishNeedsClone: 'Clone deck to publish',
} as const;

type AccessFields = Pick<
  Deck,
  'canView' | 'canEdit' | 'isOwner' | 'owner' | 'isPublished' | 'studySpace'
>;

/** What the deck header and pages show to this viewer (spec 02 §2, §6). */
export interface DeckViewerState {
  /** The viewer owns the deck: `isOwner`, or `owner` is the signed-in user's id. */
  isOwner: boolean;
  /** Title edit, the Edit Deck / Delete Deck menu, add/remove source, custom instructions. */
  canEdit: boolean;
  /** Without it the access gate is shown instead of the deck. */
  canView: boolean;
  /** Chat, study, edit actions: the owner always, anyone else only on a published deck. */
  canInteract: boolean;
  /** 'Preview Mode • Clone deck to save conversations': a non-owner of a published deck. */
  previewMode: boolean;
  /** The clone prompt: a signed-in non-owner of a published deck. */
  offerClone: boolean;
  /** The publish toggle is the owner's; others see it disabled with 'Clone deck to publish'. */
  publishDisabled: boolean;
  /**
   * Whether the publish toggle shows at all: not for a private deck someone else owns, which the
   * viewer can only be reading as a member of its class (issue 23): no edit or publish controls.
   */
  showPublish: boolean;
}

/**
 * The viewer's state from the deck's flags (spec 02 §6). `signedInUserId` is null for a guest, who
 * owns a deck only through `isOwner` (an anonymous session's deck has no owner id).
 */
export function deckViewerState(
  deck: AccessFields,
  signedInUserId: string | null,
): DeckViewerState {
  const isOwner =
    deck.isOwner ||
    (signedInUserId !== null && deck.owner !== null && deck.owner === signedInUserId);
  return {
    isOwner,
    canEdit: deck.canEdit,
    canView: deck.canView,
    canInteract: isOwner || deck.isPublished,
    previewMode: !isOwner && deck.isPublished,
    offerClone: signedInUserId !== null && !isOwner && deck.isPublished,
    publishDisabled: !isOwner,
    showPublish: isOwner || deck.isPublished,
  };
}

export type DeckBackTarget =
  { to: '/explore' } | { to: '/space/$spaceId'; params: { spaceId: string } } | { to: '/library' };

/**
 * The header's back arrow (spec 02 §2): to /explore when the viewer cannot edit a published deck;
 * otherwise to the deck's space when it is in one; otherwise /library.
 */
export function deckBackTarget(
  deck: Pick<Deck, 'canEdit' | 'isPublished' | 'studySpace'>,
): DeckBackTarget {
  if (!deck.canEdit && deck.isPublished) return { to: '/explore' };
  if (deck.studySpace) return { to: '/space/$spaceId', params: { spaceId: deck.studySpace } };
  return { to: '/library' };
}

/** Where a deleted deck leaves the viewer: its space, or the library. */
export function afterDeleteTarget(
  deck: Pick<Deck, 'studySpace'>,
): Exclude<DeckBackTarget, { to: '/explore' }> {
  return deck.studySpace
    ? { to: '/space/$spaceId', params: { spaceId: deck.studySpace } }
    : { to: '/library' };
}

/** 'Published by {owner or Anonymous}', or null for a private deck (spec 02 §2, §4). */
export function publishedByLine(
  deck: Pick<Deck, 'isPublished' | 'publishedAnonymously' | 'ownerName'>,
): string | null {
  if (!deck.isPublished) return null;
  const name = deck.publishedAnonymously ? null : deck.ownerName?.trim();
  return `Published by ${name || 'Anonymous'}`;
}

/**
 * The message for a deck that did not load (spec 02 §8): a missing or forbidden deck (404, 403, or
 * an id that is not one, 400) cannot be fixed by retrying; anything else offers Retry.
 */
export function deckLoadProblem(error: unknown): { message: string; retry: boolean } {
  if (isApiError(error) && [400, 403, 404].includes(error.status)) {
    return { message: DECK_MESSAGES.notFound, retry: false };
  }
  return { message: DECK_MESSAGES.loadFailed, retry: true };
}
