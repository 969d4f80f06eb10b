import type { AuthConfigResponse } from '@mnemo/contracts/api/auth';

// The answers themselves are parsed with the contracts' schemas (lib/session/auth-api.ts and the
// `schema` option of each call); what is left here is what the dialogs show of them.

/** The server's `message` when it says something, else the dialog's own words. */
export function answerMessage(
  answer: { message?: string | undefined } | undefined,
  fallback: string,
): string {
  const message = answer?.message;
  return message && message.trim() !== '' ? message : fallback;
}

/** GET /auth/config: Google sign-in is offered only with a client id. */
export function googleClientIdOf(config: AuthConfigResponse | undefined): string | null {
  const id = config?.googleClientId;
  return typeof id === 'string' && id.trim() !== '' ? id : null;
}
