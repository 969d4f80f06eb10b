import { REVIEW_RATINGS, type ReviewRating, type ReviewState } from '@mnemo/contracts/api/review';
import { RATING_LABELS, comesBack } from '../../lib/review-format';
import { overrideFor } from './queue-session';

/**
 * After a scheduled answer (issue 20): the rating the grade gave, when the card comes back, the
 * override that turns the verdict around ('I was right' / 'I was wrong') and the four ratings,
 * also on the keys 1-4. Without `onRate` (a practice answer that was scheduled) it only informs.
 */
export function SchedulePanel({
  review,
  correct,
  pending,
  error,
  onRate,
}: {
  review: ReviewState;
  correct: boolean;
  pending: ReviewRating | null;
  error: string | null;
  onRate: ((rating: ReviewRating) => void) | null;
}) {
  const override = overrideFor(correct);
  return (
    <section className="schedule-panel" aria-label="Schedule">
      <p className="schedule-next" role="status">
        Rated <strong>{RATING_LABELS[review.rating]}</strong>: comes back{' '}
        <strong>{comesBack(review.due)}</strong>
      </p>
      {onRate && (
        <>
          <div className="schedule-override">
            <button
              type="button"
              className="btn"
              disabled={pending !== null || review.rating === override.rating}
              onClick={() => onRate(override.rating)}
            >
              {override.label}
            </button>
          </div>
          <div className="schedule-ratings" role="group" aria-label="Rate this card">
            {REVIEW_RATINGS.map((rating, i) => (
              <button
                key={rating}
                type="button"
                className="btn schedule-rating"
                aria-pressed={review.rating === rating}
                aria-keyshortcuts={String(i + 1)}
                disabled={pending !== null}
                onClick={() => onRate(rating)}
              >
                <kbd aria-hidden="true">{i + 1}</kbd> {RATING_LABELS[rating]}
              </button>
            ))}
          </div>
          <p className="muted schedule-keys">Keys 1-4 change the rating; Enter goes on.</p>
        </>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
