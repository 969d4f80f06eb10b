import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { AppError } from '@mnemo/service-kit';

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 'true'),
  given_name: z.string().optional(),
  name: z.string().optional(),
});
export type GoogleIdentity = { sub: string; email: string; firstName: string };

/**
 * Verifies a Google ID token: RS256 signature against Google's published keys (cached by jose),
 * audience = our client id, issuer = Google, not expired, and a verified e-mail.
 */
export function createGoogleVerifier({ clientId, jwksUrl }: { clientId: string; jwksUrl: string }) {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async function verify(credential: string): Promise<GoogleIdentity> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(credential, keys, { algorithms: ['RS256'], audience: clientId, issuer: GOOGLE_ISSUERS }));
    } catch (e) {
      throw new AppError('GOOGLE_TOKEN_INVALID', 'Google authentication failed', { cause: e });
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success || !claims.data.email_verified) {
      throw new AppError('GOOGLE_TOKEN_INVALID', 'Google authentication failed: the Google account has no verified e-mail');
    }
    const firstName = claims.data.given_name ?? claims.data.name?.split(' ')[0] ?? claims.data.email.split('@')[0]!;
    return { sub: claims.data.sub, email: claims.data.email, firstName: firstName.slice(0, 100) };
  };
}
export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
