import { createFileRoute } from '@tanstack/react-router';
import { ChatPanel } from '../../../../../features/chat/chat-panel';
import { StudySessionPage } from '../../../../../features/study/study-session-page';

/**
 * A class deck's study session for a member who is a guest (issue 23): the deck area asks guests
 * to sign up, but a student may join and study without an account; the server lets only members
 * of the deck's class read it.
 */
export const Route = createFileRoute('/_app/classes/$classId/study/$deckId')({
  staticData: { access: 'anyone' },
  component: function ClassStudyRoute() {
    const { deckId } = Route.useParams();
    return <StudySessionPage deckId={deckId} ChatPanel={ChatPanel} />;
  },
});
