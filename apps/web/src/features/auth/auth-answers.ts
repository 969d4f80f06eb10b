import { parseMeResponse, type SessionUser } from '../../lib/session/session-state';

export interface SessionAnswer {
  token: string;
  user: SessionUser;
}

/**
 * The token and user of a login, Google, verification or reset answer. Login answers carry the user
 * both at the top level and under `user`; a reset answer may carry the token only inside `user`
 * (spec 01 §3 "user (with token)"). Null when either is missing.
 */
export function parseSessionAnswer(body: unknown): SessionAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as { token?: unknown; user?: unknown };
  const nested =
    typeof b.user === 'object' && b.user !== null
      ? (b.user as { token?: unknown }).token
      : undefined;
  const token = typeof b.token === 'string' && b.token ? b.token : nested;
  if (typeof token !== 'string' || token === '') return null;
  const user = parseMeResponse(body);
  return user ? { token, user } : null;
}

/** POST /auth/register answers the account to verify; the dialog needs its id and e-mail. */
export function parseRegisterAnswer(
  body: unknown,
  typedEmail: string,
): { userId: string; email: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as { userId?: unknown; email?: unknown };
  if (typeof b.userId !== 'string' || b.userId === '') return null;
  return { userId: b.userId, email: typeof b.email === 'string' && b.email ? b.email : typedEmail };
}

/** A `message` string of an answer, else the fallback. */
export function answerMessage(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null) {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/** GET /auth/validate-reset-token answers whose account the link resets. */
export function parseResetTokenAnswer(body: unknown): { email: string; firstName: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as { email?: unknown; firstName?: unknown; success?: unknown };
  if (b.success === false || typeof b.email !== 'string') return null;
  return { email: b.email, firstName: typeof b.firstName === 'string' ? b.firstName : '' };
}

/** GET /auth/config: Google sign-in is offered only with a client id. */
export function googleClientIdOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const id = (body as { googleClientId?: unknown }).googleClientId;
  return typeof id === 'string' && id.trim() !== '' ? id : null;
}
