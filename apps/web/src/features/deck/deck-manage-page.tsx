import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useDeck } from '../../lib/deck-queries';
import type { DeckPanels } from './deck-panels';
import { InstructionsDialog } from './instructions-dialog';

type SideView = 'sources' | 'history';

/**
 * /deck/$deckId/manage (spec 02 §2): 'Project knowledge', the deck's chat (70% of the width, the
 * page at least 800 px) and a panel that switches between the source grid and the chat history.
 * Editors add and remove sources and edit the custom AI instructions.
 */
export function DeckManagePage({
  deckId,
  ChatPanel,
  SourcesPanel,
  ChatHistoryList,
}: { deckId: string } & DeckPanels) {
  const deck = useDeck(deckId);
  const navigate = useNavigate();
  const [view, setView] = useState<SideView>('sources');
  // Which saved chat to open, and how many times one was asked for (the same one reopens).
  const [openChat, setOpenChat] = useState<{ id: string; request: number } | null>(null);
  const openSavedChat = (id: string) =>
    setOpenChat((o) => ({ id, request: (o?.request ?? 0) + 1 }));
  const [editingInstructions, setEditingInstructions] = useState(false);
  // The deck layout shows the page only once the deck has loaded.
  if (!deck.data) return null;
  const data = deck.data;

  return (
    <section className="deck-manage" aria-labelledby="deck-manage-title">
      <div className="deck-manage-head">
        <h1 id="deck-manage-title">Project knowledge</h1>
        {data.canEdit && (
          <button type="button" className="btn" onClick={() => setEditingInstructions(true)}>
            Custom Instructions
          </button>
        )}
      </div>
      <div className="deck-manage-body">
        <div className="deck-manage-chat">
          <ChatPanel
            deckId={deckId}
            // The whole deck: no one source is active here.
            context={{ type: 'source', deckId, activeSource: null, sourceContent: null }}
            canEdit={data.canEdit}
            sourceIds={data.sources.map((s) => s._id)}
            openChatId={openChat?.id ?? null}
            openChatRequest={openChat?.request ?? 0}
          />
        </div>
        <div className="deck-manage-side">
          <div className="segmented" role="group" aria-label="Show">
            <button
              type="button"
              className="segmented-item"
              aria-pressed={view === 'sources'}
              onClick={() => setView('sources')}
            >
              Sources
            </button>
            <button
              type="button"
              className="segmented-item"
              aria-pressed={view === 'history'}
              onClick={() => setView('history')}
            >
              Chat History
            </button>
          </div>
          {view === 'sources' ? (
            <SourcesPanel
              deckId={deckId}
              onOpen={(source) =>
                void navigate({
                  to: '/deck/$deckId/edit',
                  params: { deckId },
                  search: { sourceFilter: source._id },
                })
              }
            />
          ) : (
            <ChatHistoryList deckId={deckId} canEdit={data.canEdit} onOpen={openSavedChat} />
          )}
        </div>
      </div>
      {data.canEdit && (
        <InstructionsDialog
          deck={data}
          open={editingInstructions}
          onClose={() => setEditingInstructions(false)}
        />
      )}
    </section>
  );
}
