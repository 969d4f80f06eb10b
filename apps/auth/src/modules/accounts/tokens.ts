import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { SignJWT } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER } from '@mnemo/contracts/identity';

/** A 6-digit code from a CSPRNG. */
export const newVerificationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** Codes are few: keyed with a server secret so a database dump alone cannot reverse them. */
export const hashCode = (code: string, secret: string) => createHmac('sha256', secret).update(code).digest('hex');
/** 128 random bits, URL-safe. */
export const newResetToken = () => randomBytes(16).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function signSessionToken({ userId, sessionId, secret, ttlSeconds, now = new Date() }: { userId: string; sessionId: string; secret: string; ttlSeconds: number; now?: Date }) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ plan: 'free' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setJti(sessionId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}
