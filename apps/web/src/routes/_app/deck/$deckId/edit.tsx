import { createFileRoute } from '@tanstack/react-router';
import { EditCardsPage } from '../../../../features/deck/deck-layout';
import { parseDeckEditSearch } from '../../../../features/deck/deck-tabs';

export const Route = createFileRoute('/_app/deck/$deckId/edit')({
  validateSearch: parseDeckEditSearch,
  component: function DeckEditRoute() {
    const { deckId } = Route.useParams();
    const { sourceFilter, cardFilter } = Route.useSearch();
    return <EditCardsPage deckId={deckId} sourceFilter={sourceFilter} cardFilter={cardFilter} />;
  },
});
