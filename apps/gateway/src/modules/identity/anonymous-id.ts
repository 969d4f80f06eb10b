import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { ISSUED_ANONYMOUS_SESSION_PATTERN } from '@mnemo/contracts/identity';
import { LRUCache } from 'lru-cache';

export type AnonymousIds = ReturnType<typeof createAnonymousIds>;

/**
 * Guest ids the gateway issues and verifies: `<uuid>.<base64url HMAC-SHA256(uuid)>`. A signature
 * rather than a database row, so verifying costs no call and issuing writes nothing; only ids this
 * fleet issued pass, which lets the per-address issuance limit bound how many guests one client
 * can be. Hand-written because it is four lines of node:crypto; a JWT would carry claims we do
 * not need and make the header three times longer.
 *
 * The key is derived from the JWT secret with a fixed label, so a guest signature can never be
 * replayed as anything else signed with that secret (and no new secret has to be deployed).
 */
export function createAnonymousIds(jwtSecret: string, { remember = 10_000 }: { remember?: number } = {}) {
  const key = createHmac('sha256', jwtSecret).update('mnemo:anonymous-session:v1').digest();
  const sign = (uuid: string) => createHmac('sha256', key).update(uuid).digest('base64url');
  // Every call of a guest carries its id: the ids whose signature held are remembered (the most
  // recent `remember` of them, by their whole text), so a guest's later calls skip the HMAC. A guest
  // id has no expiry and no revocation (it is its signature), so a remembered answer is the answer
  // the HMAC would give; a value that did not verify is never remembered and is checked every time.
  const verified = new LRUCache<string, string>({ max: remember });

  return {
    /** A new guest id (or the signed form of `uuid`, for tests that need a known id). */
    issue(uuid: string = randomUUID()): string {
      const id = uuid.toLowerCase();
      return `${id}.${sign(id)}`;
    },
    /** The uuid inside an issued id, or null when the value is not one this gateway signed. */
    verify(value: string): string | null {
      const known = verified.get(value);
      if (known !== undefined) return known;
      const match = ISSUED_ANONYMOUS_SESSION_PATTERN.exec(value);
      if (!match) return null;
      const uuid = match[1]!.toLowerCase();
      // Compared as text: decoding first would let two spellings of the last character both pass.
      const given = Buffer.from(match[2]!);
      const expected = Buffer.from(sign(uuid));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      verified.set(value, uuid);
      return uuid;
    },
  };
}
