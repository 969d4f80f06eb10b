import { useEffect, useState } from 'react';
import type { Source } from '@mnemo/contracts/entities/source';
import { placeOf } from '../../lib/citations';
import { usePassage } from '../../lib/passage-api';
import type { SourceChatContext } from '../../lib/chat-types';
import type { DeckPanels } from './deck-panels';
import { DeckMastery } from './deck-mastery';
import { useDeck } from '../../lib/deck-queries';
import { ResizableSidebar } from '../../components/resizable-sidebar';
import { sourceVideoEmbedUrl } from './source-media';

/** Spec 02 §9: the summary page's chat sidebar is 240-600 px wide, 320 by default. */
export const SUMMARY_CHAT_WIDTH = { min: 240, max: 600, defaultWidth: 320 } as const;

/** The summary page's address: `?source=<id>&passage=<chunk index>` opens a cited passage. */
export type SummarySearch = { source?: string; passage?: number };

export function parseSummarySearch(search: Record<string, unknown>): SummarySearch {
  const source =
    typeof search.source === 'string' && search.source !== '' ? search.source : undefined;
  const passage = Number(search.passage);
  return {
    ...(source ? { source } : {}),
    ...(source && Number.isInteger(passage) && passage >= 0 ? { passage } : {}),
  };
}

/**
 * /deck/$deckId/summary (spec 02 §2): the deck's sources, the chosen one with its video or link,
 * the processing banner, its Summary and Key Concepts; beside them the chat about that source.
 * A chat citation opens it on the cited source with the passage shown (issue 21).
 */
export function DeckSummaryPage({
  deckId,
  ChatPanel,
  SourcesPanel,
  citedSourceId,
  citedPassage,
}: { deckId: string; citedSourceId?: string | undefined; citedPassage?: number | undefined } & Pick<
  DeckPanels,
  'ChatPanel' | 'SourcesPanel'
>) {
  const deck = useDeck(deckId);
  const [chosenId, setChosenId] = useState<string | null>(citedSourceId ?? null);
  // A citation followed while the page is open chooses its source.
  useEffect(() => {
    if (citedSourceId) setChosenId(citedSourceId);
  }, [citedSourceId, citedPassage]);
  // The deck layout shows the page only once the deck has loaded.
  if (!deck.data) return null;
  const { sources, canEdit } = deck.data;
  // A removed source falls back to the first, as the sources panel does.
  const active = sources.find((s) => s._id === chosenId) ?? sources[0] ?? null;
  const cited = (source: Source) =>
    citedPassage !== undefined && source._id === citedSourceId ? citedPassage : undefined;

  return (
    <div className="deck-summary">
      <section className="deck-summary-main">
        <h1>Summary</h1>
        <SourcesPanel
          deckId={deckId}
          selectedId={active?._id ?? null}
          onSelect={setChosenId}
          renderMedia={(source) => {
            const passage = cited(source);
            return passage === undefined ? (
              <SourceVideo source={source} />
            ) : (
              <CitedPassage source={source} chunkIndex={passage} />
            );
          }}
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
    language: source?.language ?? null,
  };
}

/**
 * The passage a chat citation points at: its text, and where it stands in the source with a way
 * there (the document opened at its page, the video started at its second).
 */
function CitedPassage({ source, chunkIndex }: { source: Source; chunkIndex: number }) {
  const passage = usePassage(source._id, chunkIndex);
  const place = passage.data ? placeOf(passage.data) : null;
  const pageLink =
    source.type === 'document' && source.downloadUrl && passage.data?.page !== undefined
      ? `${source.downloadUrl}#page=${passage.data.page}`
      : null;
  return (
    <>
      <SourceVideo source={source} startSeconds={passage.data?.startSeconds} />
      <section className="cited-passage" aria-labelledby="cited-passage-title">
        <h3 id="cited-passage-title">
          Cited passage{place ? <span className="muted">, {place}</span> : null}
        </h3>
        {passage.isPending && <p className="muted">Loading the passage…</p>}
        {passage.isError && (
          <p className="muted" role="alert">
            This passage is no longer in the source (it may have been processed again).
          </p>
        )}
        {passage.data && (
          <>
            {passage.data.heading && (
              <p className="cited-passage-heading">{passage.data.heading}</p>
            )}
            <blockquote className="cited-passage-text">{passage.data.content}</blockquote>
            {pageLink && (
              <p>
                <a href={pageLink} target="_blank" rel="noopener noreferrer">
                  Open the document at page {passage.data.page}
                </a>
              </p>
            )}
          </>
        )}
      </section>
    </>
  );
}

function SourceVideo({
  source,
  startSeconds,
}: {
  source: Source;
  startSeconds?: number | undefined;
}) {
  const embedUrl = sourceVideoEmbedUrl(source);
  if (!embedUrl) return null;
  const start = startSeconds !== undefined ? Math.floor(startSeconds) : 0;
  return (
    <div className="source-video">
      <iframe
        src={start > 0 ? `${embedUrl}?start=${start}` : embedUrl}
        title={`Video: ${source.title}`}
        allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
