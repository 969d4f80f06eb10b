import { createContext, useContext } from 'react';

/** Why the clone dialog opened: the header's clone button, or an edit action (spec 02 §2). */
export type ClonePromptReason = 'clone-button' | 'edit-action';

export interface ClonePromptValue {
  /** Whether this viewer is offered cloning (a signed-in non-owner of a published deck). */
  offered: boolean;
  /** Opens the clone dialog; an edit action makes it say the deck must be cloned first. */
  open(reason: ClonePromptReason): void;
}

/**
 * The deck area provides the clone dialog; the chat and the study session ask for it from inside
 * the deck area. The context lives here so they need not import the deck feature.
 */
export const ClonePromptContext = createContext<ClonePromptValue | null>(null);

/** The deck area's clone prompt; outside a deck (or for a viewer who may not clone) it is off. */
export function useClonePrompt(): ClonePromptValue {
  return useContext(ClonePromptContext) ?? OFF;
}

const OFF: ClonePromptValue = { offered: false, open: () => undefined };
