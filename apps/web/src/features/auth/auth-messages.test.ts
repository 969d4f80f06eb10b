import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  AUTH_MESSAGES,
  messageFor,
  messageWithNetworkFallback,
  serverErrorField,
  unverifiedUserId,
} from './auth-messages';

const answered = (status: number, body: unknown, code: ApiError['code'] = 'UNKNOWN') =>
  new ApiError({ status, message: 'ignored', code, body });
const offline = new ApiError({
  status: 0,
  message: 'Could not reach the server',
  code: 'NETWORK_ERROR',
});

describe('auth error messages', () => {
  it("shows the server's error field", () => {
    const e = answered(
      401,
      { success: false, error: 'Invalid email or password' },
      'INVALID_CREDENTIALS',
    );
    expect(messageFor(e, AUTH_MESSAGES.loginFailed)).toBe('Invalid email or password');
  });

  it('falls back to the default of the call without an error field', () => {
    expect(messageFor(answered(500, '<html>'), AUTH_MESSAGES.registrationFailed)).toBe(
      'Registration failed',
    );
    expect(messageFor(answered(400, { error: '' }), AUTH_MESSAGES.verificationFailed)).toBe(
      'Email verification failed',
    );
    expect(messageFor(offline, AUTH_MESSAGES.resendFailed)).toBe(
      'Failed to resend verification code',
    );
    expect(messageFor(new Error('boom'), AUTH_MESSAGES.googleFailed)).toBe(
      'Google authentication failed',
    );
  });

  it('tells a server refusal from no answer at all in the reset flow', () => {
    const server = (e: unknown) =>
      messageWithNetworkFallback(
        e,
        AUTH_MESSAGES.resetRequestServer,
        AUTH_MESSAGES.resetRequestNetwork,
      );
    expect(server(answered(429, { error: 'Too many requests' }))).toBe('Too many requests');
    expect(server(answered(502, 'Bad gateway'))).toBe('Something went wrong');
    expect(server(offline)).toBe('Failed to send reset email. Please try again.');

    const page = (e: unknown) =>
      messageWithNetworkFallback(
        e,
        AUTH_MESSAGES.resetLinkInvalid,
        AUTH_MESSAGES.resetLinkUnchecked,
      );
    expect(page(answered(400, {}))).toBe('Invalid or expired reset link');
    expect(page(new Error('Invalid or expired reset link'))).toBe('Failed to validate reset link');
    expect(page(offline)).toBe('Failed to validate reset link');
  });

  it('never reads an error field out of a network failure', () => {
    expect(
      serverErrorField(
        new ApiError({ status: 0, message: 'x', code: 'NETWORK_ERROR', body: { error: 'x' } }),
      ),
    ).toBeNull();
  });

  it('finds the account to verify in a refused login', () => {
    const e = answered(
      409,
      { error: 'Please verify your email first.', userId: 'u-1' },
      'EMAIL_NOT_VERIFIED',
    );
    expect(unverifiedUserId(e)).toBe('u-1');
    expect(unverifiedUserId(answered(409, { userId: 'u-1' }, 'EMAIL_TAKEN'))).toBeNull();
    expect(unverifiedUserId(answered(409, {}, 'EMAIL_NOT_VERIFIED'))).toBeNull();
  });
});
