import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { requestPasswordResetResponseSchema } from '@mnemo/contracts/api/auth';
import { api } from '../../lib/api';
import { answerMessage } from './auth-answers';
import { validateResetEmail } from './auth-forms';
import { AUTH_MESSAGES, AUTH_NOTICES, messageWithNetworkFallback } from './auth-messages';

/** What the reset-request form shows (spec 01 §4.6): idle, sending, then the sent confirmation. */
export type ResetRequestState = 'idle' | 'sending' | 'sent';

/** Reset-password dialog (spec 01 §2.5): email (required), Cancel, 'Send Reset Link'. */
export function ResetRequestDialogContent({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (address: string) =>
      api.post(
        '/auth/request-password-reset',
        { email: address },
        { schema: requestPasswordResetResponseSchema },
      ),
    onError: (e) =>
      setError(
        messageWithNetworkFallback(
          e,
          AUTH_MESSAGES.resetRequestServer,
          AUTH_MESSAGES.resetRequestNetwork,
        ),
      ),
  });
  const state: ResetRequestState = request.isPending
    ? 'sending'
    : request.isSuccess
      ? 'sent'
      : 'idle';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== 'idle') return;
    const invalid = validateResetEmail(email);
    setError(invalid);
    if (!invalid) request.mutate(email.trim());
  }

  return (
    <>
      <h2 id="reset-request-title">Reset Password</h2>
      {state === 'sent' ? (
        <>
          <p className="notice notice-success" role="status">
            {answerMessage(request.data, AUTH_NOTICES.resetLinkSent)}
          </p>
          <p className="muted">The link is valid for one hour. Check your spam folder too.</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="muted">
            Enter the email address of your account and we will send you a link to choose a new
            password.
          </p>
          {error && (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          )}
          <form className="form-stack" onSubmit={onSubmit} noValidate>
            <div className="field">
              <label htmlFor="reset-request-email">Email</label>
              <input
                id="reset-request-email"
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                disabled={state === 'sending'}
              />
            </div>
            <div className="dialog-actions">
              <button type="button" className="btn" onClick={onClose}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={state === 'sending'}>
                {state === 'sending' ? 'Sending...' : 'Send Reset Link'}
              </button>
            </div>
          </form>
        </>
      )}
    </>
  );
}
