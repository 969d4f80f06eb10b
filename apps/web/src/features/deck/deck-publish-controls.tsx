import type { Deck } from '@mnemo/contracts/entities/deck';
import { DECK_MESSAGES, type DeckViewerState } from './deck-access';

/**
 * The header's publish toggle (spec 02 §2, §6). It shows the deck's state; non-owners see it
 * disabled with 'Clone deck to publish'. The publish confirmation (with its anonymous option) and
 * PUT /decks/{id}/publish belong to the publishing issue: until then the owner's toggle is disabled
 * too and says so, rather than pretending to publish.
 */
export function PublishControl({ deck, viewer }: { deck: Deck; viewer: DeckViewerState }) {
  const tooltip = viewer.publishDisabled
    ? DECK_MESSAGES.publishNeedsClone
    : DECK_MESSAGES.publishUnavailable;
  return (
    // A disabled button gets no pointer events, so the wrapper carries the tooltip too.
    <span className="deck-publish" title={tooltip}>
      <button
        type="button"
        className="btn"
        aria-pressed={deck.isPublished}
        title={tooltip}
        disabled
      >
        {deck.isPublished ? 'Published' : 'Publish'}
      </button>
    </span>
  );
}

/**
 * The clone button a signed-in non-owner of a published deck sees (spec 02 §4, §6). Cloning
 * (POST /decks/{id}/clone, its idle / cloning / success states) comes with the publishing issue;
 * the slot shows where it goes, disabled.
 */
export function CloneControl({ viewer }: { viewer: DeckViewerState }) {
  if (!viewer.offerClone) return null;
  return (
    <span className="deck-clone" title={DECK_MESSAGES.cloneUnavailable}>
      <button
        type="button"
        className="btn btn-primary"
        title={DECK_MESSAGES.cloneUnavailable}
        disabled
      >
        Clone Deck
      </button>
    </span>
  );
}
