import { createFileRoute } from '@tanstack/react-router';
import { parseDeckEditSearch } from '../../../../features/deck/deck-tabs';
import { EditCardsPage } from '../../../../features/edit-cards/edit-cards-page';

/**
 * The deck's Edit tab. Open to anonymous visitors too: the creation flow (spec 01 §4.2), which
 * guests may use, ends here with the pending generation; the server answers 404 for a deck that is
 * not the caller's.
 */
export const Route = createFileRoute('/_app/deck/$deckId/edit')({
  staticData: { access: 'anyone' },
  validateSearch: parseDeckEditSearch,
  component: function DeckEditRoute() {
    const { deckId } = Route.useParams();
    const { sourceFilter, cardFilter, isGenerating } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
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
    );
  },
});
