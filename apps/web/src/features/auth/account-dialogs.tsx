import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { auth, type SessionAnswer } from '../../lib/session/auth-api';
import { Dialog } from '../../components/dialog';
import { useRouter } from '@tanstack/react-router';
import type { AccountToVerify, SignInIntent, SignInMode } from '../../lib/session/sign-in-dialog';
import type { ActiveDialog } from './sign-in-dialog';
import { validateSignIn, signInBody, type SignInFields } from './auth-forms';
import {
  AUTH_MESSAGES,
  AUTH_NOTICES,
  AUTH_TIMINGS,
  messageFor,
  serverErrorField,
  unverifiedUserId,
} from './auth-messages';
import { GoogleSignInButton, useGoogleClientId } from './google-sign-in-button';
import { ResetRequestDialogContent } from './reset-request-dialog';
import { useCompleteSignIn } from './use-session-change';
import { VerifyEmailDialogContent } from './verify-email-dialog';

/**
 * The account dialogs of spec 01 §2.5, loaded on first use by `SignInDialogProvider`, which owns
 * which one is open. One is open at a time; each fades out while the next fades in.
 */
export default function AccountDialogs({
  active,
  mode,
  intent,
  onModeChange,
  verification,
  onClose,
  onNeedsVerification,
  onForgotPassword,
}: {
  active: ActiveDialog;
  mode: SignInMode;
  intent: SignInIntent;
  onModeChange: (mode: SignInMode) => void;
  verification: { account: AccountToVerify; reason?: string | undefined } | null;
  onClose: () => void;
  onNeedsVerification: (account: AccountToVerify, reason?: string) => void;
  onForgotPassword: () => void;
}) {
  return (
    <>
      <Dialog open={active === 'sign-in'} onDismiss={onClose} labelledBy="sign-in-title">
        <SignInDialogContent
          mode={mode}
          intent={intent}
          onModeChange={onModeChange}
          onClose={onClose}
          onNeedsVerification={onNeedsVerification}
          onForgotPassword={onForgotPassword}
        />
      </Dialog>
      <Dialog open={active === 'verify'} onDismiss={onClose} labelledBy="verify-email-title">
        {verification && (
          <VerifyEmailDialogContent
            account={verification.account}
            reason={verification.reason}
            returnTo={intent.returnTo}
            onClose={onClose}
          />
        )}
      </Dialog>
      <Dialog open={active === 'reset'} onDismiss={onClose} labelledBy="reset-request-title">
        <ResetRequestDialogContent onClose={onClose} />
      </Dialog>
    </>
  );
}

const emptyFields: SignInFields = { firstName: '', email: '', password: '' };

