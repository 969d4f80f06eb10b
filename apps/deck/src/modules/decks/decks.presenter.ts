import type { Deck } from '@mnemo/contracts/entities/deck';
import type { Source } from '@mnemo/contracts/entities/source';
import { isOwner, type Owner } from '@mnemo/db/owner';
import type { DeckRow } from './decks.repository';

/**
 * What the API shows of a deck, for this caller: never the raw row. The access flags are the
 * caller's (spec 02 §6): the owner views and edits; anyone else only views, and only a published
 * deck. `owner` is the owning user's id, hidden from others when the deck was published
 * anonymously; `ownerName` is null when published anonymously ('Published by Anonymous').
 */
export function presentDeck(
  row: DeckRow,
  {
    caller,
    sources,
    cardIds,
    ownerFirstName,
  }: { caller: Owner; sources: Source[]; cardIds: string[]; ownerFirstName: string | null },
): Deck {
  const own = isOwner(row, caller);
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
    canEdit: own,
    canView: own || row.isPublished,
  };
}
