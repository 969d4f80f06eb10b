import {
  googleResponseSchema,
  loginResponseSchema,
  meResponseSchema,
  registerResponseSchema,
  resetPasswordResponseSchema,
  validateResetTokenResponseSchema,
  verifyEmailResponseSchema,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
  type VerifyEmailBody,
} from '@mnemo/contracts/api/auth';
import type { User } from '@mnemo/contracts/entities/user';
import { api, type ApiClient } from '../api';
import type { SessionUser } from './session-state';

/** What a call that starts a session hands the session: its token and its user. */
export interface SessionAnswer {
  token: string;
  user: SessionUser;
}

/** The contract's user (spec 01 §3: _id, email, firstName) as the app keeps it. */
export const sessionUserOf = (user: User): SessionUser => ({
  id: user._id,
  email: user.email,
  firstName: user.firstName,
});

const at = (value: string) => encodeURIComponent(value);

/**
 * The account calls of spec 01 §7 that the session depends on, each answer parsed with the
 * contract's schema (the one the auth service serializes with): an answer that does not match
 * fails with INVALID_RESPONSE, which every caller shows as its default message.
 */
export function authCalls(client: ApiClient = api) {
  return {
    /** GET /auth/me: the user of the stored token. */
    async me(signal?: AbortSignal): Promise<SessionUser> {
      return sessionUserOf(
        (await client.get('/auth/me', { signal, schema: meResponseSchema })).user,
      );
    },
    /** POST /auth/login: the spec shows the user's fields beside the token. */
    async login(body: LoginBody): Promise<SessionAnswer> {
      const answer = await client.post('/auth/login', body, { schema: loginResponseSchema });
      return { token: answer.token, user: sessionUserOf(answer) };
    },
    /** POST /auth/google: "token and user". */
    async google(credential: string): Promise<SessionAnswer> {
      const answer = await client.post(
        '/auth/google',
        { credential },
        { schema: googleResponseSchema },
      );
      return { token: answer.token, user: sessionUserOf(answer.user) };
    },
    /** POST /auth/register: the account to verify. */
    async register(body: RegisterBody): Promise<{ userId: string; email: string }> {
      const answer = await client.post('/auth/register', body, { schema: registerResponseSchema });
      return { userId: answer.userId, email: answer.email };
    },
    /** POST /auth/verify-email: "token and user". */
    async verifyEmail(body: VerifyEmailBody): Promise<SessionAnswer> {
      const answer = await client.post('/auth/verify-email', body, {
        schema: verifyEmailResponseSchema,
      });
      return { token: answer.token, user: sessionUserOf(answer.user) };
    },
    /** GET /auth/validate-reset-token/:token: whose account the link resets. */
    async validateResetToken(
      token: string,
      signal?: AbortSignal,
    ): Promise<{ email: string; firstName: string }> {
      const answer = await client.get(`/auth/validate-reset-token/${at(token)}`, {
        signal,
        schema: validateResetTokenResponseSchema,
      });
      return { email: answer.email, firstName: answer.firstName };
    },
    /** POST /auth/reset-password: "user (with token)"; the top-level token, when sent, is the same. */
    async resetPassword(body: ResetPasswordBody): Promise<SessionAnswer> {
      const answer = await client.post('/auth/reset-password', body, {
        schema: resetPasswordResponseSchema,
      });
      return { token: answer.token ?? answer.user.token, user: sessionUserOf(answer.user) };
    },
  };
}

export const auth = authCalls();
