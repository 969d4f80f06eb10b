import type { Identity } from '@mnemo/contracts/identity';
import { IDENTITY_HEADER } from '@mnemo/contracts/identity';
import { signIdentity } from './identity';

/** The internal secret every service test uses. */
export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789abcdef';

/** Headers as the gateway would send them for this caller. */
export const asCaller = (identity: Identity, secret = TEST_INTERNAL_SECRET, origin?: string) => ({
  [IDENTITY_HEADER]: signIdentity(identity, secret, Date.now(), origin),
});
