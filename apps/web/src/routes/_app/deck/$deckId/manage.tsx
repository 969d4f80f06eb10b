import { createFileRoute } from '@tanstack/react-router';
import { ChatHistoryList } from '../../../../features/chat/chat-history-list';
import { ChatPanel } from '../../../../features/chat/chat-panel';
import { DeckManagePage } from '../../../../features/deck/deck-manage-page';
import { DeckSourcesPanel } from '../../../../features/sources/deck-sources-panel';

export const Route = createFileRoute('/_app/deck/$deckId/manage')({
  component: function DeckManageRoute() {
    const { deckId } = Route.useParams();
    return (
      <DeckManagePage
        deckId={deckId}
        ChatPanel={ChatPanel}
        SourcesPanel={DeckSourcesPanel}
        ChatHistoryList={ChatHistoryList}
      />
    );
  },
});
