import { Link } from '@tanstack/react-router';
import { ReviewSessionView } from './review-session-view';
import { useQueueSession } from './use-queue-session';
import { useReviewQueue } from './use-review-queue';

/** /review: everything due across the learner's decks in one session (issue 20), from the library. */
export function ReviewAllPage() {
  const queue = useReviewQueue(null);
  const session = useQueueSession(queue.loaded, { practice: false, resetKey: queue.loadedAt });
  const deckId =
    session.current?.kind === 'question'
      ? queue.load.data?.questions[session.state.index]?.deck
      : undefined;
  return (
    <div className="page review-all-page">
      <section className="study-session" aria-labelledby="review-all-title">
        <header className="study-head">
          <h1 id="review-all-title">Review everything due</h1>
          {deckId && (
            <Link to="/deck/$deckId/summary" params={{ deckId }} className="link-button">
              Open this card's deck
            </Link>
          )}
        </header>
        <ReviewSessionView queue={queue} session={session} />
      </section>
    </div>
  );
}
