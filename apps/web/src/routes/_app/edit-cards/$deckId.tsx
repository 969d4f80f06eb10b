import { createFileRoute, useRouter } from '@tanstack/react-router';
import { parseDeckEditSearch } from '../../../features/deck/deck-tabs';
import { stillOnScreen } from '../../../features/edit-cards/generating-flag';
import { EditCardsPage } from '../../../features/edit-cards/edit-cards-page';

export const Route = createFileRoute('/_app/edit-cards/$deckId')({
  validateSearch: parseDeckEditSearch,
  component: function EditCardsRoute() {
    const { deckId } = Route.useParams();
    const { sourceFilter, cardFilter, isGenerating } = Route.useSearch();
    const navigate = Route.useNavigate();
    const router = useRouter();
    return (
      <div className="page">
        <EditCardsPage
          deckId={deckId}
          sourceFilter={sourceFilter}
          cardFilter={cardFilter}
          isGenerating={isGenerating === true}
          setGeneratingFlag={(on) => {
            // An answer that arrives after the learner left must not navigate (generating-flag.ts).
            if (!stillOnScreen(router.state.location.pathname, `/edit-cards/${deckId}`)) return;
            void navigate({
              search: (prev) => ({ ...prev, isGenerating: on ? true : undefined }),
              replace: true,
            });
          }}
        />
      </div>
    );
  },
});
