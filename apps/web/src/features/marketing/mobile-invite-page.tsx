import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { logWarning } from '../../lib/log';

type SendState = 'idle' | 'sending' | 'sent';

/**
 * The desktop-advice page (/mobile-invite, and in place of any app route on mobile). The e-mail
 * form posts to /api/mobile/send-link; a failure is only logged and the form stays (spec 01 §4.6).
 */
export function MobileInvitePage() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<SendState>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address || state === 'sending') return;
    setState('sending');
    try {
      await api.post('/mobile/send-link', { email: address });
      setState('sent');
    } catch (error) {
      logWarning('sending the desktop link failed', error);
      setState('idle');
    }
  }

  return (
    <div className="page-narrow mobile-invite">
      <h1>Mnemo works best on a computer</h1>
      <p className="muted">
        Creating and studying decks needs a bigger screen. Leave your e-mail address and we will
        send you a link to open on your desktop.
      </p>
      {state === 'sent' ? (
        <p className="notice notice-success" role="status">
          Link sent. Check your inbox on your computer.
        </p>
      ) : (
        <form className="inline-form" onSubmit={onSubmit}>
          <label className="visually-hidden" htmlFor="mobile-invite-email">
            Email
          </label>
          <input
            id="mobile-invite-email"
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={state === 'sending'}>
            {state === 'sending' ? 'Sending...' : 'Send me a link'}
          </button>
        </form>
      )}
    </div>
  );
}
