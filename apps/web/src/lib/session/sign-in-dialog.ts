import { createContext, useContext } from 'react';

/** The sign-in dialog's two modes: 'Welcome Back' (login) and 'Create an Account'. */
export type SignInMode = 'login' | 'register';

/** An account that registered or logged in but still waits for its email code. */
export interface AccountToVerify {
  userId: string;
  email: string;
}

/** Why the dialog opened and where to go once signed in (a guest turned away from a page). */
export interface SignInIntent {
  /** Shown at the top of the dialog. */
  reason?: string | undefined;
  /** The page the visitor wanted (path and search); opened after sign-in or sign-up. */
  returnTo?: string | undefined;
}

export interface SignInDialogValue {
  /**
   * Opens the sign-in dialog, in 'Welcome Back' (login, the default) or 'Create an Account'; an
   * intent says why and where to go afterwards, and lasts until the dialogs close.
   */
  open(mode?: SignInMode, intent?: SignInIntent): void;
  /** Opens 'Check Your Email' for an account waiting for its code; `reason` explains why. */
  openVerification(account: AccountToVerify, reason?: string): void;
  openPasswordReset(): void;
  close(): void;
  isOpen: boolean;
}

/**
 * The account dialogs are one product area (auth) that every other area opens: the context lives
 * here so a page asks for them without importing the auth feature, which provides them at the root.
 */
export const SignInDialogContext = createContext<SignInDialogValue | null>(null);

export function useSignInDialog(): SignInDialogValue {
  const value = useContext(SignInDialogContext);
  if (!value) throw new Error('useSignInDialog must be used inside <SignInDialogProvider>');
  return value;
}
