/** The part of Google Identity Services (accounts.google.com/gsi/client) the sign-in button uses. */
export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup' | 'redirect';
        auto_select?: boolean;
        cancel_on_tap_outside?: boolean;
      }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

let loading: Promise<GoogleIdentity> | null = null;

/**
 * Loads Google's script once per page. Only called when the server has a Google client id, so a
 * deployment (or a test) without Google never contacts Google. A failed load may be retried.
 */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      if (window.google?.accounts?.id) resolve(window.google);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    document.querySelector(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`)?.remove();
    throw error;
  });
  return loading;
}
