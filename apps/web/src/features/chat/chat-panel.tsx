import type { ChatPanelProps } from './chat-types';

/**
 * The 'Study Chat' panel of spec 02 §2 and §4. This first version only holds the panel's place in
 * the deck pages; the chat work of issue 7 replaces its body, keeping these props.
 */
export function ChatPanel({ className }: ChatPanelProps) {
  return (
    <aside className={['chat-panel', className].filter(Boolean).join(' ')} aria-label="Study Chat">
      <h2>Study Chat</h2>
    </aside>
  );
}
