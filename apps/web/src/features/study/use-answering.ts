import { useCallback, useEffect, useRef } from 'react';
import { study } from './study-api';
import { submissionFor, type StudyItem, type Submission } from './study-items';
import { STUDY_MESSAGES as M } from './study-messages';
import type { SessionState } from './study-session';
import { useFollowUp } from './use-follow-up';

/** The actions of the answering half, which both session reducers handle alike. */
type AnsweringAction =
  | { type: 'submit'; submission: Submission }
  | { type: 'evaluationFailed'; turn: number; message: string };

/** What the server said of an answer: the evaluation, the item as it is now, the schedule. */
export type Evaluated = Awaited<ReturnType<typeof study.evaluate>>;

/**
 * Answering the current question, as the practice session and the queue sessions (Review mode,
 * the summary quiz) both do it: submit locks the picked or written answer, has the server
 * evaluate it and hands the result to `onEvaluated` with the turn it was given in (the reducers
 * ignore a late one); a failure unlocks the answer with the evaluation's error. The chat
 * follow-ups of the evaluated answer come with it.
 */
export function useAnswering(
  current: StudyItem | null,
  state: Pick<
    SessionState,
    'phase' | 'selectedOption' | 'draft' | 'turn' | 'submitted' | 'evaluation'
  >,
  dispatch: (action: AnsweringAction) => void,
  handlers: {
    /** How to evaluate this answer: practice (the schedule untouched) or scheduled, time taken. */
    evaluateOptions: () => { practice: boolean; timeTakenMs?: number };
    onEvaluated: (evaluated: Evaluated, turn: number, item: StudyItem) => void;
  },
) {
  // The handlers read the session's latest state; holding them in a ref keeps `submit` stable
  // while only the answer changes.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  const { pendingMessage, askFollowUp } = useFollowUp(
    current,
    state.submitted,
    state.evaluation,
    state.turn,
  );

  const { phase, selectedOption, draft, turn } = state;
  const submit = useCallback(() => {
    if (!current || phase !== 'answering') return;
    const submission = submissionFor(current, { selectedOption, draft });
    if (!submission) return;
    dispatch({ type: 'submit', submission });
    // Called directly rather than through useMutation: a 403 or 404 here (a viewer the server does
    // not let evaluate) is the evaluation's error, not the app-wide access-denied redirect.
    study.evaluate(current, submission, latest.current.evaluateOptions()).then(
      (evaluated) => latest.current.onEvaluated(evaluated, turn, current),
      () => dispatch({ type: 'evaluationFailed', turn, message: M.evaluateFailed }),
    );
  }, [current, dispatch, phase, selectedOption, draft, turn]);

  return { submit, pendingMessage, askFollowUp };
}
