import { useEffect, useId, useReducer, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session/session-context';
import { spacesQueryKey, useSpaces } from '../../lib/spaces';
import { useSignInDialog } from '../../lib/session/sign-in-dialog';
import { LimitReachedDialog } from '../../components/limit-reached-dialog';
import { decksQueryKey } from '../../lib/library-queries';
import { spaceQueryKey } from '../../lib/space-api';
import { Dialog } from '../../components/dialog';
import {
  CLONE_MESSAGES,
  CLONE_SUCCESS_MS,
  cloneButtonLabel,
  cloneReducer,
  initialCloneState,
} from './clone-flow';
import { publishCloneApi } from './publish-clone-api';

/** Every deck list starts with 'decks': a new copy shows in all of them. */
const allDeckLists = decksQueryKey().slice(0, 1);

export interface CloneDialogProps {
  open: boolean;
  onClose: () => void;
  deck: { _id: string; title: string };
  /**
   * Set when an edit action led here (spec 02 §2): the dialog then says the deck must be cloned to
   * the viewer's library first.
   */
  promptedByEdit?: boolean;
}

/**
 * The clone dialog (spec 01 §2.9, §4.3; spec 02 §2, §4): a guest is told to sign in; a signed-in
 * user picks one of their study spaces (or none) and clones. The button goes idle → cloning →
 * success; the success notice shows for 2 s, then the copy's summary opens. A failure is shown as
 * an alert and the button can be pressed again; a plan limit opens the upgrade dialog.
 */
export function CloneDialog(props: CloneDialogProps) {
  // The body holds the flow's state; it is thrown away once the dialog has faded out, so each
  // opening starts idle.
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={props.open}
      onDismiss={() => {
        if (!busy) props.onClose();
      }}
      labelledBy="clone-deck-title"
    >
      <CloneDialogBody {...props} onBusy={setBusy} />
    </Dialog>
  );
}

function CloneDialogBody({
  deck,
  onClose,
  promptedByEdit,
  onBusy,
}: CloneDialogProps & { onBusy: (busy: boolean) => void }) {
  const { session } = useSession();
  const signIn = useSignInDialog();
  if (session.status !== 'authenticated') {
    return (
      <>
        <h2 id="clone-deck-title">Clone Deck</h2>
        {promptedByEdit && <p>{CLONE_MESSAGES.mustClone}</p>}
        <p className="notice notice-info" role="alert">
          {CLONE_MESSAGES.signInRequired}
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              onClose();
              signIn.open();
            }}
          >
            Sign In
          </button>
        </div>
      </>
    );
  }
  return (
    <SignedInClone deck={deck} onClose={onClose} promptedByEdit={promptedByEdit} onBusy={onBusy} />
  );
}

function SignedInClone({
  deck,
  onClose,
  promptedByEdit,
  onBusy,
}: Omit<CloneDialogProps, 'open'> & { onBusy: (busy: boolean) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const spaces = useSpaces();
  const [space, setSpace] = useState('');
  const [state, dispatch] = useReducer(cloneReducer, initialCloneState);
  const spaceField = useId();

  const busy = state.status === 'cloning' || state.status === 'success';
  useEffect(() => onBusy(busy), [busy, onBusy]);

  // The success notice stays 2 s, then the copy opens (spec 02 §4, §9).
  const newDeckId = state.status === 'success' ? state.deckId : null;
  useEffect(() => {
    if (!newDeckId) return;
    const timer = setTimeout(() => {
      onBusy(false);
      onClose();
      void navigate({ to: '/deck/$deckId/summary', params: { deckId: newDeckId } });
    }, CLONE_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [newDeckId, navigate, onClose, onBusy]);

  async function clone() {
    if (busy) return;
    dispatch({ type: 'start' });
    const studySpace = space === '' ? null : space;
    try {
      const copy = await publishCloneApi.clone(deck._id, { studySpace });
      dispatch({ type: 'succeeded', deckId: copy._id });
      void queryClient.invalidateQueries({ queryKey: allDeckLists });
      void queryClient.invalidateQueries({ queryKey: spacesQueryKey });
      if (studySpace) void queryClient.invalidateQueries({ queryKey: spaceQueryKey(studySpace) });
    } catch (error) {
      dispatch({ type: 'failed', error });
    }
  }

  return (
    <>
      <h2 id="clone-deck-title">Clone Deck</h2>
      {promptedByEdit && <p>{CLONE_MESSAGES.mustClone}</p>}
      <p className="muted">
        Clone "{deck.title}" to your library to study it, edit it and keep your conversations. The
        copy is yours; the original does not change.
      </p>
      <div className="field">
        <label htmlFor={spaceField}>Study space</label>
        <select
          id={spaceField}
          value={space}
          disabled={busy}
          onChange={(e) => setSpace(e.target.value)}
        >
          <option value="">{CLONE_MESSAGES.noSpace}</option>
          {spaces.data?.map((s) => (
            <option key={s._id} value={s._id}>
              {s.title}
            </option>
          ))}
        </select>
        {spaces.isError && <p className="field-error">Failed to load study spaces</p>}
      </div>
      {state.status === 'failed' && (
        <p className="notice notice-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'success' && (
        <p className="notice notice-success clone-success" role="status">
          {CLONE_MESSAGES.success}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void clone()}
          disabled={busy}
          data-state={state.status}
        >
          {cloneButtonLabel(state)}
        </button>
      </div>
      <LimitReachedDialog
        open={state.status === 'limit'}
        message={state.status === 'limit' ? state.message : ''}
        onClose={() => dispatch({ type: 'reset' })}
      />
    </>
  );
}
