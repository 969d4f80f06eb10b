import { useCallback, useEffect, useReducer } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReviewRating } from '@mnemo/contracts/api/review';
import { isApiError } from '../../lib/api';
import { invalidateReviewData, reviewApi } from '../../lib/review';
import { initialQueueSession, queueSessionReducer, ratingForKey } from './queue-session';
import type { StudyItem } from './study-items';
import { STUDY_MESSAGES as M } from './study-messages';
import { useAnswering } from './use-answering';

/**
 * Walks `queue` once (Review mode's due queue, the summary quiz): answers are evaluated, scheduled
 * unless `practice`, and a scheduled answer's rating can be overridden. The queue is the caller's
 * and stays as it was loaded; `resetKey` starts the walk over when the caller loads a new one.
 */
export function useQueueSession(
  queue: readonly StudyItem[] | undefined,
  { practice, resetKey }: { practice: boolean; resetKey: unknown },
) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(queueSessionReducer, Date.now(), initialQueueSession);
  const current = queue?.[state.index] ?? null;
  const finished = queue !== undefined && state.index >= queue.length;

  useEffect(() => {
    dispatch({ type: 'restart', now: Date.now() });
  }, [resetKey]);

  const { submit, pendingMessage, askFollowUp } = useAnswering(current, state, dispatch, {
    evaluateOptions: () => ({ practice, timeTakenMs: Date.now() - state.shownAt }),
    onEvaluated: ({ evaluation, review }, turn, item) => {
      dispatch({
        type: 'answered',
        turn,
        evaluation,
        review,
        id: item.id,
        concepts: item.concepts,
      });
      if (review) void invalidateReviewData(queryClient);
    },
  });

  const rate = useCallback(
    (rating: ReviewRating) => {
      const { review, phase, rating: status, turn } = state;
      if (!current || phase !== 'evaluated' || !review || status.pending) return;
      if (review.rating === rating) return;
      dispatch({ type: 'rate', rating });
      reviewApi.override(current.id, rating).then(
        (answer) => {
          dispatch({ type: 'rated', turn, review: answer.review });
          void invalidateReviewData(queryClient);
        },
        (error: unknown) =>
          dispatch({
            type: 'rateFailed',
            turn,
            message:
              isApiError(error) && error.code === 'REVIEW_OVERRIDE_EXPIRED'
                ? M.overrideExpired
                : M.overrideFailed,
          }),
      );
    },
    [current, queryClient, state],
  );

  return {
    state,
    current,
    finished,
    pendingMessage,
    resetKey: `${current?.id ?? 'none'}#${state.turn}`,
    chooseOption: (index: number) => dispatch({ type: 'chooseOption', index }),
    setDraft: (text: string) => dispatch({ type: 'draft', text }),
    submit,
    rate,
    next: () => dispatch({ type: 'advance', now: Date.now() }),
    askFollowUp,
  };
}

export type QueueSession = ReturnType<typeof useQueueSession>;

/** Whether a key press belongs to a field or a control that handles it itself. */
function ownedByTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT') return true;
  // Enter on a focused button or link clicks it; a second action would skip a card.
  return key === 'Enter' && (tag === 'BUTTON' || tag === 'A');
}

/**
 * The review keys (issue 20) once an answer is evaluated: 1-4 rate Again, Hard, Good, Easy and
 * Enter goes to the next card. Keys typed into a field are the field's.
 */
export function useRatingKeys(
  enabled: boolean,
  { rate, next }: { rate: ((rating: ReviewRating) => void) | null; next: () => void },
): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      if (ownedByTarget(event.target, event.key)) return;
      if (event.key === 'Enter') {
        event.preventDefault();
        next();
        return;
      }
      const rating = ratingForKey(event.key);
      if (rating && rate) {
        event.preventDefault();
        rate(rating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, rate, next]);
}
