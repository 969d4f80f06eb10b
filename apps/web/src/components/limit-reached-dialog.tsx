import { useUpgradeDialog } from './upgrade-dialog';
import { Dialog } from './dialog';

/**
 * What a signed-in user sees when the server answers limitReached while creating a space or deck
 * (spec 01 §8: "the sign-in/upgrade dialog opens and the process stops"): the server's words and
 * the way to Scholar. Guests get the sign-in dialog instead.
 */
export function LimitReachedDialog({
  open,
  message,
  onClose,
}: {
  open: boolean;
  /** The server's message (kept while the dialog fades out). */
  message: string;
  onClose: () => void;
}) {
  const upgrade = useUpgradeDialog();
  return (
    <>
      <Dialog open={open} onDismiss={onClose} labelledBy="limit-reached-title">
        <h2 id="limit-reached-title">Upgrade to Scholar</h2>
        <p role="alert">{message}</p>
        <p className="muted">
          Scholar has unlimited study spaces, decks and cards, and PDFs up to 25 MB. Start with a
          14-day free trial.
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            Not now
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              onClose();
              upgrade.open();
            }}
          >
            Upgrade
          </button>
        </div>
      </Dialog>
      {upgrade.dialog}
    </>
  );
}
