import { Link } from '@tanstack/react-router';
import { isCorrectEvaluation } from './study-evaluation';
import { QuestionCard } from './question-card';
import { SchedulePanel } from './schedule-panel';
import { STUDY_MESSAGES as M } from './study-messages';
import { useRatingKeys, type QueueSession } from './use-queue-session';
import type { ReviewQueue } from './use-review-queue';

/**
 * Review mode (issue 20): the due queue one card at a time, each answer scheduled; after it, when
 * the card comes back and the overrides. At the end, 'All caught up'.
 */
export function ReviewSessionView({
  queue,
  session,
  onPractice,
}: {
  queue: ReviewQueue;
  session: QueueSession;
  /** Offered when the queue is done or empty: switch to practice. */
  onPractice?: () => void;
}) {
  const { load } = queue;
  const { state, current } = session;
  const evaluated = state.phase === 'evaluated';
  useRatingKeys(evaluated, {
    rate: state.review ? session.rate : null,
    next: session.next,
  });

  if (load.isPending) {
    return (
      <p className="muted" role="status">
        {M.reviewLoading}
      </p>
    );
  }
  if (load.isError) {
    return (
      <div className="notice notice-error" role="alert">
        <span>{M.reviewLoadFailed}</span>
        <button type="button" className="btn" onClick={() => void load.refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  const total = queue.items.length;
  if (!current || session.finished) {
    return (
      <div className="study-empty review-done">
        <h2>{M.reviewDoneTitle}</h2>
        <p className="muted">{M.reviewDone(state.results.length)}</p>
        <div className="button-row">
          {onPractice && (
            <button type="button" className="btn" onClick={onPractice}>
              Practice instead
            </button>
          )}
          <button type="button" className="btn" onClick={() => void queue.reload()}>
            Check for more
          </button>
          <Link to="/stats" className="btn">
            See your statistics
          </Link>
        </div>
      </div>
    );
  }
  const counts = load.data.counts;
  return (
    <QuestionCard
      item={current}
      label={`Card ${state.index + 1}`}
      state={state}
      actions={session}
      nextLabel={state.index + 1 >= total ? 'Finish' : 'Next Card'}
      top={
        <div className="review-progress">
          <p role="status">
            Card {state.index + 1} of {total}
          </p>
          <p className="muted review-counts">
            {counts.due} due · {counts.learning} learning · {counts.new} new
          </p>
        </div>
      }
      schedule={
        evaluated && state.review && state.evaluation ? (
          <SchedulePanel
            review={state.review}
            correct={isCorrectEvaluation(state.evaluation)}
            pending={state.rating.pending}
            error={state.rating.error}
            onRate={session.rate}
          />
        ) : null
      }
    />
  );
}
