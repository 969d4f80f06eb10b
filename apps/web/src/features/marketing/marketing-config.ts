/**
 * Build-time configuration of the public site. Vite inlines `VITE_*` variables when the app is
 * built (set them in the environment of `pnpm --filter @mnemo/web build`; see .env.example).
 */

/** Where the affiliate programme's portal lives when VITE_AFFILIATE_PORTAL_URL is not set. */
export const DEFAULT_AFFILIATE_PORTAL_URL = 'https://affiliates.mnemo.study';

/**
 * The configured portal address when it is an absolute http(s) URL, else the default: a typo in
 * the build environment must not turn the join button into a broken relative link.
 */
export function affiliatePortalUrl(configured: unknown): string {
  if (typeof configured !== 'string' || configured.trim() === '')
    return DEFAULT_AFFILIATE_PORTAL_URL;
  try {
    const url = new URL(configured.trim());
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? url.href
      : DEFAULT_AFFILIATE_PORTAL_URL;
  } catch {
    return DEFAULT_AFFILIATE_PORTAL_URL;
  }
}

export const AFFILIATE_PORTAL_URL = affiliatePortalUrl(import.meta.env.VITE_AFFILIATE_PORTAL_URL);
