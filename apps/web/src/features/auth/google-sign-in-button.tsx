import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { authConfigResponseSchema } from '@mnemo/contracts/api/auth';
import { api } from '../../lib/api';
import { logWarning } from '../../lib/log';
import { googleClientIdOf } from './auth-answers';
import type { SignInMode } from '../../lib/session/sign-in-dialog';
import { loadGoogleIdentity } from './google-identity';

export const authConfigQueryKey = ['auth', 'config'] as const;

/** GET /auth/config: null unless the server is configured for Google sign-in. */
export function useGoogleClientId(): string | null {
  const config = useQuery({
    queryKey: authConfigQueryKey,
    queryFn: ({ signal }) => api.get('/auth/config', { signal, schema: authConfigResponseSchema }),
    staleTime: Infinity,
    retry: false,
  });
  return googleClientIdOf(config.data);
}

/**
 * Google's own button (Google Identity Services), rendered only with a client id. It hands the
 * ID token (credential) to `onCredential`; the server verifies it.
 */
export function GoogleSignInButton({
  clientId,
  mode,
  onCredential,
}: {
  clientId: string;
  mode: SignInMode;
  onCredential: (credential: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(onCredential);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    latest.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity().then(
      (google) => {
        const parent = container.current;
        if (cancelled || !parent) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => {
            if (response.credential) latest.current(response.credential);
          },
        });
        parent.replaceChildren();
        google.accounts.id.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'rectangular',
          text: mode === 'register' ? 'signup_with' : 'signin_with',
          width: Math.min(parent.clientWidth || 360, 400),
        });
      },
      (error: unknown) => {
        logWarning('Google sign-in is unavailable', error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, mode]);

  if (failed) return null;
  return (
    <>
      <div ref={container} className="google-button" data-testid="google-sign-in" />
      <p className="divider">
        <span>or</span>
      </p>
    </>
  );
}
