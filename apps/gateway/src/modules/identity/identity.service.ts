import { jwtVerify, errors as joseErrors } from 'jose';
import { z } from 'zod';
import { AppError } from '@mnemo/service-kit';
import type { AnonymousIds } from './anonymous-id';
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
});

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
}: {
  jwtSecret: string;
  anonymousIds: Pick<AnonymousIds, 'verify'>;
  redis: Redis;
  redisPrefix: string;
  /** The user's plan from the billing service (cached); null or absent falls back to the token's claim. */
  planOf?: (userId: string) => Promise<Plan | null>;
}) {
  const key = new TextEncoder().encode(jwtSecret);
  const invalid = (message: string) => new AppError('TOKEN_INVALID', message, { flags: { shouldClearToken: true } });

  async function fromToken(token: string): Promise<Identity> {
    let claims: z.infer<typeof claimsSchema>;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [...JWT_ALGORITHMS],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
      });
      claims = claimsSchema.parse(payload);
    } catch (e) {
      throw invalid(e instanceof joseErrors.JWTExpired ? 'Session expired' : 'Invalid session token');
    }
    // Logout and password resets end sessions before their tokens expire.
    const [revoked, validAfter] = await redis.mget(
      revokedSessionKey(redisPrefix, claims.jti!),
      sessionsValidAfterKey(redisPrefix, claims.sub),
    );
    if (revoked || (validAfter && (claims.iat ?? 0) * 1000 < Number(validAfter))) throw invalid('Session ended');
    // The plan is billing's word, not the token's: an upgrade must not wait for a new sign-in.
    const plan = (await planOf?.(claims.sub)) ?? claims.plan ?? 'free';
    return { kind: 'user', userId: claims.sub, plan, sessionId: claims.jti! };
  }

  return {
    async resolve(input: { authorization?: string; anonymousSession?: string }): Promise<Identity> {
      const auth = input.authorization?.trim();
      if (auth) {
        const match = /^Bearer\s+(\S+)$/i.exec(auth);
        if (!match?.[1]) throw new AppError('TOKEN_INVALID', 'Malformed Authorization header', { flags: { shouldClearToken: true } });
        return fromToken(match[1]);
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
