import { eq, or, type SQL } from 'drizzle-orm';
import { isOwner, ownedBy, type Owner } from './owner';
import { decks } from './schema/index';

/**
 * Who may do what with a deck (spec 02 §6), in one place for every service that reads decks: the
 * deck service's repositories (decks, questions, cards, sources, clone) and the chat service. The
 * rules were written six times; new ways to see a deck (class members, say) are added here once.
 *
 * - view: study it, read its questions, cards and sources, chat about it: its owner, or anyone when
 *   it is published;
 * - edit: change it, its sources and questions, publish it, save chats: its owner only.
 * A caller who may not view a deck is answered as if it did not exist (404).
 */

/** WHERE condition on `decks`: the caller may view the deck. */
export function canView(owner: Owner): SQL {
  // `or` of two defined conditions is always defined.
  return or(ownedBy(decks, owner), eq(decks.isPublished, true))!;
}

/** WHERE condition on `decks`: the caller may edit the deck. */
export function canEdit(owner: Owner): SQL {
  return ownedBy(decks, owner);
}

export { ownedBy };

export type DeckRights = { isOwner: boolean; canView: boolean; canEdit: boolean };

/** The same rules for a deck row already read (its owner columns and published flag). */
export function deckRights(
  row: { ownerUserId: string | null; ownerAnonId: string | null; isPublished: boolean },
  owner: Owner,
): DeckRights {
  const own = isOwner(row, owner);
  return { isOwner: own, canView: own || row.isPublished, canEdit: own };
}
