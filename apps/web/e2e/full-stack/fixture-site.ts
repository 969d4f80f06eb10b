/**
 * A local site the full-stack tests serve fixture pages from; the stack's worker may fetch it
 * (SOURCE_FETCH_ALLOWLIST). Fixed like the stack's own port, beside it.
 */
export const FIXTURE_SITE_PORT = 4837;
