import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeckResponse } from '@mnemo/contracts/api/decks';
import type { Deck } from '@mnemo/contracts/entities/deck';
import { logWarning } from '../../lib/log';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { deckApi } from './deck-api';
import { deckQueryKey } from '../../lib/deck-queries';
import {
  INSTRUCTIONS_MESSAGES,
  instructionsEditorState,
  instructionsToSave,
} from './instructions-editor';

/**
 * The custom AI instructions editor (spec 02 §2, §5), for editors: a textarea with its 'N/2000'
 * counter, Save (PUT /decks/{id} {systemPrompt}, then the deck's chats take them up through
 * PUT /chat/deck/{id}/system-messages) and Clear; closing with unsaved changes asks first.
 */
export function InstructionsDialog({
  deck,
  open,
  onClose,
}: {
  deck: Deck;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const fieldId = useId();
  const counterId = useId();
  const [draft, setDraft] = useState(deck.systemPrompt ?? '');
  // Each opening starts from the saved instructions.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(deck.systemPrompt ?? '');
  }

  const save = useMutation({
    mutationFn: async (text: string | null) => {
      const saved = await deckApi.update(deck._id, { systemPrompt: text });
      try {
        await deckApi.refreshChatSystemMessages(deck._id, saved.systemPrompt);
      } catch (error) {
        // The instructions are saved; chats that missed them take them up at their next update.
        logWarning("Failed to update the deck's chats with the new custom instructions", error);
      }
      return saved;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<DeckResponse>(
        deckQueryKey(deck._id),
        (d) => d && { ...d, systemPrompt: saved.systemPrompt },
      );
      onClose();
    },
  });

  const state = instructionsEditorState(deck.systemPrompt, draft, save.isPending);
  // Closing with unsaved changes asks first, in the app's confirmation dialog over this one.
  const [askingDiscard, setAskingDiscard] = useState(false);
  const close = () => {
    setAskingDiscard(false);
    save.reset();
    onClose();
  };
  const requestClose = () => {
    if (save.isPending) return;
    if (state.dirty) setAskingDiscard(true);
    else close();
  };

  return (
    <>
      <Dialog
        open={open}
        onDismiss={requestClose}
        labelledBy="instructions-title"
        className="instructions-dialog"
      >
        <h2 id="instructions-title">{INSTRUCTIONS_MESSAGES.title}</h2>
        <p className="muted">{INSTRUCTIONS_MESSAGES.description}</p>
        <div className="field">
          <label htmlFor={fieldId}>Custom AI instructions</label>
          <textarea
            id={fieldId}
            className="instructions-textarea"
            rows={8}
            value={draft}
            aria-describedby={counterId}
            aria-invalid={state.overLimit}
            disabled={save.isPending}
            onChange={(e) => setDraft(e.target.value)}
          />
          <span
            id={counterId}
            className="instructions-counter"
            data-over={state.overLimit}
            aria-live="polite"
          >
            {state.counter}
          </span>
        </div>
        {save.isError && (
          <p className="notice notice-error" role="alert">
            {INSTRUCTIONS_MESSAGES.saveFailed}
          </p>
        )}
        <div className="dialog-actions">
          <button
            type="button"
            className="btn"
            onClick={() => setDraft('')}
            disabled={!state.canClear}
          >
            Clear
          </button>
          <button type="button" className="btn" onClick={requestClose} disabled={save.isPending}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => save.mutate(instructionsToSave(draft))}
            disabled={!state.canSave}
          >
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </Dialog>
      <ConfirmDialog
        open={open && askingDiscard}
        title={INSTRUCTIONS_MESSAGES.discardTitle}
        confirmLabel={INSTRUCTIONS_MESSAGES.discard}
        cancelLabel={INSTRUCTIONS_MESSAGES.keepEditing}
        onConfirm={close}
        onCancel={() => setAskingDiscard(false)}
      >
        <p>{INSTRUCTIONS_MESSAGES.discardConfirm}</p>
      </ConfirmDialog>
    </>
  );
}
