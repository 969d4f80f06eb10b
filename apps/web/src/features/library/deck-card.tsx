import type { ReactNode } from 'react';
import { Thumbnail } from '../../components/thumbnail';
import { Link } from '@tanstack/react-router';
import type { Deck } from '@mnemo/contracts/entities/deck';
import { DueBadge } from '../../components/due-badge';
import { deckDueCounts, studyToday, useDueCounts } from '../../lib/review';
import {
  cardCountLabel,
  deckCardCount,
  deckVisual,
  formatDeckDate,
  type DeckVisual,
} from '../../lib/deck-list';

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="36"
      height="36"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const TYPE_ICONS: Record<Extract<DeckVisual, { kind: 'icon' }>['type'], ReactNode> = {
  website: (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </Svg>
  ),
  document: (
    <Svg>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h6" />
    </Svg>
  ),
  youtube: (
    <Svg>
      <rect x="3" y="6" width="18" height="12" rx="3" />
      <path d="m10 9 5 3-5 3z" />
    </Svg>
  ),
  deck: (
    <Svg>
      <rect x="4" y="6" width="14" height="14" rx="2" />
      <path d="M8 3h10a2 2 0 0 1 2 2v10" />
    </Svg>
  ),
};

const TYPE_NAMES = { website: 'Website', document: 'Document', youtube: 'Video', deck: 'Deck' };

/** The picture of a deck card: its video's thumbnail or an icon for its sources' type. */
function DeckPicture({ visual }: { visual: DeckVisual }) {
  if (visual.kind === 'video') {
    return (
      <Thumbnail
        className="deck-card-thumb"
        src={visual.thumbnail}
        loading="lazy"
        data-video-id={visual.videoId}
      />
    );
  }
  return (
    <span className="deck-card-icon" data-type={visual.type} title={TYPE_NAMES[visual.type]}>
      {TYPE_ICONS[visual.type]}
    </span>
  );
}

/**
 * A deck in the library and on a study space (spec 01 §2.7, §2.8): picture, title, card count and
 * creation date, linking to the deck's summary.
 */
export function DeckCard({ deck }: { deck: Deck }) {
  const cards = deckCardCount(deck);
  const due = studyToday(deckDueCounts(useDueCounts().data, deck._id));
  return (
    <li className="deck-card">
      <Link to="/deck/$deckId/summary" params={{ deckId: deck._id }} className="deck-card-link">
        <DeckPicture visual={deckVisual(deck)} />
        <span className="deck-card-title">{deck.title}</span>
        {/* Read as 'Genetics, 1 card, Mar 1, 2025' rather than one run of text. */}
        <span className="visually-hidden">, </span>
        <span className="deck-card-meta muted">
          <span>{cardCountLabel(cards)}</span>
          <span className="visually-hidden">, </span>
          <time dateTime={deck.createdAt}>{formatDeckDate(deck.createdAt)}</time>
        </span>
        {due > 0 && <span className="visually-hidden">, </span>}
        <DueBadge count={due} />
      </Link>
    </li>
  );
}
