import type { Deck } from '@mnemo/contracts/entities/deck';
import type { Source } from '@mnemo/contracts/entities/source';
import { deckRights } from '@mnemo/db/deck-access';
import type { Owner } from '@mnemo/db/owner';
import type { DeckRow } from './decks.repository';

/**
 * What the API shows of a deck, for this caller: never the raw row. The access flags are the
 * caller's, from the one rule in `@mnemo/db/deck-access` (spec 02 §6, issue 23): the owner views
 * and edits; a class member and anyone on a published deck only view. `classMember` is set by
 * readers that let class members in (`findReadable`); rows read as the owner's leave it out. `owner` is the owning user's id, hidden from others when the deck was published
 * anonymously; `ownerName` is null when published anonymously ('Published by Anonymous').
 */
export function presentDeck(
  row: DeckRow & { classMember?: boolean },
  {
    caller,
    sources,
    cardIds,
    ownerFirstName,
  }: { caller: Owner; sources: Source[]; cardIds: string[]; ownerFirstName: string | null },
): Deck {
  const rights = deckRights(row, caller);
  const own = rights.isOwner;
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    sources,
    cards: cardIds,
    cardCount: cardIds.length,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.isPublished && row.publishedAt ? row.publishedAt.toISOString() : null,
    isPublished: row.isPublished,
    publishedAnonymously: row.publishedAnonymously,
    owner: own || !row.publishedAnonymously ? row.ownerUserId : null,
    ownerName: row.publishedAnonymously ? null : ownerFirstName,
    studySpace: own ? row.studySpaceId : null,
    focusInstructions: row.focusInstructions,
    systemPrompt: row.systemPrompt,
    length: row.length,
    questionTypes: row.questionTypes,
    isOwner: own,
    canEdit: rights.canEdit,
    canView: rights.canView,
  };
}
