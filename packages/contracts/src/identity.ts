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

/**
 * A guest id as the gateway issues it: `<uuid>.<signature>` (base64url HMAC-SHA256 of the uuid).
 * The client keeps it whole and sends it in the anonymous-session header; services only ever see
 * the uuid. A bare UUID, the form clients used to invent, is not accepted as a guest id any more
 * (docs/decisions.md, "Guest ids are issued by the server").
 */
export const ISSUED_ANONYMOUS_SESSION_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/i;

/** Whether a stored value has the issued form (the web app asks for a new id when it has not). */
export const isIssuedAnonymousSession = (value: string): boolean => ISSUED_ANONYMOUS_SESSION_PATTERN.test(value);

/**
 * A session id in a path (`/auth/anonymous-limits/{sessionId}`): the spec's client sends the value
 * it keeps, which is the issued form; a bare UUID is accepted too. Either way the uuid, lowercased.
 */
export const anonymousSessionRefSchema = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const uuid = ISSUED_ANONYMOUS_SESSION_PATTERN.exec(value)?.[1] ?? value;
    if (!z.uuid().safeParse(uuid).success) {
      ctx.addIssue({ code: 'custom', message: 'Not an anonymous session id' });
      return z.NEVER;
    }
    return uuid.toLowerCase();
  });
