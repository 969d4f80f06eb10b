import type { DeckResponse } from '@mnemo/contracts/api/decks';

/**
 * What an edit action from the study session does for this viewer (spec 02 §2, §6): an editor
 * edits; an authenticated non-owner of a published deck is asked to clone it first (the clone
 * dialog); anyone else has no edit action at all.
 */
export type EditGate = 'edit' | 'clone' | 'none';

export function editGate(
  deck: Pick<DeckResponse, 'canEdit' | 'isOwner' | 'isPublished'> | undefined,
): EditGate {
  if (!deck) return 'none';
  if (deck.canEdit) return 'edit';
  return !deck.isOwner && deck.isPublished ? 'clone' : 'none';
}

/** The edit actions the study session offers; the clone dialog can say which one led to it. */
export type StudyEditAction = 'edit-question' | 'generate-questions';
