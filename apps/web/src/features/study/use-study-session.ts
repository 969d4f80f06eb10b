import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { study, type StudyDeck } from './study-api';
import { followUpKind, followUpMessage } from './study-chat';
import { answerMode, filterItems, submissionText, type StudyFilter } from './study-items';
import { STUDY_MESSAGES as M } from './study-messages';
import { initialSession, sessionReducer } from './study-session';

/** Under the deck's key, so reloading the deck (a source finished, questions edited) reloads it. */
export const studyQueryKey = (deckId: string) => ['deck', deckId, 'study'] as const;

/**
 * The question session's data and actions (spec 02 §4): the deck's questions (or cards), the type
 * filter, the current question, submitting and evaluating, and the chat follow-ups.
 */
export function useStudySession(deckId: string) {
  const queryClient = useQueryClient();
  const load = useQuery({
    queryKey: studyQueryKey(deckId),
    queryFn: ({ signal }) => study.load(deckId, signal),
  });
  const [state, dispatch] = useReducer(sessionReducer, initialSession);

  const items = useMemo(
    () => filterItems(load.data?.items ?? [], state.filter),
    [load.data, state.filter],
  );
  const count = items.length;
  const current = items[state.index] ?? null;

  // A reload may leave fewer questions than the current index.
  useEffect(() => {
    dispatch({ type: 'clamp', count });
  }, [count]);

  // The follow-up handed to the chat panel; its id makes a repeated message a new one.
  // It belongs to the turn it was asked in: a new question drops it along with the chat.
  const [followUp, setFollowUp] = useState<{ id: number; text: string; turn: number } | null>(null);
  const followUps = useRef(0);
  const pendingMessage = useMemo(
    () =>
      followUp && followUp.turn === state.turn ? { id: followUp.id, text: followUp.text } : null,
    [followUp, state.turn],
  );

  const submit = useCallback(() => {
    if (!current || state.phase !== 'answering') return;
    const mode = answerMode(current);
    if (mode.kind === 'unavailable') return;
    const submission =
      mode.kind === 'choice'
        ? state.selectedOption === null
          ? null
          : ({ kind: 'choice', index: state.selectedOption } as const)
        : ({ kind: 'text', text: state.draft } as const);
    if (!submission || (submission.kind === 'text' && submission.text.trim() === '')) return;
    const turn = state.turn;
    dispatch({ type: 'submit', submission });
    // Called directly rather than through useMutation: a 403 or 404 here (a viewer the server does
    // not let evaluate) is the evaluation's error, not the app-wide access-denied redirect.
    study.evaluate(current, submission).then(
      ({ evaluation, item }) => {
        queryClient.setQueryData<StudyDeck>(studyQueryKey(deckId), (deck) =>
          deck
            ? {
                ...deck,
                items: deck.items.map((i) => (i.id === item.id && i.kind === item.kind ? item : i)),
              }
            : deck,
        );
        dispatch({ type: 'evaluated', turn, evaluation });
      },
      () => dispatch({ type: 'evaluationFailed', turn, message: M.evaluateFailed }),
    );
  }, [current, deckId, queryClient, state.draft, state.phase, state.selectedOption, state.turn]);

  const askFollowUp = useCallback(() => {
    if (!current || !state.submitted || !state.evaluation) return;
    const text = followUpMessage(
      followUpKind(state.evaluation),
      current,
      submissionText(current, state.submitted),
      state.evaluation,
    );
    followUps.current += 1;
    setFollowUp({ id: followUps.current, text, turn: state.turn });
  }, [current, state.evaluation, state.submitted, state.turn]);

  return {
    deckId,
    load,
    state,
    items,
    count,
    current,
    pendingMessage,
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
