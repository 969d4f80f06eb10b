import { useState } from 'react';
import type { Source } from '@mnemo/contracts/entities/source';
import type { SourceChatContext } from '../../lib/chat-types';
import type { DeckPanels } from './deck-panels';
import { DeckMastery } from './deck-mastery';
import { useDeck } from '../../lib/deck-queries';
import { ResizableSidebar } from '../../components/resizable-sidebar';
import { sourceVideoEmbedUrl } from './source-media';

/** Spec 02 §9: the summary page's chat sidebar is 240-600 px wide, 320 by default. */
export const SUMMARY_CHAT_WIDTH = { min: 240, max: 600, defaultWidth: 320 } as const;

/**
 * /deck/$deckId/summary (spec 02 §2): the deck's sources, the chosen one with its video or link,
 * the processing banner, its Summary and Key Concepts; beside them the chat about that source.
 */
export function DeckSummaryPage({
  deckId,
  ChatPanel,
  SourcesPanel,
}: { deckId: string } & Pick<DeckPanels, 'ChatPanel' | 'SourcesPanel'>) {
  const deck = useDeck(deckId);
  const [chosenId, setChosenId] = useState<string | null>(null);
  // The deck layout shows the page only once the deck has loaded.
  if (!deck.data) return null;
  const { sources, canEdit } = deck.data;
  // A removed source falls back to the first, as the sources panel does.
  const active = sources.find((s) => s._id === chosenId) ?? sources[0] ?? null;

  return (
    <div className="deck-summary">
      <section className="deck-summary-main">
        <h1>Summary</h1>
        <SourcesPanel
          deckId={deckId}
          selectedId={active?._id ?? null}
          onSelect={setChosenId}
          renderMedia={(source) => <SourceVideo source={source} />}
        />
        <DeckMastery deckId={deckId} />
      </section>
      <ResizableSidebar {...SUMMARY_CHAT_WIDTH} label="Resize chat">
        <ChatPanel
          deckId={deckId}
          context={sourceChatContext(deckId, active)}
          canEdit={canEdit}
          sourceIds={sources.map((s) => s._id)}
        />
      </ResizableSidebar>
    </div>
  );
}

/** The chat's source mode (spec 02 §3): the active source with its text (GET /decks/:id has it). */
function sourceChatContext(deckId: string, source: Source | null): SourceChatContext {
  return {
    type: 'source',
    deckId,
    activeSource: source
      ? { _id: source._id, title: source.title, type: source.type, content: source.content ?? null }
      : null,
    sourceContent: source?.content ?? null,
  };
}

function SourceVideo({ source }: { source: Source }) {
  const embedUrl = sourceVideoEmbedUrl(source);
  if (!embedUrl) return null;
  return (
    <div className="source-video">
      <iframe
        src={embedUrl}
        title={`Video: ${source.title}`}
        allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
