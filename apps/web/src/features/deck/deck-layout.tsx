import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import type { Deck } from '@mnemo/contracts/entities/deck';
import { useSession } from '../../lib/session/session-context';
import { Dialog } from '../../components/dialog';
import { useClonePrompt } from '../../lib/clone-prompt';
import { ClonePromptProvider } from './clone-prompt';
import { DECK_MESSAGES, deckLoadProblem, deckViewerState } from './deck-access';
import { DeckHeader } from './deck-header';
import { useDeck } from '../../lib/deck-queries';
import { DECK_TABS, DECK_TAB_LABELS, deckTabFromPath, type DeckTab } from './deck-tabs';
import { useDeckViewer } from './use-deck-viewer';

const TAB_ROUTES = {
  manage: '/deck/$deckId/manage',
  summary: '/deck/$deckId/summary',
  flashcards: '/deck/$deckId/flashcards',
  edit: '/deck/$deckId/edit',
} as const satisfies Record<DeckTab, string>;

/**
 * The deck area frame (spec 02 §2): the header, the preview banner, the tabs (the active one from
 * the path) and the tab's page. The page starts while the deck loads (it may load its own data
 * meanwhile); a deck that failed to load shows its error instead, a deck the viewer may not see
 * the access gate.
 */
export function DeckLayout({ deckId, children }: { deckId: string; children: ReactNode }) {
  const deck = useDeck(deckId);
  const { session } = useSession();
  const userId = session.status === 'authenticated' ? session.user.id : null;
  // A signed-in non-owner of a published deck is asked to clone it before any edit (spec 02 §6).
  const offerClone = deck.data ? deckViewerState(deck.data, userId).offerClone : false;
  if (deck.isError && !deck.data) return <DeckLoadError error={deck.error} />;
  return (
    <ClonePromptProvider deck={deck.data} offered={offerClone}>
      <DeckFrame deckId={deckId} deck={deck.data}>
        {children}
      </DeckFrame>
    </ClonePromptProvider>
  );
}

function DeckFrame({
  deckId,
  deck,
  children,
}: {
  deckId: string;
  deck: Deck | undefined;
  children: ReactNode;
}) {
  const activeTab = useLocation({ select: (l) => deckTabFromPath(l.pathname) });
  const clonePrompt = useClonePrompt();
  return (
    <div className="page deck-layout">
      {deck ? (
        <DeckTop deck={deck} />
      ) : (
        <p className="muted deck-loading" role="status">
          Loading deck...
        </p>
      )}
      {deck?.canView === false ? (
        <AccessGateDialog />
      ) : (
        <>
          <nav className="tabs" aria-label="Deck">
            {DECK_TABS.map((tab) => (
              <Link
                key={tab}
                to={TAB_ROUTES[tab]}
                params={{ deckId }}
                className={tab === activeTab ? 'tab active' : 'tab'}
                aria-current={tab === activeTab ? 'page' : undefined}
                onClick={(event) => {
                  // Editing someone else's published deck starts with cloning it (spec 02 §2).
                  if (tab === 'edit' && clonePrompt.offered) {
                    event.preventDefault();
                    clonePrompt.open('edit-action');
                  }
                }}
              >
                {DECK_TAB_LABELS[tab]}
              </Link>
            ))}
          </nav>
          <div className="deck-content">{children}</div>
        </>
      )}
    </div>
  );
}

function DeckTop({ deck }: { deck: Deck }) {
  const viewer = useDeckViewer(deck);
  if (!viewer.canView) return null;
  return (
    <>
      <DeckHeader deck={deck} viewer={viewer} />
      {viewer.previewMode && (
        <p className="notice notice-info deck-preview-banner" role="status">
          {DECK_MESSAGES.previewBanner}
        </p>
      )}
    </>
  );
}

/** 'Failed to load deck data' with Retry, which reloads the page; or 'Deck not found ...'. */
function DeckLoadError({ error }: { error: unknown }) {
  const problem = deckLoadProblem(error);
  return (
    <div className="page deck-layout">
      <div className="notice notice-error deck-load-error" role="alert">
        <span>{problem.message}</span>
        {problem.retry ? (
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            Retry
          </button>
        ) : (
          <Link to="/library" className="btn">
            Go to Library
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * Shown instead of a deck the viewer may not see (spec 02 §2: without view access). The server
 * answers such a deck with 404 today; the gate covers an answer that says canView false.
 */
function AccessGateDialog() {
  const navigate = useNavigate();
  return (
    <Dialog open onDismiss={() => void navigate({ to: '/library' })} labelledBy="deck-access-title">
      <h2 id="deck-access-title">This deck is private</h2>
      <p>Only its owner can open it. Published decks can be found in Explore.</p>
      <div className="dialog-actions">
        <Link to="/explore" className="btn">
          Explore decks
        </Link>
        <Link to="/library" className="btn btn-primary">
          Go to Library
        </Link>
      </div>
    </Dialog>
  );
}
