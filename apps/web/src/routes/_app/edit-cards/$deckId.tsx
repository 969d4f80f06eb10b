import { createFileRoute } from '@tanstack/react-router';
import { EditCardsPage } from '../../../features/deck/deck-layout';

export const Route = createFileRoute('/_app/edit-cards/$deckId')({
  component: function EditCardsRoute() {
    const { deckId } = Route.useParams();
    return (
      <div className="page">
        <EditCardsPage deckId={deckId} />
      </div>
    );
  },
});
