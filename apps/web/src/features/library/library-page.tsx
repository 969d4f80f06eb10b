import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { DueBadge } from '../../components/due-badge';
import { Pager } from '../../components/pager';
import { decksDueTotal, studyToday, useDueCounts } from '../../lib/review';
import { useSpaces } from '../../lib/spaces';
import { DeckCard } from './deck-card';
import {
  LIBRARY_MESSAGES,
  clampPage,
  deckCountLabel,
  pageCount,
  pageItems,
  pageLabel,
} from '../../lib/deck-list';
import { logLibrarySearch } from './library-search';
import { useDecks } from '../../lib/library-queries';
import { ImportDeck } from './import-deck';
import { QueryState } from '../../components/query-state';
import { SearchBox } from './search-box';
import './library.css';

/**
 * /library (spec 01 §2.7): 'Your Library', the search box, All Decks six to a page with Previous,
 * Next and 'n of m', and the Study Spaces grid with each space's deck count; then the Classes part
 * the route hands in (issue 23).
 */
export function LibraryPage({ classes }: { classes?: ReactNode } = {}) {
  return (
    <div className="page library-page">
      <h1>Your Library</h1>
      <DueToday />
      <LibrarySearch />
      <AllDecks />
      <StudySpaces />
      <LibraryImport />
      {classes}
    </div>
  );
}

/** What is due today across every deck, and the review of all of it (issue 20). */
function DueToday() {
  const counts = useDueCounts();
  const total = counts.data?.total;
  if (!total) return null;
  const today = studyToday(total);
  return (
    <section className="library-due" aria-labelledby="library-due-title">
      <h2 id="library-due-title" className="visually-hidden">
        Due today
      </h2>
      {today > 0 ? (
        <>
          <p>
            <strong>{today}</strong> {today === 1 ? 'card' : 'cards'} to study today: {total.due}{' '}
            due, {total.learning} learning, {total.new} new.
          </p>
          <Link to="/review" className="btn btn-primary">
            Review everything due
          </Link>
        </>
      ) : (
        <p className="muted">Nothing is due today. New cards arrive as you create decks.</p>
      )}
    </section>
  );
}

/** Spec 01 §2.7: the box only logs the term; it does not filter. */
function LibrarySearch() {
  const [term, setTerm] = useState('');
  return (
    <SearchBox
      label="Search your library"
      placeholder="Search your library..."
      value={term}
      onChange={setTerm}
      onSubmit={logLibrarySearch}
    />
  );
}

function AllDecks() {
  const decks = useDecks();
  const [page, setPage] = useState(1);
  const total = decks.data?.length ?? 0;
  const pages = pageCount(total);
  const current = clampPage(page, total);

  return (
    <section className="library-section" aria-labelledby="all-decks-title">
      <header className="library-section-head">
        <h2 id="all-decks-title">All Decks</h2>
        <Link to="/create-flashcards" className="btn">
          Create New Deck
        </Link>
      </header>
      <QueryState query={decks} loading="Loading decks..." failed={LIBRARY_MESSAGES.decksFailed} />
      {decks.data && total === 0 && (
        <p className="library-empty muted">{LIBRARY_MESSAGES.noDecks}</p>
      )}
      {decks.data && total > 0 && (
        <>
          <ul className="deck-grid" aria-label="Decks">
            {pageItems(decks.data, current).map((deck) => (
              <DeckCard key={deck._id} deck={deck} />
            ))}
          </ul>
          {pages > 1 && (
            <Pager page={current} pages={pages} onPage={setPage} label="Deck pages">
              <span className="pager-label" aria-live="polite">
                {pageLabel(current, pages)}
              </span>
            </Pager>
          )}
        </>
      )}
    </section>
  );
}

function SpaceDue({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="visually-hidden">, </span>
      <DueBadge count={count} />
    </>
  );
}

function StudySpaces() {
  const spaces = useSpaces();
  const counts = useDueCounts();
  return (
    <section className="library-section" aria-labelledby="study-spaces-title">
      <header className="library-section-head">
        <h2 id="study-spaces-title">Study Spaces</h2>
        <Link to="/create-flashcards" search={{ 'new-space': true }} className="btn">
          Create New Space
        </Link>
      </header>
      <QueryState
        query={spaces}
        loading="Loading study spaces..."
        failed={LIBRARY_MESSAGES.spacesFailed}
      />
      {spaces.data?.length === 0 && (
        <p className="library-empty muted">{LIBRARY_MESSAGES.noSpaces}</p>
      )}
      {spaces.data && spaces.data.length > 0 && (
        <ul className="space-grid" aria-label="Study spaces">
          {spaces.data.map((space) => (
            <li key={space._id} className="space-card">
              <Link
                to="/space/$spaceId"
                params={{ spaceId: space._id }}
                className="space-card-link"
              >
                <span className="space-card-title">{space.title}</span>
                <span className="visually-hidden">, </span>
                <span className="muted">{deckCountLabel(space.decks.length)}</span>
                <SpaceDue count={decksDueTotal(counts.data, space.decks)} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Import a deck into one of the learner's spaces (issue 24). */
function LibraryImport() {
  const spaces = useSpaces();
  if (!spaces.data) return null;
  return <ImportDeck spaces={spaces.data} />;
}
