import { CUSTOM_INSTRUCTIONS_MAX } from '@mnemo/contracts/entities/deck';

/** The custom AI instructions editor's words; the spec names only the counter (spec 02 §5). */
export const INSTRUCTIONS_MESSAGES = {
  title: 'Custom AI Instructions',
  description:
    'Tell the AI tutor how to answer in every chat of this deck, for example the level of detail or the language to use.',
  discardTitle: 'Discard Changes',
  discardConfirm: 'You have unsaved changes to the custom instructions. Discard them?',
  discard: 'Discard',
  keepEditing: 'Keep Editing',
  saveFailed: 'Failed to save custom instructions. Please try again.',
} as const;

export interface InstructionsEditorState {
  /** 'N/2000'. */
  counter: string;
  overLimit: boolean;
  /** The text differs from the saved instructions. */
  dirty: boolean;
  /** Save is disabled when unchanged, over the limit or while saving (spec 02 §5). */
  canSave: boolean;
  /** Clear is disabled when the text is empty (spec 02 §5). */
  canClear: boolean;
}

/**
 * The editor's controls from the saved instructions (null: none), the text being edited and
 * whether a save is running. Length counts UTF-16 units, as the server's 2000 limit does.
 */
export function instructionsEditorState(
  saved: string | null,
  draft: string,
  saving: boolean,
): InstructionsEditorState {
  const overLimit = draft.length > CUSTOM_INSTRUCTIONS_MAX;
  const dirty = draft !== (saved ?? '');
  return {
    counter: `${draft.length}/${CUSTOM_INSTRUCTIONS_MAX}`,
    overLimit,
    dirty,
    canSave: dirty && !overLimit && !saving,
    canClear: draft.length > 0 && !saving,
  };
}

/** What Save sends as `systemPrompt`: blank text clears the instructions (null). */
export function instructionsToSave(draft: string): string | null {
  return draft.trim() === '' ? null : draft;
}
