import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { auth } from '../../lib/session/auth-api';
import { PASSWORD_MIN_LENGTH, validateNewPassword } from './auth-forms';
import {
  AUTH_MESSAGES,
  AUTH_NOTICES,
  AUTH_TIMINGS,
  messageWithNetworkFallback,
} from './auth-messages';
import { useSignInDialog } from '../../lib/session/sign-in-dialog';
import { useCompleteSignIn } from './use-session-change';

/** /reset-password?token=... (spec 01 §2.11, §4.5): validating, then the form or an invalid link. */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  if (!token) return <InvalidLink message={AUTH_MESSAGES.resetLinkMissing} />;
  // A new token (another link opened in the same tab) starts over.
  return <ResetWithToken key={token} token={token} />;
}

function InvalidLink({ message }: { message: string }) {
  const dialogs = useSignInDialog();
  return (
    <div className="page-narrow">
      <h1>{message}</h1>
      <p className="muted">
        Reset links work once and expire after an hour. Ask for a new one and use the newest e-mail.
      </p>
      <p className="button-row">
        <button type="button" className="btn btn-primary" onClick={dialogs.openPasswordReset}>
          Request a new link
        </button>
        <Link to="/" className="btn">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}

function ResetWithToken({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => void navigateRef.current({ to: '/' }),
      AUTH_TIMINGS.resetRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [done]);
  const check = useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => auth.validateResetToken(token, signal),
    retry: false,
    staleTime: Infinity,
    // Once used the token is spent: never check it again (signing in clears the query cache).
    enabled: !done,
  });

  if (done) {
    return (
      <div className="page-narrow">
        <h1>Reset Your Password</h1>
        <p className="notice notice-success" role="status">
          {AUTH_NOTICES.passwordReset}
        </p>
      </div>
    );
  }
  if (check.isPending) {
    return (
      <div className="page-narrow">
        <p className="muted" role="status">
          Validating reset link...
        </p>
      </div>
    );
  }
  if (check.isError) {
    return (
      <InvalidLink
        message={messageWithNetworkFallback(
          check.error,
          AUTH_MESSAGES.resetLinkInvalid,
          AUTH_MESSAGES.resetLinkUnchecked,
        )}
      />
    );
  }
  return <NewPasswordForm token={token} account={check.data} onDone={() => setDone(true)} />;
}

function NewPasswordForm({
  token,
  account,
  onDone,
}: {
  token: string;
  account: { email: string; firstName: string };
  onDone: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();

  const reset = useMutation({
    mutationFn: (newPassword: string) => auth.resetPassword({ token, password: newPassword }),
    onSuccess: (answer) => {
      // Spec 01 §4.5: logged in (token stored, user kept in the session), then / after 2 s.
      completeSignIn(answer);
      onDone();
    },
    onError: (e) =>
      setError(
        messageWithNetworkFallback(e, AUTH_MESSAGES.resetFailed, AUTH_MESSAGES.resetNetwork),
      ),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    const invalid = validateNewPassword(password, confirmation);
    setError(invalid);
    if (!invalid) reset.mutate(password);
  }

  return (
    <div className="page-narrow">
      <h1>Reset Your Password</h1>
      <p className="muted">
        {account.firstName ? `Hi ${account.firstName}, choose` : 'Choose'} a new password for{' '}
        <strong>{account.email}</strong>.
      </p>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {/* noValidate: the spec's own messages replace the browser's bubbles; minLength stays. */}
      <form className="form-stack" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="new-password">New password</label>
          <input
            id="new-password"
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={reset.isPending}
          />
        </div>
        <div className="field">
          <label htmlFor="confirm-password">Confirm new password</label>
          <input
            id="confirm-password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            disabled={reset.isPending}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </button>
      </form>
    </div>
  );
}
