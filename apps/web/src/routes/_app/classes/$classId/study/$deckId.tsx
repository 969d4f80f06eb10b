import { createFileRoute } from '@tanstack/react-router';
import { ChatPanel } from '../../../../../features/chat/chat-panel';
import { StudySessionPage } from '../../../../../features/study/study-session-page';
import { parseStudySearch } from '../../../../../features/study/study-search';
import { useStudyModeAddress } from '../../../../../features/study/use-study-mode-address';

/**
 * A class deck's study session for a member who is a guest (issue 23): the deck area asks guests
 * to sign up, but a student may join and study without an account; the server lets only members
 * of the deck's class read it.
 */
export const Route = createFileRoute('/_app/classes/$classId/study/$deckId')({
  staticData: { access: 'anyone' },
  validateSearch: parseStudySearch,
  component: function ClassStudyRoute() {
    const { deckId } = Route.useParams();
    const { mode, concepts } = Route.useSearch();
    // The mode lives in the address: it outlives a remount and a reload.
    const onModeChange = useStudyModeAddress();
    return (
      <StudySessionPage
        key={concepts?.join('\n') ?? ''}
        deckId={deckId}
        mode={mode}
        onModeChange={onModeChange}
        concepts={concepts}
        ChatPanel={ChatPanel}
      />
    );
  },
});
