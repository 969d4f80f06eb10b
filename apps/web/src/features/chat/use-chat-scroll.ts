import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Spec 02 §9 scrolling constants. */
export const SCROLL_RULES = {
  bottomTolerancePx: 5,
  checkDelayMs: 100,
  scrollbarHideMs: 1000,
} as const;

/** Whether a scroll position counts as the bottom (within 5 px). */
export function isAtBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }) {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_RULES.bottomTolerancePx;
}

/** Spec 02 §9: each streamed piece fades in 50 ms after the one before, at most 500 ms late. */
export function fadeDelayMs(index: number): number {
  return Math.min(index * 50, 500);
}

/**
 * Follows new content at the bottom unless the user scrolled up (checked 100 ms after a scroll);
 * `scrolling` is true for 1 s after the last scroll so the scrollbar can show meanwhile.
 */
export function useChatScroll(ref: RefObject<HTMLElement | null>, content: unknown) {
  const stick = useRef(true);
  const [scrolling, setScrolling] = useState(false);
  const checkTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const onScroll = useCallback(() => {
    setScrolling(true);
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setScrolling(false), SCROLL_RULES.scrollbarHideMs);
    if (checkTimer.current) clearTimeout(checkTimer.current);
    checkTimer.current = setTimeout(() => {
      if (ref.current) stick.current = isAtBottom(ref.current);
    }, SCROLL_RULES.checkDelayMs);
  }, [ref]);

  useEffect(() => {
    const el = ref.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [ref, content]);

  useEffect(
    () => () => {
      if (checkTimer.current) clearTimeout(checkTimer.current);
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  /** Follow the bottom again (the user sent a message). */
  const follow = useCallback(() => {
    stick.current = true;
  }, []);

  return { onScroll, scrolling, follow };
}
