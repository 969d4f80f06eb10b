import { z } from 'zod';

/** Header the gateway sets on every request it forwards; services trust nothing else. */
export const IDENTITY_HEADER = 'x-mnemo-identity';
/** Header the spec's client sends when it has no token. */
export const ANONYMOUS_SESSION_HEADER = 'x-anonymous-session';
export const REQUEST_ID_HEADER = 'x-request-id';

export const planSchema = z.enum(['anonymous', 'free', 'scholar']);
export type Plan = z.infer<typeof planSchema>;

export const identitySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.uuid(), plan: planSchema, sessionId: z.string().optional() }),
  z.object({ kind: z.literal('anonymous'), anonId: z.uuid(), plan: z.literal('anonymous') }),
  /** No token and no anonymous session: only public calls are allowed. */
  z.object({ kind: z.literal('none') }),
  /** A service calling another service on its own behalf (internal APIs only). */
  z.object({ kind: z.literal('service'), service: z.string().min(1) }),
]);
export type Identity = z.infer<typeof identitySchema>;

/**
 * The signed envelope: identity plus when it was issued, so a captured header soon goes stale. The
 * gateway adds `origin`, the address the browser used (scheme, host, port), so the links a service
 * hands back to that browser (checkout, portal, mails) stay on it; services take it from here only,
 * never from a Host header they were sent.
 */
export const identityEnvelopeSchema = z.object({
  identity: identitySchema,
  iat: z.number().int(),
  origin: z.string().optional(),
});
export type IdentityEnvelope = z.infer<typeof identityEnvelopeSchema>;

/** Session tokens: HS256 JWTs the auth service issues and the gateway verifies. */
export const JWT_ISSUER = 'mnemo-auth';
export const JWT_AUDIENCE = 'mnemo';
export const JWT_ALGORITHMS = ['HS256'] as const;

/** A logged-out session's token id; present until the token would have expired anyway. */
export const revokedSessionKey = (prefix: string, jti: string) => `${prefix}:revoked-session:${jti}`;
/** Tokens of this user issued before this time (ms since epoch) are refused: "sign out everywhere". */
export const sessionsValidAfterKey = (prefix: string, userId: string) => `${prefix}:sessions-valid-after:${userId}`;
/** Set once the auth service has recorded an anonymous session, so the gateway tells it only once. */
export const anonymousSeenKey = (prefix: string, anonId: string) => `${prefix}:anon-seen:${anonId}`;
