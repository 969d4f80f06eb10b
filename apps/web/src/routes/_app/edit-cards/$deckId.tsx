import { createFileRoute } from '@tanstack/react-router';
import { parseDeckEditSearch } from '../../../features/deck/deck-tabs';
import { EditCardsPage } from '../../../features/edit-cards/edit-cards-page';

export const Route = createFileRoute('/_app/edit-cards/$deckId')({
  validateSearch: parseDeckEditSearch,
  component: function EditCardsRoute() {
    const { deckId } = Route.useParams();
    const { sourceFilter, cardFilter, isGenerating } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <div className="page">
        <EditCardsPage
          deckId={deckId}
          sourceFilter={sourceFilter}
          cardFilter={cardFilter}
          isGenerating={isGenerating === true}
          setGeneratingFlag={(on) =>
            void navigate({
              search: (prev) => ({ ...prev, isGenerating: on ? true : undefined }),
              replace: true,
            })
          }
        />
      </div>
    );
  },
});
