import { createFileRoute } from '@tanstack/react-router';
import { EditCardsPage } from '../../../features/deck/deck-layout';

export const Route = createFileRoute('/_app/edit-cards/')({
  component: () => (
    <div className="page">
      <EditCardsPage />
    </div>
  ),
});