function SignInDialogContent({
  mode,
  intent,
  onModeChange,
  onClose,
  onNeedsVerification,
  onForgotPassword,
}: {
  mode: SignInMode;
  intent: SignInIntent;
  onModeChange: (mode: SignInMode) => void;
  onClose: () => void;
  onNeedsVerification: (account: AccountToVerify, reason?: string) => void;
  onForgotPassword: () => void;
}) {
  const [fields, setFields] = useState<SignInFields>(emptyFields);
  const [error, setError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const completeSignIn = useCompleteSignIn();
  const googleClientId = useGoogleClientId();
  const register = mode === 'register';

  const finishSignIn = (answer: SessionAnswer) => {
    completeSignIn(answer);
    setSignedIn(true);
  };

  const login = useMutation({
    mutationFn: (body: { email: string; password: string }) => auth.login(body),
    onSuccess: finishSignIn,
    onError: (e, body) => {
      // Not verified yet: the server has mailed a new code; continue in the code dialog.
      const userId = unverifiedUserId(e);
      if (userId)
        onNeedsVerification({ userId, email: body.email }, serverErrorField(e) ?? undefined);
      else setError(messageFor(e, AUTH_MESSAGES.loginFailed));
    },
  });

  const signUp = useMutation({
    mutationFn: (body: SignInFields) => auth.register(body),
    onSuccess: (account) => onNeedsVerification(account),
    onError: (e) => setError(messageFor(e, AUTH_MESSAGES.registrationFailed)),
  });

  const google = useMutation({
    mutationFn: (credential: string) => auth.google(credential),
    onSuccess: finishSignIn,
    onError: (e) => setError(messageFor(e, AUTH_MESSAGES.googleFailed)),
  });

  // Spec 01 §4.1: the login success message closes the dialog after 0.8 s; a guest turned away
  // from a page is then taken to it (issue 18.1).
  const { history } = useRouter();
  const after = useRef({ onClose, history, returnTo: intent.returnTo });
  useEffect(() => {
    after.current = { onClose, history, returnTo: intent.returnTo };
  }, [onClose, history, intent.returnTo]);
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => {
      const { returnTo } = after.current;
      after.current.onClose();
      // A path with its search, as the guard saw it: pushed as is.
      if (returnTo) after.current.history.push(returnTo);
    }, AUTH_TIMINGS.loginSuccessCloseMs);
    return () => clearTimeout(timer);
  }, [signedIn]);

  const pending = login.isPending || signUp.isPending || google.isPending;
  const busy = pending || signedIn;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateSignIn(mode, fields);
    setError(invalid);
    if (invalid) return;
    if (register) signUp.mutate(signInBody('register', fields));
    else login.mutate(signInBody('login', fields));
  }

  const { mutate: signInWithGoogle } = google;
  const onGoogleCredential = useCallback(
    (credential: string) => {
      setError(null);
      signInWithGoogle(credential);
    },
    [signInWithGoogle],
  );

  const set = (key: keyof SignInFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  const switchMode = () => {
    setError(null);
    onModeChange(register ? 'login' : 'register');
  };

  return (
    <>
      <h2 id="sign-in-title">{register ? 'Create an Account' : 'Welcome Back'}</h2>
      {intent.reason ? (
        <p className="notice notice-info">{intent.reason}</p>
      ) : (
        <p className="muted">
          {register
            ? 'Sign up to keep your decks and study spaces.'
            : 'Sign in to continue to your decks and study spaces.'}
        </p>
      )}

      {signedIn && (
        <p className="notice notice-success" role="status">
          {AUTH_NOTICES.loginSucceeded}
        </p>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}

      {googleClientId && !signedIn && (
        <GoogleSignInButton
          clientId={googleClientId}
          mode={mode}
          onCredential={onGoogleCredential}
        />
      )}

      <form className="form-stack" onSubmit={onSubmit} noValidate>
        {register && (
          <div className="field">
            <label htmlFor="sign-in-first-name">First name</label>
            <input
              id="sign-in-first-name"
              type="text"
              name="firstName"
              autoComplete="given-name"
              required
              value={fields.firstName}
              onChange={set('firstName')}
              disabled={busy}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor="sign-in-email">Email</label>
          <input
            id="sign-in-email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={set('email')}
            disabled={busy}
          />
        </div>
        <div className="field">
          <label htmlFor="sign-in-password">Password</label>
          <input
            id="sign-in-password"
            type="password"
            name="password"
            autoComplete={register ? 'new-password' : 'current-password'}
            required
            value={fields.password}
            onChange={set('password')}
            disabled={busy}
          />
        </div>
        {!register && (
          <button type="button" className="link-button field-aside" onClick={onForgotPassword}>
            Forgot password?
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {register
            ? signUp.isPending
              ? 'Creating account...'
              : 'Create Account'
            : login.isPending || google.isPending
              ? 'Signing in...'
              : 'Sign In'}
        </button>
      </form>

      <p className="dialog-switch muted">
        {register ? 'Already have an account?' : 'New to Mnemo?'}{' '}
        <button type="button" className="link-button" onClick={switchMode} disabled={busy}>
          {register ? 'Sign in instead' : 'Create an account'}
        </button>
      </p>
    </>
  );
}
