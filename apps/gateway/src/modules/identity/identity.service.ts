import { jwtVerify, errors as joseErrors } from 'jose';
import { z } from 'zod';
import { AppError } from '@mnemo/service-kit';
import { planSchema, type Identity } from '@mnemo/contracts/identity';

export const JWT_ISSUER = 'mnemo-auth';
export const JWT_AUDIENCE = 'mnemo';

const claimsSchema = z.object({
  sub: z.uuid(),
  plan: planSchema.optional(),
  jti: z.string().optional(),
});

const uuid = z.uuid();

export type IdentityResolver = ReturnType<typeof createIdentityResolver>;

/**
 * Resolves the caller once at the edge: a bearer JWT (HS256 only, issuer, audience and expiry
 * checked), else the client's anonymous session id, else nobody. A token that does not verify is
 * answered 401 with shouldClearToken so the spec's client drops it and retries as anonymous.
 */
export function createIdentityResolver({ jwtSecret }: { jwtSecret: string }) {
  const key = new TextEncoder().encode(jwtSecret);

  async function fromToken(token: string): Promise<Identity> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
      });
      const claims = claimsSchema.parse(payload);
      return { kind: 'user', userId: claims.sub, plan: claims.plan ?? 'free', ...(claims.jti ? { sessionId: claims.jti } : {}) };
    } catch (e) {
      const message = e instanceof joseErrors.JWTExpired ? 'Session expired' : 'Invalid session token';
      throw new AppError('TOKEN_INVALID', message, { flags: { shouldClearToken: true } });
    }
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
        if (!uuid.safeParse(anon).success) throw new AppError('BAD_REQUEST', 'The anonymous session id must be a UUID');
        return { kind: 'anonymous', anonId: anon.toLowerCase(), plan: 'anonymous' };
      }
      return { kind: 'none' };
    },
  };
}
