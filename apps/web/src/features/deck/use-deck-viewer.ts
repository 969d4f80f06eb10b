import type { Deck } from '@mnemo/contracts/entities/deck';
import { useSession } from '../../lib/session/session-context';
import { deckViewerState, type DeckViewerState } from './deck-access';

/** The signed-in user's view of a deck (spec 02 §6); a guest has no user id. */
export function useDeckViewer(deck: Deck): DeckViewerState {
  const { session } = useSession();
  return deckViewerState(deck, session.status === 'authenticated' ? session.user.id : null);
}
