import { createFileRoute } from '@tanstack/react-router';
import { EditCardsPage } from '../../../features/edit-cards/edit-cards-page';

export const Route = createFileRoute('/_app/edit-cards/')({
  component: () => (
    <div className="page">
      <EditCardsPage />
    </div>
  ),
});
