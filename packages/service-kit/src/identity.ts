import { createHmac, timingSafeEqual } from 'node:crypto';
import { identityEnvelopeSchema, type Identity, type IdentityEnvelope as Envelope } from '@mnemo/contracts/identity';

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

/** The signed envelope of a header whose signature holds, whatever its age. */
function readEnvelope(header: string, secret: string): { ok: true; envelope: Envelope } | { ok: false; reason: string } {
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
  return { ok: true, envelope: parsed.data };
}

function checkAge({ identity, iat, origin }: Envelope, now: number, maxAgeMs: number): VerifyResult {
  // A little clock skew between pods is tolerated in the future direction.
  if (iat > now + 5_000 || now - iat > maxAgeMs) return { ok: false, reason: 'expired' };
  return { ok: true, identity: { ...identity }, ...(origin ? { origin } : {}) };
}

export function verifyIdentity(
  header: string,
  secret: string,
  { now = Date.now(), maxAgeMs = IDENTITY_MAX_AGE_MS } = {},
): VerifyResult {
  const read = readEnvelope(header, secret);
  return read.ok ? checkAge(read.envelope, now, maxAgeMs) : read;
}

/**
 * signIdentity for a process that signs a header per request (the gateway): the header signed for
 * a caller (identity and origin) is reused for up to `reuseMs`, so a busy caller costs one HMAC a
 * second instead of one a request, and the services behind can remember it
 * (createIdentityVerifier). A reused header is at most `reuseMs` older than a fresh one would be;
 * services accept IDENTITY_MAX_AGE_MS.
 */
export function createIdentitySigner(secret: string, { reuseMs = 1_000, now = Date.now } = {}) {
  const signed = new Map<string, string>();
  let since = -Infinity;
  return (identity: Identity, origin?: string): string => {
    const t = now();
    // Forgetting every header at once each period bounds both the map and the headers' age.
    if (t - since >= reuseMs) {
      signed.clear();
      since = t;
    }
    const key = origin === undefined ? JSON.stringify(identity) : `${JSON.stringify(identity)}\n${origin}`;
    let header = signed.get(key);
    if (header === undefined) signed.set(key, (header = signIdentity(identity, secret, t, origin)));
    return header;
  };
}

/**
 * verifyIdentity remembering the headers whose signature held (up to `max` of them, all forgotten
 * every `maxAgeMs`): a header the gateway reuses is checked by its signature once, and on each
 * later use only for its age. Only headers that verified are remembered, by their whole text, so a
 * forged or altered header is always checked in full.
 */
export function createIdentityVerifier(
  secret: string,
  { maxAgeMs = IDENTITY_MAX_AGE_MS, max = 1_000, now = Date.now } = {},
) {
  const verified = new Map<string, Envelope>();
  let since = now();
  return (header: string): VerifyResult => {
    const t = now();
    if (verified.size >= max || t - since >= maxAgeMs) {
      verified.clear();
      since = t;
    }
    let envelope = verified.get(header);
    if (envelope === undefined) {
      const read = readEnvelope(header, secret);
      if (!read.ok) return read;
      envelope = read.envelope;
      verified.set(header, envelope);
    }
    return checkAge(envelope, t, maxAgeMs);
  };
}
