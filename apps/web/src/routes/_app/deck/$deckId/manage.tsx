import { createFileRoute } from '@tanstack/react-router';
import { DeckManagePage } from '../../../../features/deck/deck-manage-page';

export const Route = createFileRoute('/_app/deck/$deckId/manage')({
  component: function DeckManageRoute() {
    const { deckId } = Route.useParams();
    return <DeckManagePage deckId={deckId} />;
  },
});
