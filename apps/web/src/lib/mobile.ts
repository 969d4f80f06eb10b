/** Spec 01 §2.3 and §9: a window this wide or narrower counts as mobile. */
export const MOBILE_BREAKPOINT_PX = 768;

const MOBILE_UA = /android|webos|iphone|ipad|ipod|blackberry|windows phone|mobile/i;

/** Routes mobile visitors may still use; every other route shows the desktop-advice page. */
export const MOBILE_ALLOWED_PATHS: readonly string[] = [
  '/',
  '/info',
  '/plans',
  '/affiliate',
  '/mobile-invite',
  '/terms',
  '/privacy',
  '/reset-password',
];

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

export function isMobileDevice(userAgent: string, windowWidth: number): boolean {
  return isMobileUserAgent(userAgent) || windowWidth <= MOBILE_BREAKPOINT_PX;
}

/** Path without a trailing slash (except the root itself). */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** True when a mobile visitor on this path gets the desktop-advice page instead of the route. */
export function shouldShowDesktopAdvice(pathname: string, isMobile: boolean): boolean {
  return isMobile && !MOBILE_ALLOWED_PATHS.includes(normalizePath(pathname));
}

/**
 * Whether the app stays mounted under the desktop advice: always when the advice is not shown,
 * and when it is, only if the app was on screen at this path before (a window narrowed
 * mid-session keeps its state; a phone never mounts an app page at all).
 */
export function keepsAppMounted(advice: boolean, shownHere: boolean): boolean {
  return !advice || shownHere;
}
