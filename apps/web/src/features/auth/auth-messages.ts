import { isApiError, serverErrorField } from '../../lib/api';

// Shared with the other features' messages; kept importable from here for the auth code.
export { serverErrorField };

/**
 * The fallbacks of spec 01 §8, shown when the server gave no `error` field (or was unreachable).
 * 'Failed to initialize session' lives with the session (lib/session/session-state.ts).
 */
export const AUTH_MESSAGES = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  verificationFailed: 'Email verification failed',
  resendFailed: 'Failed to resend verification code',
  googleFailed: 'Google authentication failed',
  resetRequestServer: 'Something went wrong',
  resetRequestNetwork: 'Failed to send reset email. Please try again.',
  resetLinkMissing: 'Invalid reset link',
  resetLinkInvalid: 'Invalid or expired reset link',
  resetLinkUnchecked: 'Failed to validate reset link',
  passwordsDiffer: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  resetFailed: 'Failed to reset password',
  resetNetwork: 'Failed to reset password. Please try again.',
} as const;

/** Our own confirmations (the spec names the moments, not the words). */
export const AUTH_NOTICES = {
  loginSucceeded: 'Login successful!',
  verified: 'Email verified successfully!',
  codeResent: 'A new code has been sent to your email.',
  resetLinkSent: 'If an account exists for this email, we sent a link to reset your password.',
  passwordReset: 'Password reset successful! Redirecting...',
} as const;

/** The spec's timings (§4.1, §4.5, §9). */
export const AUTH_TIMINGS = {
  loginSuccessCloseMs: 800,
  verifiedCloseMs: 2000,
  resendNoticeMs: 3000,
  resetRedirectMs: 2000,
} as const;

/** True when the call never got an answer (offline, server down, DNS). */
export function isNetworkFailure(error: unknown): boolean {
  return !isApiError(error) || error.status === 0;
}

/** Spec 01 §8: "the server error field is shown", else the default of that call. */
export function messageFor(error: unknown, fallback: string): string {
  return serverErrorField(error) ?? fallback;
}

/**
 * Three-way messages of the reset flow (§8): the server's error field; the server fallback when it
 * answered without one; the network message when there was no answer at all.
 */
export function messageWithNetworkFallback(
  error: unknown,
  serverFallback: string,
  networkFallback: string,
): string {
  if (isNetworkFailure(error)) return networkFallback;
  return serverErrorField(error) ?? serverFallback;
}

/**
 * A login refused because the e-mail is not verified yet answers 409 EMAIL_NOT_VERIFIED with the
 * account id at the top level of the body; the client then opens the code dialog.
 */
export function unverifiedUserId(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'EMAIL_NOT_VERIFIED') return null;
  const body = error.body;
  if (typeof body !== 'object' || body === null) return null;
  const userId = (body as { userId?: unknown }).userId;
  return typeof userId === 'string' && userId !== '' ? userId : null;
}
