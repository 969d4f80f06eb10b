import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Pager } from '../../components/pager';
import { Thumbnail } from '../../components/thumbnail';
import { Link } from '@tanstack/react-router';
import { cardCountLabel, deckVisual, formatDeckDate } from '../../lib/deck-list';
import { useExplore, type ExploreCard } from './explore-api';
import {
  EXPLORE_MESSAGES as M,
  SEARCH_DEBOUNCE_MS,
  decksFoundText,
  exploreEmptyState,
  exploreHeading,
  exploreLoadingText,
  pageWindow,
  publishedByText,
  sourcesText,
} from './explore-model';
import './explore.css';

export interface ExplorePageProps {
  /** The searched term from the address ('' for none). */
  search: string;
  /** The page from the address (1 when absent). */
  page: number;
  /** A new term: replaces the address (typing is not a history of its own), back to page 1. */
  onSearch: (term: string) => void;
  /** Another page: a new history entry, so back returns to the previous page. */
  onPage: (page: number) => void;
  /** Try Again: clears the search and returns to page 1 (spec 01 §2.9). */
  onReset: () => void;
  /**
   * The clone dialog a card's Clone button opens. Cloning belongs to the deck area; the route hands
   * its dialog in, so explore does not import a sibling feature.
   */
  CloneDialog: ComponentType<{
    open: boolean;
    onClose: () => void;
    deck: { _id: string; title: string };
  }>;
}

/**
 * /explore (spec 01 §2.9): the search box, the heading and count, the grid of published decks,
 * the empty, loading and error states and the pager. The term and page live in the address, so
 * back, forward and reload keep them.
 */
export function ExplorePage({
  search,
  page,
  onSearch,
  onPage,
  onReset,
  CloneDialog,
}: ExplorePageProps) {
  const explore = useExplore(search, page);
  // The deck being cloned outlives the dialog's closing, so its fade-out still has its words.
  const [cloning, setCloning] = useState<{ card: ExploreCard; open: boolean } | null>(null);

  function goToPage(next: number) {
    if (next === page) return;
    onPage(next);
    // Spec 01 §2.9: changing page scrolls to the top.
    window.scrollTo({ top: 0, behavior: 'auto' });
  }

  return (
    <div className="page explore-page">
      <h1>{M.title}</h1>
      <SearchBox term={search} onSearch={onSearch} />
      {explore.isError ? (
        <div className="notice notice-error explore-error" role="alert">
          <span>{M.loadFailed}</span>
          <button
            type="button"
            className="btn"
            onClick={() => {
              onReset();
              // The same address (no term, page 1) would keep the failed answer: ask again.
              if (search === '' && page === 1) void explore.refetch();
            }}
          >
            Try Again
          </button>
        </div>
      ) : explore.isPending ? (
        <p className="muted explore-loading" role="status">
          {exploreLoadingText(search)}
        </p>
      ) : (
        <Results
          search={search}
          page={page}
          data={explore.data}
          onPage={goToPage}
          onClone={(card) => setCloning({ card, open: true })}
        />
      )}
      {cloning && (
        <CloneDialog
          open={cloning.open}
          onClose={() => setCloning((c) => c && { ...c, open: false })}
          deck={cloning.card}
        />
      )}
    </div>
  );
}

/**
 * The search box: the term is sent after a pause in typing (a request per keystroke would race),
 * and follows the address when back or forward changes it.
 */
function SearchBox({ term, onSearch }: { term: string; onSearch: (term: string) => void }) {
  const [draft, setDraft] = useState(term);
  const id = useId();
  const sent = useRef(term);

  // Back / forward / Try Again: the address's term wins over what the box holds.
  useEffect(() => {
    if (term !== sent.current) {
      sent.current = term;
      setDraft(term);
    }
  }, [term]);

  useEffect(() => {
    const next = draft.trim();
    if (next === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = next;
      onSearch(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, onSearch]);

  return (
    <form className="explore-search" role="search" onSubmit={(e) => e.preventDefault()}>
      <label className="visually-hidden" htmlFor={id}>
        Search published decks
      </label>
      <input
        id={id}
        type="search"
        placeholder={M.searchPlaceholder}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
    </form>
  );
}

function Results({
  search,
  page,
  data,
  onPage,
  onClone,
}: {
  search: string;
  page: number;
  data: { data: ExploreCard[]; pagination: { total: number; totalPages: number } };
  onPage: (page: number) => void;
  onClone: (card: ExploreCard) => void;
}) {
  const { total, totalPages } = data.pagination;
  const empty = exploreEmptyState(search);
  return (
    <section className="explore-results" aria-labelledby="explore-heading">
      <header className="explore-results-head">
        <h2 id="explore-heading">{exploreHeading(search)}</h2>
        <p className="muted explore-count" role="status">
          {decksFoundText(total)}
        </p>
      </header>
      {data.data.length === 0 ? (
        <div className="explore-empty">
          <h3>{empty.title}</h3>
          <p className="muted">{empty.text}</p>
        </div>
      ) : (
        <ul className="explore-grid" aria-label="Published decks">
          {data.data.map((card) => (
            <PublishedDeckCard key={card._id} card={card} onClone={() => onClone(card)} />
          ))}
        </ul>
      )}
      {totalPages > 1 && (
        <Pager
          page={Math.min(Math.max(1, page), totalPages)}
          pages={totalPages}
          onPage={onPage}
          label="Pages"
          className="explore-pager"
          numbers={pageWindow(page, totalPages)}
        />
      )}
    </section>
  );
}

/**
 * A published deck (spec 01 §2.9, §3): the Published badge, title, card count, published date,
 * its sources, who published it, and the clone button. The card opens the deck in preview.
 */
function PublishedDeckCard({ card, onClone }: { card: ExploreCard; onClone: () => void }) {
  const visual = deckVisual(card);
  const sources = sourcesText(card.sources);
  return (
    <li className="explore-card">
      <Link
        to="/deck/$deckId/summary"
        params={{ deckId: card._id }}
        className="explore-card-link"
        aria-label={card.title}
      >
        <span className="explore-card-top">
          <span className="badge badge-published">Published</span>
          {visual.kind === 'video' && (
            <Thumbnail className="explore-card-thumb" src={visual.thumbnail} loading="lazy" />
          )}
        </span>
        <span className="explore-card-title">{card.title}</span>
        {card.description && <span className="explore-card-desc muted">{card.description}</span>}
        <span className="explore-card-meta muted">
          <span>{cardCountLabel(card.cardCount)}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={card.publishedAt}>{formatDeckDate(card.publishedAt)}</time>
        </span>
        {sources && <span className="explore-card-sources muted">{sources}</span>}
        <span className="explore-card-owner muted">{publishedByText(card)}</span>
      </Link>
      <button type="button" className="btn btn-primary explore-clone" onClick={onClone}>
        Clone
      </button>
    </li>
  );
}
