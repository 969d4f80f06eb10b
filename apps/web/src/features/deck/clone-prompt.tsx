import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Deck } from '@mnemo/contracts/entities/deck';
import { ClonePromptContext, type ClonePromptReason } from '../../lib/clone-prompt';
import { CloneDialog } from './clone-dialog';

/**
 * The deck area's one clone dialog. The header's clone button, the study session's edit actions,
 * the chat's Save Chat and the Edit tab all open it for a viewer who may clone (spec 02 §2, §6).
 */
export function ClonePromptProvider({
  deck,
  offered,
  children,
}: {
  deck: Pick<Deck, '_id' | 'title'> | undefined;
  offered: boolean;
  children: ReactNode;
}) {
  // The reason outlives the closing, so the dialog's words stay while it fades out.
  const [prompt, setPrompt] = useState<{ open: boolean; reason: ClonePromptReason }>({
    open: false,
    reason: 'clone-button',
  });
  const open = useCallback(
    (reason: ClonePromptReason) => {
      if (offered) setPrompt({ open: true, reason });
    },
    [offered],
  );
  const close = useCallback(() => setPrompt((p) => ({ ...p, open: false })), []);
  const value = useMemo(() => ({ offered, open }), [offered, open]);
  return (
    <ClonePromptContext.Provider value={value}>
      {children}
      {deck && offered && (
        <CloneDialog
          open={prompt.open}
          onClose={close}
          deck={deck}
          promptedByEdit={prompt.reason === 'edit-action'}
        />
      )}
    </ClonePromptContext.Provider>
  );
}
