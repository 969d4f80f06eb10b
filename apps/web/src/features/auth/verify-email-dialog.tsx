import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { resendVerificationResponseSchema } from '@mnemo/contracts/api/auth';
import { api } from '../../lib/api';
import { FALLBACK_PATH } from '../../lib/session/access';
import type { AccountToVerify } from '../../lib/session/sign-in-dialog';
import { auth } from '../../lib/session/auth-api';
import { answerMessage } from './auth-answers';
import { VERIFICATION_CODE_LENGTH, isCompleteCode, sanitizeCode } from './auth-forms';
import { AUTH_MESSAGES, AUTH_NOTICES, AUTH_TIMINGS, messageFor } from './auth-messages';
import { useCompleteSignIn } from './use-session-change';

/**
 * 'Check Your Email' (spec 01 §2.5, §4.1, §5): six digits only, 'Verify Email' disabled otherwise;
 * 'Resend Code' shows its notice for 3 s; success signs in, closes after 2 s and opens
 * /create-flashcards (or the page a guest turned away from wanted).
 */
export function VerifyEmailDialogContent({
  account,
  reason,
  returnTo,
  onClose,
}: {
  account: AccountToVerify;
  /** Why the dialog opened instead of a login (the server's words). */
  reason?: string | undefined;
  /** The page a guest turned away from wanted; /create-flashcards otherwise. */
  returnTo?: string | undefined;
  onClose: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();
  const { history } = useRouter();

  const verify = useMutation({
    mutationFn: (verificationCode: string) =>
      auth.verifyEmail({ userId: account.userId, verificationCode }),
    onSuccess: (answer) => {
      completeSignIn(answer);
      setVerified(true);
    },
    onError: (e) => setError(messageFor(e, AUTH_MESSAGES.verificationFailed)),
  });

  const resend = useMutation({
    mutationFn: () =>
      api.post(
        '/auth/resend-verification',
        { userId: account.userId },
        { schema: resendVerificationResponseSchema },
      ),
    onSuccess: (body) => {
      setError(null);
      setResent(answerMessage(body, AUTH_NOTICES.codeResent));
    },
    onError: (e) => {
      setResent(null);
      setError(messageFor(e, AUTH_MESSAGES.resendFailed));
    },
  });

  useEffect(() => {
    if (!resent) return;
    const timer = setTimeout(() => setResent(null), AUTH_TIMINGS.resendNoticeMs);
    return () => clearTimeout(timer);
  }, [resent]);

  const after = useRef({ onClose, navigate, history, returnTo });
  useEffect(() => {
    after.current = { onClose, navigate, history, returnTo };
  }, [onClose, navigate, history, returnTo]);
  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => {
      const { returnTo: to } = after.current;
      after.current.onClose();
      if (to) after.current.history.push(to);
      else void after.current.navigate({ to: FALLBACK_PATH });
    }, AUTH_TIMINGS.verifiedCloseMs);
    return () => clearTimeout(timer);
  }, [verified]);

  const busy = verify.isPending || verified;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !isCompleteCode(code)) return;
    setError(null);
    verify.mutate(code);
  }

  return (
    <>
      <h2 id="verify-email-title">Check Your Email</h2>
      {reason && <p className="notice notice-info">{reason}</p>}
      <p className="muted">
        We sent a {VERIFICATION_CODE_LENGTH}-digit code to <strong>{account.email}</strong>. Enter
        it below to verify your account.
      </p>

      {verified && (
        <p className="notice notice-success" role="status">
          {AUTH_NOTICES.verified}
        </p>
      )}
      {resent && (
        <p className="notice notice-success" role="status">
          {resent}
        </p>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}

      <form className="form-stack" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="verification-code">Verification code</label>
          <input
            id="verification-code"
            className="code-input"
            type="text"
            name="verificationCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={VERIFICATION_CODE_LENGTH}
            placeholder="000000"
            value={code}
            onChange={(e) => setCode(sanitizeCode(e.target.value))}
            disabled={busy}
          />
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={busy || !isCompleteCode(code)}
        >
          {verify.isPending ? 'Verifying...' : 'Verify Email'}
        </button>
      </form>
      <p className="dialog-switch muted">
        Did not get it?{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => resend.mutate()}
          disabled={busy || resend.isPending}
        >
          {resend.isPending ? 'Sending...' : 'Resend Code'}
        </button>
      </p>
    </>
  );
}
