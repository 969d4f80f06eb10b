import { createFileRoute } from '@tanstack/react-router';
import { useClonePrompt } from '../../../../lib/clone-prompt';
import { ChatPanel } from '../../../../features/chat/chat-panel';
import { StudySessionPage } from '../../../../features/study/study-session-page';
import { parseStudySearch } from '../../../../features/study/study-search';
import { useStudyModeAddress } from '../../../../features/study/use-study-mode-address';

/** The deck's Flashcards tab: the question study session (spec 02 §2, §4), Review or Practice. */
export const Route = createFileRoute('/_app/deck/$deckId/flashcards')({
  validateSearch: parseStudySearch,
  component: function DeckFlashcardsRoute() {
    const { deckId } = Route.useParams();
    const { mode, concepts } = Route.useSearch();
    const clonePrompt = useClonePrompt();
    // The mode lives in the address: it outlives a remount and a reload.
    const onModeChange = useStudyModeAddress();
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
