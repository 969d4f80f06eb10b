import type { ReactNode } from 'react';

export interface PagerProps {
  /** The page shown, 1-based. */
  page: number;
  /** How many pages there are; Next is off on the last (and when there is at most one). */
  pages: number;
  onPage: (page: number) => void;
  /** The navigation's name ('Deck pages', 'Pages'). */
  label: string;
  /** An extra class for the page's own spacing ('explore-pager'). */
  className?: string | undefined;
  /** Both buttons are off while a page loads. */
  busy?: boolean | undefined;
  /** Page numbers to offer between Previous and Next (a sliding window), the current one marked. */
  numbers?: readonly number[] | undefined;
  /** What sits between Previous and Next otherwise: 'n of m', a status line. */
  children?: ReactNode;
}

/** Previous is disabled on page 1, Next on the last page (spec 02 §5); no pages reads as one. */
export const canGoPrevious = (page: number) => page > 1;
export const canGoNext = (page: number, pages: number) => page < Math.max(1, pages);

/**
 * The one pager: Previous, what is in between (page numbers, 'n of m' or a status line), Next.
 * The library, explore and the card editor page with it.
 */
export function Pager({
  page,
  pages,
  onPage,
  label,
  className,
  busy,
  numbers,
  children,
}: PagerProps) {
  return (
    <nav className={className ? `pager ${className}` : 'pager'} aria-label={label}>
      <button
        type="button"
        className="btn"
        disabled={!canGoPrevious(page) || busy}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      {numbers?.map((n) => (
        <button
          key={n}
          type="button"
          className={n === page ? 'btn pager-number active' : 'btn pager-number'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          disabled={busy}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      {children}
      <button
        type="button"
        className="btn"
        disabled={!canGoNext(page, pages) || busy}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
