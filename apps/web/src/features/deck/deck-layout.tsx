import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { DeckSourcesPanel } from '../sources/deck-sources-panel';
import { DECK_TABS, DECK_TAB_LABELS, type DeckTab } from './deck-tabs';

const TAB_ROUTES = {
  manage: '/deck/$deckId/manage',
  summary: '/deck/$deckId/summary',
  flashcards: '/deck/$deckId/flashcards',
  edit: '/deck/$deckId/edit',
} as const satisfies Record<DeckTab, string>;

/** The deck area frame: header and tab bar; the header's title, menu and publish toggle come later. */
export function DeckLayout({ deckId, children }: { deckId: string; children: ReactNode }) {
  return (
    <div className="page deck-layout">
      <header className="deck-header">
        <p className="muted">Deck</p>
      </header>
      <nav className="tabs" aria-label="Deck">
        {DECK_TABS.map((tab) => (
          <Link
            key={tab}
            to={TAB_ROUTES[tab]}
            params={{ deckId }}
            className="tab"
            activeProps={{ className: 'active', 'aria-current': 'page' }}
          >
            {DECK_TAB_LABELS[tab]}
          </Link>
        ))}
      </nav>
      <div className="deck-content">{children}</div>
    </div>
  );
}

/** /deck/$deckId/summary: the sources with their processing, summary and key concepts; the chat comes later. */
export function DeckSummaryPage({ deckId }: { deckId: string }) {
  return (
    <section>
      <h1>Summary</h1>
      <DeckSourcesPanel deckId={deckId} />
    </section>
  );
}

export function DeckManagePage() {
  return (
    <section>
      <h1>Project knowledge</h1>
      <p className="muted">
        The deck's sources, chat history and custom instructions will appear here.
      </p>
    </section>
  );
}

export function DeckFlashcardsPage() {
  return (
    <section>
      <h1>Flashcards</h1>
      <p className="muted">The question study session will appear here.</p>
    </section>
  );
}
