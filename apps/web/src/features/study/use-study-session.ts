import { useEffect, useMemo, useReducer, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewState } from '@mnemo/contracts/api/review';
import { invalidateReviewData } from '../../lib/review';
import { study, type StudyDeck } from './study-api';
import { filterByConcepts, filterItems, type StudyFilter } from './study-items';
import { initialSession, sessionReducer } from './study-session';
import { useAnswering } from './use-answering';

/** Under the deck's key, so reloading the deck (a source finished, questions edited) reloads it. */
export const studyQueryKey = (deckId: string) => ['deck', deckId, 'study'] as const;

/** GET the deck's questions (or cards) for the session; shared with the page choosing the mode. */
export function useStudyDeck(deckId: string) {
  return useQuery({
    queryKey: studyQueryKey(deckId),
    queryFn: ({ signal }) => study.load(deckId, signal),
  });
}

/**
 * The practice session's data and actions (spec 02 §4): the deck's questions (or cards), the type
 * filter, the current question, submitting and evaluating, and the chat follow-ups. Answers are
 * practice (graded, the schedule untouched) unless `schedule` is set (issue 20); `concepts`
 * narrows the list to the questions testing them (the mastery view's links).
 */
export function useStudySession(
  deckId: string,
  { schedule = false, concepts = [] }: { schedule?: boolean; concepts?: readonly string[] } = {},
) {
  const queryClient = useQueryClient();
  const load = useStudyDeck(deckId);
  const [state, dispatch] = useReducer(sessionReducer, initialSession);
  // The schedule a scheduled practice answer produced, for the turn it belongs to.
  const [review, setReview] = useState<{ turn: number; review: ReviewState } | null>(null);
  const conceptKey = concepts.join('\n');

  const items = useMemo(
    () =>
      filterItems(
        filterByConcepts(load.data?.items ?? [], conceptKey ? conceptKey.split('\n') : []),
        state.filter,
      ),
    [load.data, state.filter, conceptKey],
  );
  const count = items.length;
  const current = items[state.index] ?? null;

  // A reload may leave fewer questions than the current index.
  useEffect(() => {
    dispatch({ type: 'clamp', count });
  }, [count]);

  const { submit, pendingMessage, askFollowUp } = useAnswering(current, state, dispatch, {
    evaluateOptions: () => ({ practice: !schedule }),
    onEvaluated: ({ evaluation, item, review: after }, turn) => {
      // The call answers the item as the server has it now: the deck's copy follows.
      queryClient.setQueryData<StudyDeck>(studyQueryKey(deckId), (deck) =>
        deck
          ? {
              ...deck,
              items: deck.items.map((i) => (i.id === item.id && i.kind === item.kind ? item : i)),
            }
          : deck,
      );
      setReview(after ? { turn, review: after } : null);
      if (after) void invalidateReviewData(queryClient);
      dispatch({ type: 'evaluated', turn, evaluation });
    },
  });

  return {
    deckId,
    load,
    state,
    items,
    count,
    current,
    pendingMessage,
    /** The schedule after the current answer when it was scheduled; null for practice answers. */
    review: review && review.turn === state.turn ? review.review : null,
    /** Changes with every question change: the chat panel resets on it (spec 02 §4). */
    resetKey: `${current?.id ?? 'none'}#${state.turn}`,
    setFilter: (filter: StudyFilter) => dispatch({ type: 'filter', filter }),
    next: () => dispatch({ type: 'next', count }),
    previous: () => dispatch({ type: 'previous', count }),
    shuffle: () => dispatch({ type: 'shuffle', count, random: Math.random() }),
    chooseOption: (index: number) => dispatch({ type: 'chooseOption', index }),
    setDraft: (text: string) => dispatch({ type: 'draft', text }),
    submit,
    askFollowUp,
  };
}

export type StudySession = ReturnType<typeof useStudySession>;
