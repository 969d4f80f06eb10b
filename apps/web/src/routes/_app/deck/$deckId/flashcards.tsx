import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useClonePrompt } from '../../../../lib/clone-prompt';
import { ChatPanel } from '../../../../features/chat/chat-panel';
import { StudySessionPage, type StudyMode } from '../../../../features/study/study-session-page';
import { parseStudySearch } from '../../../../features/study/study-search';

/** The deck's Flashcards tab: the question study session (spec 02 §2, §4), Review or Practice. */
export const Route = createFileRoute('/_app/deck/$deckId/flashcards')({
  validateSearch: parseStudySearch,
  component: function DeckFlashcardsRoute() {
    const { deckId } = Route.useParams();
    const { mode, concepts } = Route.useSearch();
    const clonePrompt = useClonePrompt();
    const navigate = Route.useNavigate();
    // The mode lives in the address (replaced, not pushed): it outlives a remount and a reload.
    const onModeChange = useCallback(
      (next: StudyMode) => void navigate({ search: (s) => ({ ...s, mode: next }), replace: true }),
      [navigate],
    );
    // A non-owner's edit actions open the deck area's clone dialog (spec 02 §2). Another set of
    // concepts is another session; a mode switch keeps both modes' sessions where they were.
    return (
      <StudySessionPage
        key={concepts?.join('\n') ?? ''}
        deckId={deckId}
        mode={mode}
        onModeChange={onModeChange}
        concepts={concepts}
        ChatPanel={ChatPanel}
        onClonePrompt={clonePrompt.offered ? () => clonePrompt.open('edit-action') : undefined}
      />
    );
  },
});
