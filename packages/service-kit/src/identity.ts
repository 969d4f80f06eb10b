import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  identityEnvelopeSchema,
  type Identity,
} from '@mnemo/contracts/identity';

/**
 * The gateway signs the caller's identity with the internal secret; services verify it. A header
 * older than maxAgeMs is refused, so one captured from a log cannot be replayed for long.
 */
export const IDENTITY_MAX_AGE_MS = 60_000;

const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** `origin`: the public address the caller used, as the gateway established it (see identityEnvelopeSchema). */
export function signIdentity(identity: Identity, secret: string, now = Date.now(), origin?: string): string {
  const envelope = origin === undefined ? { identity, iat: now } : { identity, iat: now, origin };
  const payload = Buffer.from(JSON.stringify(envelope)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

export type VerifyResult = { ok: true; identity: Identity; origin?: string } | { ok: false; reason: string };

export function verifyIdentity(
  header: string,
  secret: string,
  { now = Date.now(), maxAgeMs = IDENTITY_MAX_AGE_MS } = {},
): VerifyResult {
  const [payload, mac, extra] = header.split('.');
  if (!payload || !mac || extra !== undefined) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'bad signature' };
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = identityEnvelopeSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  // A little clock skew between pods is tolerated in the future direction.
  if (parsed.data.iat > now + 5_000 || now - parsed.data.iat > maxAgeMs) {
    return { ok: false, reason: 'expired' };
  }
  return { ok: true, identity: parsed.data.identity, ...(parsed.data.origin ? { origin: parsed.data.origin } : {}) };
}
