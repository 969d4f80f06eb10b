import { Outlet, createFileRoute } from '@tanstack/react-router';
import { DeckLayout } from '../../../features/deck/deck-layout';

export const Route = createFileRoute('/_app/deck/$deckId')({
  component: function DeckRoute() {
    const { deckId } = Route.useParams();
    return (
      <DeckLayout deckId={deckId}>
        <Outlet />
      </DeckLayout>
    );
  },
});
