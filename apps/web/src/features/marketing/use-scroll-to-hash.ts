import { useEffect } from 'react';
import { useLocation } from '@tanstack/react-router';

/** Spec 01 §2.4: arriving at a page with a hash scrolls to that section after 100 ms. */
export const HASH_SCROLL_DELAY_MS = 100;

/** Scrolls the element with this id into view (smoothly, unless the visitor asks for less motion). */
export function scrollToSection(id: string): void {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document
    .getElementById(id)
    ?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}

/**
 * Scrolls to the section the URL hash names, 100 ms after the page (or the hash) changes: the
 * delay lets the lazily loaded page lay itself out first. The top bar's links turn the router's own
 * hash scrolling off so this is the only scroll.
 */
export function useScrollToHash(): void {
  const hash = useLocation({ select: (l) => l.hash });
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => scrollToSection(hash), HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash]);
}
