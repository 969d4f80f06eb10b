import { createFileRoute } from '@tanstack/react-router';
import { DeckSummaryPage } from '../../../../features/deck/deck-summary-page';

export const Route = createFileRoute('/_app/deck/$deckId/summary')({
  component: function DeckSummaryRoute() {
    const { deckId } = Route.useParams();
    return <DeckSummaryPage deckId={deckId} />;
  },
});
