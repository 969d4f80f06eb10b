import { z } from 'zod';
import type { AnonymousSession } from './session-store';

/** The signed-in user as the app uses it (spec 01 §3: _id, email, firstName). */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  /** True for Scholar subscribers when the server says so; the sidebar shows 'Try Scholar' otherwise. */
  hasActiveSubscription: boolean;
}

/** The three visitor states of spec 01 §2.2, plus loading. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'anonymous'; anonymous: AnonymousSession; notice?: string }
  | { status: 'none'; error: string };

export const SESSION_EXPIRED_MESSAGE = 'Session expired. You can continue as a guest.';
export const SESSION_INIT_FAILED_MESSAGE = 'Failed to initialize session';

const rawUserSchema = z
  .object({
    _id: z.string().optional(),
    id: z.string().optional(),
    userId: z.string().optional(),
    email: z.string(),
    firstName: z.string().nullish(),
    plan: z.string().optional(),
    hasActiveSubscription: z.boolean().optional(),
  })
  .refine((u) => u._id ?? u.id ?? u.userId, { message: 'user id missing' });

/**
 * Finds the user in an /auth/me answer. Its shape is not fixed by the spec, so the usual wrappers
 * ({user}, {data}, {data: {user}}) and a bare user are all accepted; anything else is null.
 */
export function parseMeResponse(body: unknown): SessionUser | null {
  const candidates: unknown[] = [body];
  if (typeof body === 'object' && body !== null) {
    const b = body as Record<string, unknown>;
    candidates.unshift(b.user, b.data);
    if (typeof b.data === 'object' && b.data !== null)
      candidates.unshift((b.data as Record<string, unknown>).user);
  }
  for (const candidate of candidates) {
    const parsed = rawUserSchema.safeParse(candidate);
    if (parsed.success) {
      const u = parsed.data;
      return {
        id: u._id ?? u.id ?? u.userId ?? '',
        email: u.email,
        firstName: u.firstName ?? '',
        hasActiveSubscription: u.hasActiveSubscription ?? u.plan === 'scholar',
      };
    }
  }
  return null;
}
