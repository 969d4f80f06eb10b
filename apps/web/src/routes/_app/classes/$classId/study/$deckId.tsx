import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { ChatPanel } from '../../../../../features/chat/chat-panel';
import { StudySessionPage, type StudyMode } from '../../../../../features/study/study-session-page';
import { parseStudySearch } from '../../../../../features/study/study-search';

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
    const navigate = Route.useNavigate();
    // The mode lives in the address (replaced, not pushed): it outlives a remount and a reload.
    const onModeChange = useCallback(
      (next: StudyMode) => void navigate({ search: (s) => ({ ...s, mode: next }), replace: true }),
      [navigate],
    );
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
