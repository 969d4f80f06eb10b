import { createFileRoute } from '@tanstack/react-router';
import { useClonePrompt } from '../../../../features/deck/clone-prompt';
import { StudySessionPage } from '../../../../features/study/study-session-page';

/** The deck's Flashcards tab: the question study session (spec 02 §2, §4). */
export const Route = createFileRoute('/_app/deck/$deckId/flashcards')({
  component: function DeckFlashcardsRoute() {
    const { deckId } = Route.useParams();
    const clonePrompt = useClonePrompt();
    // A non-owner's edit actions open the deck area's clone dialog (spec 02 §2).
    return (
      <StudySessionPage
        deckId={deckId}
        onClonePrompt={clonePrompt.offered ? () => clonePrompt.open('edit-action') : undefined}
      />
    );
  },
});
