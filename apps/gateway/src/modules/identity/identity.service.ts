import { jwtVerify, errors as joseErrors } from 'jose';
import { z } from 'zod';
import { AppError, type TraceCarrier } from '@mnemo/service-kit';
import type { AnonymousIds } from './anonymous-id';
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';
import {
  JWT_ALGORITHMS,
  JWT_AUDIENCE,
  JWT_ISSUER,
  planSchema,
  revokedSessionKey,
  sessionsValidAfterKey,
  type Identity,
  type Plan,
} from '@mnemo/contracts/identity';

export { JWT_AUDIENCE, JWT_ISSUER };

const claimsSchema = z.object({
  sub: z.uuid(),
  plan: planSchema.optional(),
  jti: z.string().optional(),
  iat: z.number().optional(),
  // Required by jwtVerify below (a number, seconds): kept so a remembered token still expires.
  exp: z.number(),
});
type Claims = z.infer<typeof claimsSchema>;

export type IdentityResolver = ReturnType<typeof createIdentityResolver>;

/**
 * Resolves the caller once at the edge: a bearer JWT (HS256 only, issuer, audience and expiry
 * checked), else a guest id this gateway issued, else nobody. A token that does not verify is
 * answered 401 with shouldClearToken so the spec's client drops it and retries as anonymous; a guest
 * id the gateway did not issue (a client-made UUID, a forged signature) is answered 401
 * ANONYMOUS_SESSION_INVALID, and the client asks for a new one.
 */
export function createIdentityResolver({
  jwtSecret,
  anonymousIds,
  redis,
  redisPrefix,
  planOf,
  rememberTokens = 10_000,
  now = Date.now,
}: {
  jwtSecret: string;
  anonymousIds: Pick<AnonymousIds, 'verify'>;
  redis: Redis;
  redisPrefix: string;
  /** The user's plan from the billing service (cached); null or absent falls back to the token's claim. */
  planOf?: (userId: string, trace?: TraceCarrier) => Promise<Plan | null>;
  /** How many verified tokens are remembered (the most recently used). */
  rememberTokens?: number;
  now?: () => number;
}) {
  const key = new TextEncoder().encode(jwtSecret);
  const invalid = (message: string) => new AppError('TOKEN_INVALID', message, { flags: { shouldClearToken: true } });
  /**
   * Tokens whose signature and claims held, by their whole text: a signed-in user sends the same
   * token with every call, and verifying it (HMAC, JSON, claims) each time bought nothing. A
   * remembered token is used only until its `exp`, as jwtVerify would (it refuses from the second
   * `exp` names on); it can only have become more valid otherwise (`nbf` passed). What can end a
   * session early (logout, a password reset) lives in Redis and is still asked on every call below,
   * so a revoked session is refused on its next call exactly as before. Only tokens that verified
   * are remembered: anything else is checked in full every time.
   */
  const verifiedTokens = new LRUCache<string, Claims>({ max: rememberTokens });

  async function verifyToken(token: string): Promise<Claims> {
    const known = verifiedTokens.get(token);
    // jose's rule: expired once the current second (floored) reaches exp.
    if (known !== undefined && known.exp > Math.floor(now() / 1000)) return known;
    if (known !== undefined) verifiedTokens.delete(token);
    let claims: Claims;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [...JWT_ALGORITHMS],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
        currentDate: new Date(now()),
      });
      claims = claimsSchema.parse(payload);
    } catch (e) {
      throw invalid(e instanceof joseErrors.JWTExpired ? 'Session expired' : 'Invalid session token');
    }
    verifiedTokens.set(token, claims);
    return claims;
  }

  async function fromToken(token: string, trace: TraceCarrier | undefined): Promise<Identity> {
    const claims = await verifyToken(token);
    // Logout and password resets end sessions before their tokens expire.
    const [revoked, validAfter] = await redis.mget(
      revokedSessionKey(redisPrefix, claims.jti!),
      sessionsValidAfterKey(redisPrefix, claims.sub),
    );
    if (revoked || (validAfter && (claims.iat ?? 0) * 1000 < Number(validAfter))) throw invalid('Session ended');
    // The plan is billing's word, not the token's: an upgrade must not wait for a new sign-in.
    const plan = (await planOf?.(claims.sub, trace)) ?? claims.plan ?? 'free';
    return { kind: 'user', userId: claims.sub, plan, sessionId: claims.jti! };
  }

  return {
    /**
     * The caller of a request. Synchronous (no promise) for a guest or nobody, the calls that need
     * no Redis; a promise for a bearer token. Throws (or rejects) with the AppError to answer.
     */
    resolve(input: {
      authorization?: string | undefined;
      anonymousSession?: string | undefined;
      /** The request's trace, continued by the plan's call to billing. */
      trace?: TraceCarrier | undefined;
    }): Identity | Promise<Identity> {
      const auth = input.authorization?.trim();
      if (auth) {
        const match = /^Bearer\s+(\S+)$/i.exec(auth);
        if (!match?.[1]) throw new AppError('TOKEN_INVALID', 'Malformed Authorization header', { flags: { shouldClearToken: true } });
        return fromToken(match[1], input.trace);
      }
      const anon = input.anonymousSession?.trim();
      if (anon) {
        const anonId = anonymousIds.verify(anon);
        if (!anonId) {
          throw new AppError(
            'ANONYMOUS_SESSION_INVALID',
            'This guest session was not issued by Mnemo. Ask POST /api/auth/anonymous-sessions for a new one.',
          );
        }
        return { kind: 'anonymous', anonId, plan: 'anonymous' };
      }
      return { kind: 'none' };
    },
  };
}
