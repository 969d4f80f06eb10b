import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  SignInDialogContext,
  type AccountToVerify,
  type SignInIntent,
  type SignInMode,
} from '../../lib/session/sign-in-dialog';

const AccountDialogs = lazy(() => import('./account-dialogs'));

export type ActiveDialog = 'sign-in' | 'verify' | 'reset' | null;

/**
 * The account dialogs of spec 01 §2.5: sign-in (both modes), email verification and the
 * reset-password request. One is open at a time; each fades out while the next fades in.
 */
export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState<ActiveDialog>(null);
  const [mode, setMode] = useState<SignInMode>('login');
  const [intent, setIntent] = useState<SignInIntent>({});
  const [verification, setVerification] = useState<{
    account: AccountToVerify;
    reason?: string | undefined;
  } | null>(null);

  const open = useCallback((next?: SignInMode, nextIntent?: SignInIntent) => {
    setMode(next === 'register' ? 'register' : 'login');
    setIntent(nextIntent ?? {});
    setActive('sign-in');
  }, []);
  const openVerification = useCallback((account: AccountToVerify, reason?: string) => {
    setVerification({ account, reason });
    setActive('verify');
  }, []);
  const openPasswordReset = useCallback(() => setActive('reset'), []);
  const close = useCallback(() => {
    setActive(null);
    setIntent({});
  }, []);

  const value = useMemo(
    () => ({ open, openVerification, openPasswordReset, close, isOpen: active !== null }),
    [open, openVerification, openPasswordReset, close, active],
  );

  // The dialogs' code (forms, Google button, verification) loads the first time one opens: it is
  // not part of any page's first load, which keeps the landing page inside its budget (issue 10).
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (active !== null) setWanted(true);
  }, [active]);

  return (
    <SignInDialogContext.Provider value={value}>
      {children}
      {(wanted || active !== null) && (
        <Suspense fallback={null}>
          <AccountDialogs
            active={active}
            mode={mode}
            intent={intent}
            onModeChange={setMode}
            verification={verification}
            onClose={close}
            onNeedsVerification={openVerification}
            onForgotPassword={openPasswordReset}
          />
        </Suspense>
      )}
    </SignInDialogContext.Provider>
  );
}
