import {
  useCallback,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

/** Keeps a width inside the sidebar's bounds (spec 02 §9: summary 240-600, questions 300-600). */
export function clampWidth(width: number, min: number, max: number): number {
  if (!Number.isFinite(width)) return min;
  return Math.min(max, Math.max(min, Math.round(width)));
}

const KEY_STEP = 16;

/**
 * A sidebar on the right of a deck page whose width the user drags (or moves with the arrow keys
 * on the handle, which is a focusable separator so it works without a mouse).
 */
export function ResizableSidebar({
  min,
  max,
  defaultWidth,
  label,
  children,
}: {
  min: number;
  max: number;
  defaultWidth: number;
  /** Names the separator for screen readers, e.g. 'Resize chat'. */
  label: string;
  children: ReactNode;
}) {
  const [width, setWidth] = useState(() => clampWidth(defaultWidth, min, max));
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      drag.current = { startX: event.clientX, startWidth: width };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    [width],
  );
  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      if (!drag.current) return;
      // The handle is on the sidebar's left edge: dragging left widens it.
      setWidth(clampWidth(drag.current.startWidth + drag.current.startX - event.clientX, min, max));
    },
    [min, max],
  );
  const onPointerUp = useCallback((event: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  }, []);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const next =
        event.key === 'ArrowLeft'
          ? width + KEY_STEP
          : event.key === 'ArrowRight'
            ? width - KEY_STEP
            : event.key === 'Home'
              ? max
              : event.key === 'End'
                ? min
                : null;
      if (next === null) return;
      event.preventDefault();
      setWidth(clampWidth(next, min, max));
    },
    [width, min, max],
  );

  return (
    <aside className="resizable-sidebar" style={{ width }} data-width={width}>
      <div
        className="resizable-sidebar-handle"
        role="separator"
        aria-orientation="vertical"
        aria-label={label}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      />
      <div className="resizable-sidebar-body">{children}</div>
    </aside>
  );
}
