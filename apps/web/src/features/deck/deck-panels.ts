import type { ComponentType, ReactNode } from 'react';
import type { Source } from '@mnemo/contracts/entities/source';
import type { ChatPanelProps } from '../../lib/chat-types';

/**
 * The panels of other product areas that the deck's pages show: the chat (chat feature) and the
 * sources list (sources feature). A feature never imports a sibling, so the route hands them in
 * and the deck pages only say what they need of them.
 */
export interface DeckPanels {
  ChatPanel: ComponentType<ChatPanelProps>;
  SourcesPanel: ComponentType<{
    deckId: string;
    /** The source whose detail shows, when the page keeps it (Summary shares it with its chat). */
    selectedId?: string | null;
    onSelect?: (sourceId: string) => void;
    /** Given, a click on a source calls it instead of showing the detail (Manage). */
    onOpen?: (source: Source) => void;
    /** Shown at the top of the selected source's detail (the Summary page's video). */
    renderMedia?: (source: Source) => ReactNode;
  }>;
  ChatHistoryList: ComponentType<{
    deckId: string;
    canEdit: boolean;
    onOpen: (chatId: string) => void;
  }>;
}
