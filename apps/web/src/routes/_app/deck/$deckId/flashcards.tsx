import { createFileRoute } from '@tanstack/react-router';
import { StudySessionPage } from '../../../../features/study/study-session-page';

/** The deck's Flashcards tab: the question study session (spec 02 §2, §4). */
export const Route = createFileRoute('/_app/deck/$deckId/flashcards')({
  component: function DeckFlashcardsRoute() {
    const { deckId } = Route.useParams();
    return <StudySessionPage deckId={deckId} />;
  },
});
