import { createFileRoute } from '@tanstack/react-router';
import { ChatPanel } from '../../../../features/chat/chat-panel';
import { DeckSummaryPage, parseSummarySearch } from '../../../../features/deck/deck-summary-page';
import { DeckSourcesPanel } from '../../../../features/sources/deck-sources-panel';

export const Route = createFileRoute('/_app/deck/$deckId/summary')({
  // `?source=…&passage=n`: a chat citation's passage (issue 21).
  validateSearch: parseSummarySearch,
  component: function DeckSummaryRoute() {
    const { deckId } = Route.useParams();
    const search = Route.useSearch();
    return (
      <DeckSummaryPage
        deckId={deckId}
        ChatPanel={ChatPanel}
        SourcesPanel={DeckSourcesPanel}
        citedSourceId={search.source}
        citedPassage={search.passage}
      />
    );
  },
});
