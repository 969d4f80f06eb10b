import { useId, type ReactNode } from 'react';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  /** The heading, which also names the dialog ('Delete Deck'). */
  title: string;
  /** The question, and any option that goes with it (a checkbox). */
  children: ReactNode;
  /** The confirming button's words; `pendingLabel` replaces them while the action runs. */
  confirmLabel: string;
  pendingLabel?: string | undefined;
  cancelLabel?: string | undefined;
  /** A destructive action gets the red button; any other the primary one. */
  tone?: 'danger' | 'primary';
  /** While the action runs both buttons are disabled and the dialog cannot be dismissed. */
  pending?: boolean | undefined;
  /** Why the action failed, shown above the buttons; the dialog stays open to try again. */
  error?: string | null | undefined;
  onConfirm: () => void;
  /** Cancel, Escape, a click on the backdrop or the close button (ignored while pending). */
  onCancel: () => void;
}

/**
 * The one confirmation dialog: a heading, the question, an optional failure, Cancel and the
 * action. Every "are you sure" in the app (deleting a deck or a space, removing a source,
 * publishing, discarding edits) uses it, so they read and behave alike.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  pending = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const cancel = () => {
    if (!pending) onCancel();
  };
  return (
    <Dialog open={open} onDismiss={cancel} labelledBy={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={cancel} disabled={pending}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'}
          onClick={onConfirm}
          disabled={pending}
        >
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
