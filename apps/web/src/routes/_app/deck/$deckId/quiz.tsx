import { createFileRoute } from '@tanstack/react-router';
import { SummaryQuizPage } from '../../../../features/study/summary-quiz-page';

/** The deck's summary quiz (issue 20), opened from the deck header. */
export const Route = createFileRoute('/_app/deck/$deckId/quiz')({
  component: function DeckQuizRoute() {
    const { deckId } = Route.useParams();
    return <SummaryQuizPage deckId={deckId} />;
  },
});
