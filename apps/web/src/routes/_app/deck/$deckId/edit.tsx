import { createFileRoute, useRouter } from '@tanstack/react-router';
import { parseDeckEditSearch } from '../../../../features/deck/deck-tabs';
import { stillOnScreen } from '../../../../features/edit-cards/generating-flag';
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
    const router = useRouter();
    return (
      <EditCardsPage
        deckId={deckId}
        sourceFilter={sourceFilter}
        cardFilter={cardFilter}
        isGenerating={isGenerating === true}
        setGeneratingFlag={(on) => {
          // An answer that arrives after the learner left must not navigate (generating-flag.ts).
          if (!stillOnScreen(router.state.location.pathname, `/deck/${deckId}/edit`)) return;
          void navigate({
            search: (prev) => ({ ...prev, isGenerating: on ? true : undefined }),
            replace: true,
          });
        }}
      />
    );
  },
});
