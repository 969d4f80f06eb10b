import { AUTH_MESSAGES } from './auth-messages';
import type { SignInMode } from '../../lib/session/sign-in-dialog';

export const VERIFICATION_CODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;

/** What the code box keeps of a keystroke or a paste: digits only, at most six (spec 01 §5). */
export function sanitizeCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

/** 'Verify Email' is enabled only for exactly six digits. */
export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(code);
}

export interface SignInFields {
  firstName: string;
  email: string;
  password: string;
}

/** The body a sign-in dialog sends: trimmed name and e-mail; the password exactly as typed. */
export function signInBody(mode: 'register', fields: SignInFields): SignInFields;
export function signInBody(
  mode: 'login',
  fields: SignInFields,
): { email: string; password: string };
export function signInBody(mode: SignInMode, fields: SignInFields) {
  const email = fields.email.trim();
  return mode === 'register'
    ? { firstName: fields.firstName.trim(), email, password: fields.password }
    : { email, password: fields.password };
}

/**
 * The client-side check before a sign-in call: every field of the mode is required (spec 01 §5
 * gives no other bounds; the server checks the rest and its message is shown). Null when fine.
 */
export function validateSignIn(mode: SignInMode, fields: SignInFields): string | null {
  if (mode === 'register' && fields.firstName.trim() === '') return 'Please enter your first name';
  if (fields.email.trim() === '') return 'Please enter your email address';
  if (fields.password === '') return 'Please enter your password';
  return null;
}

/** The reset-request dialog needs an e-mail address. */
export function validateResetEmail(email: string): string | null {
  return email.trim() === '' ? 'Please enter your email address' : null;
}

/** The reset page's form (spec 01 §5, §8): both entries equal, at least 8 characters. */
export function validateNewPassword(password: string, confirmation: string): string | null {
  if (password !== confirmation) return AUTH_MESSAGES.passwordsDiffer;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return null;
}
