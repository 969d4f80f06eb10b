import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CloseIcon } from './icons';

/** Spec 01 §2.5 and §9: dialogs fade in and out over 200 ms. */
export const DIALOG_FADE_MS = 200;

/**
 * Whether a fading element must still be in the document: at once when it opens, and for `ms`
 * after it closes so the fade-out can play.
 */
export function useFadePresence(open: boolean, ms: number = DIALOG_FADE_MS): boolean {
  const [lingering, setLingering] = useState(open);
  useEffect(() => {
    if (open) {
      setLingering(true);
      return;
    }
    const timer = setTimeout(() => setLingering(false), ms);
    return () => clearTimeout(timer);
  }, [open, ms]);
  return open || lingering;
}

interface DialogProps {
  open: boolean;
  /** Escape, a click on the backdrop or the close button. */
  onDismiss: () => void;
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  /** An extra class for the dialog element (a wider dialog). */
  className?: string;
  children: ReactNode;
}

/**
 * A modal built on the native <dialog> (focus trap, Escape, top layer). Its content stays mounted
 * while it fades out and is thrown away afterwards, so reopening starts from empty forms.
 */
export function Dialog(props: DialogProps) {
  const present = useFadePresence(props.open);
  return present ? <ModalDialog {...props} /> : null;
}

function ModalDialog({ open, onDismiss, labelledBy, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      data-closing={!open}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        // Escape: let the fade play instead of the browser closing the dialog at once.
        e.preventDefault();
        if (open) onDismiss();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget && open) onDismiss();
      }}
    >
      <div className="dialog-body">{children}</div>
      {/* Last in the DOM so that showModal() focuses the first field, not this button. */}
      <button
        type="button"
        className="icon-button dialog-close"
        aria-label="Close"
        onClick={onDismiss}
        disabled={!open}
      >
        <CloseIcon />
      </button>
    </dialog>
  );
}
