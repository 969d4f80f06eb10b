import { createFileRoute } from '@tanstack/react-router';
import { useClonePrompt } from '../../../../lib/clone-prompt';
import { ChatPanel } from '../../../../features/chat/chat-panel';
import { StudySessionPage } from '../../../../features/study/study-session-page';
import { parseStudySearch } from '../../../../features/study/study-search';

/** The deck's Flashcards tab: the question study session (spec 02 §2, §4), Review or Practice. */
export const Route = createFileRoute('/_app/deck/$deckId/flashcards')({
  validateSearch: parseStudySearch,
  component: function DeckFlashcardsRoute() {
    const { deckId } = Route.useParams();
    const { mode, concepts } = Route.useSearch();
    const clonePrompt = useClonePrompt();
    // A non-owner's edit actions open the deck area's clone dialog (spec 02 §2).
    return (
      <StudySessionPage
        key={`${mode ?? ''}#${concepts?.join('\n') ?? ''}`}
        deckId={deckId}
        mode={mode}
        concepts={concepts}
        ChatPanel={ChatPanel}
        onClonePrompt={clonePrompt.offered ? () => clonePrompt.open('edit-action') : undefined}
      />
    );
  },
});
