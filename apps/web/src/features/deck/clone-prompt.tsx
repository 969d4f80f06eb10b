import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Deck } from '@mnemo/contracts/entities/deck';
import { CloneDialog } from './clone-dialog';

/** Why the clone dialog opened: the header's clone button, or an edit action (spec 02 §2). */
export type ClonePromptReason = 'clone-button' | 'edit-action';

interface ClonePromptValue {
  /** Whether this viewer is offered cloning (a signed-in non-owner of a published deck). */
  offered: boolean;
  /** Opens the clone dialog; an edit action makes it say the deck must be cloned first. */
  open(reason: ClonePromptReason): void;
}

const ClonePromptContext = createContext<ClonePromptValue | null>(null);

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

/** The deck area's clone prompt; outside a deck (or for a viewer who may not clone) it is off. */
export function useClonePrompt(): ClonePromptValue {
  return useContext(ClonePromptContext) ?? OFF;
}

const OFF: ClonePromptValue = { offered: false, open: () => undefined };
