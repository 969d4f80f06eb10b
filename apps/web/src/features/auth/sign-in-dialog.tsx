import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

interface SignInDialogValue {
  open(): void;
  close(): void;
  isOpen: boolean;
}

const SignInDialogContext = createContext<SignInDialogValue | null>(null);

/**
 * Placeholder sign-in dialog. The real one (spec 01 §2.5: 'Create an Account' / 'Welcome Back',
 * Forgot password, Google) replaces the body; callers already open it through useSignInDialog().
 */
function SignInDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="sign-in-title"
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="dialog-body">
        <h2 id="sign-in-title">Welcome Back</h2>
        <p className="muted">
          Signing in will be available here soon. Until then you can keep creating as a guest.
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}

export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ open, close, isOpen }), [open, close, isOpen]);
  return (
    <SignInDialogContext.Provider value={value}>
      {children}
      {isOpen && <SignInDialog onClose={close} />}
    </SignInDialogContext.Provider>
  );
}

export function useSignInDialog(): SignInDialogValue {
  const value = useContext(SignInDialogContext);
  if (!value) throw new Error('useSignInDialog must be used inside <SignInDialogProvider>');
  return value;
}
