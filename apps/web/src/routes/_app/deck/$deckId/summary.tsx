import { createFileRoute } from '@tanstack/react-router';
import { ChatPanel } from '../../../../features/chat/chat-panel';
import { DeckSummaryPage } from '../../../../features/deck/deck-summary-page';
import { DeckSourcesPanel } from '../../../../features/sources/deck-sources-panel';

export const Route = createFileRoute('/_app/deck/$deckId/summary')({
  component: function DeckSummaryRoute() {
    const { deckId } = Route.useParams();
    return (
      <DeckSummaryPage deckId={deckId} ChatPanel={ChatPanel} SourcesPanel={DeckSourcesPanel} />
    );
  },
});
