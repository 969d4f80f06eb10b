import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { ConceptMastery } from '@mnemo/contracts/api/review';
import { ShareBar } from '../../components/share-bar';
import { masteryQueryKey, reviewApi } from '../../lib/review';
import { percent, timeAgo } from '../../lib/review-format';

/** The weakest concepts first (the server sends them so; a tie keeps the most due first). */
export function weakestFirst(concepts: readonly ConceptMastery[]): ConceptMastery[] {
  return [...concepts].sort((a, b) => a.mastery - b.mastery || b.due - a.due);
}

/** 'Last studied 3 days ago', or that it never was. */
function lastStudied(lastReviewed: string | null): string {
  return lastReviewed ? `Studied ${timeAgo(lastReviewed)}` : 'Not studied yet';
}

/**
 * The deck's mastery per concept (issue 20), on the summary tab: each concept with its bar,
 * weakest first, opening the questions that test it; 'What to review next' names the three
 * weakest.
 */
export function DeckMastery({ deckId }: { deckId: string }) {
  const mastery = useQuery({
    queryKey: masteryQueryKey(deckId),
    queryFn: ({ signal }) => reviewApi.mastery(deckId, signal),
  });
  if (mastery.isPending) {
    return (
      <p className="muted" role="status">
        Loading mastery...
      </p>
    );
  }
  // A deck the caller does not study (someone else's published deck) has no mastery to show.
  if (mastery.isError) return null;
  const concepts = weakestFirst(mastery.data.concepts);
  return (
    <section className="deck-mastery" aria-labelledby="deck-mastery-title">
      <header className="deck-mastery-head">
        <h2 id="deck-mastery-title">Mastery</h2>
        <span className="muted">{percent(mastery.data.overall)} overall</span>
      </header>
      {concepts.length === 0 ? (
        <p className="muted">
          Mastery appears per concept once the deck has questions. Answer some to see it grow.
        </p>
      ) : (
        <>
          <section className="deck-review-next" aria-labelledby="deck-review-next-title">
            <h3 id="deck-review-next-title">What to review next</h3>
            <ol>
              {concepts.slice(0, 3).map((c) => (
                <li key={c.concept}>
                  <ConceptLink deckId={deckId} concept={c.concept} />
                  <span className="muted">
                    {' '}
                    {percent(c.mastery)}
                    {c.due > 0 ? `, ${c.due} due` : ''}
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <ul className="mastery-list" aria-label="Concepts">
            {concepts.map((c) => (
              <li key={c.concept} className="mastery-row">
                <ConceptLink deckId={deckId} concept={c.concept} />
                <ShareBar label={`Mastery of ${c.concept}`} share={c.mastery} />
                <span className="mastery-value">{percent(c.mastery)}</span>
                <span className="muted mastery-detail">
                  {c.questions} {c.questions === 1 ? 'question' : 'questions'}
                  {c.due > 0 ? ` · ${c.due} due` : ''} · {lastStudied(c.lastReviewed)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ConceptLink({ deckId, concept }: { deckId: string; concept: string }) {
  return (
    <Link
      to="/deck/$deckId/flashcards"
      params={{ deckId }}
      search={{ mode: 'practice', concepts: [concept] }}
      className="mastery-concept"
    >
      {concept}
    </Link>
  );
}
