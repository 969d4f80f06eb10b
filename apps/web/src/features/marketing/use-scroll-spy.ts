import { useEffect, useState } from 'react';
import { activeNav, isNavKey, pageNavKey, type NavKey, type SpiedSection } from './scroll-spy';

function measureSections(): SpiedSection[] {
  const sections: SpiedSection[] = [];
  document.querySelectorAll<HTMLElement>('[data-nav]').forEach((el) => {
    const nav = el.dataset.nav;
    if (!isNavKey(nav)) return;
    const rect = el.getBoundingClientRect();
    sections.push({ nav, top: rect.top, bottom: rect.bottom });
  });
  return sections;
}

/**
 * The top bar link to highlight on `pathname`: the section under the 200 px probe line, else the
 * page's own link. Measured on scroll and resize, once per animation frame at most, and again
 * when the page's content arrives (lazy routes render after the bar).
 */
export function useScrollSpy(pathname: string): NavKey | null {
  const fallback = pageNavKey(pathname);
  const [active, setActive] = useState<NavKey | null>(fallback);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setActive(activeNav(measureSections(), fallback));
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const main = document.querySelector('main');
    const observer = main ? new MutationObserver(schedule) : null;
    if (main) observer?.observe(main, { childList: true, subtree: true });
    return () => {
      if (frame !== 0) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
    };
  }, [fallback]);

  return active;
}
