/**
 * Top bar scroll-spy (spec 01 §2.4): the active link follows the section under a probe line 200 px
 * from the top of the window. Sections name the link they belong to with a `data-nav` attribute.
 */

export const SCROLL_SPY_PROBE_PX = 200;

/** The top bar's links that can be active. */
export type NavKey = 'features' | 'schools' | 'plans' | 'affiliate';

export const NAV_KEYS: readonly NavKey[] = ['features', 'schools', 'plans', 'affiliate'];

export function isNavKey(value: string | undefined | null): value is NavKey {
  return value !== undefined && value !== null && (NAV_KEYS as readonly string[]).includes(value);
}

export interface SpiedSection {
  nav: NavKey;
  /** Top edge relative to the window (getBoundingClientRect().top). */
  top: number;
  /** Bottom edge relative to the window. */
  bottom: number;
}

/** The link a page belongs to when no section is under the probe line. */
export function pageNavKey(pathname: string): NavKey | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/info') return 'features';
  if (path === '/plans') return 'plans';
  if (path === '/affiliate') return 'affiliate';
  return null;
}

/**
 * The link of the section the probe line crosses: the last section (in document order) whose top
 * is at or above the line. A gap between sections keeps the section above it; above every section
 * the page's own link is active.
 */
export function activeNav(
  sections: readonly SpiedSection[],
  fallback: NavKey | null,
  probe: number = SCROLL_SPY_PROBE_PX,
): NavKey | null {
  let active = fallback;
  for (const section of sections) {
    if (section.top <= probe) active = section.nav;
  }
  return active;
}
