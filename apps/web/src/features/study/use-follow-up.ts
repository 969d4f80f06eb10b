import { useCallback, useMemo, useRef, useState } from 'react';
import type { Evaluation } from '@mnemo/contracts/entities/question';
import { followUpKind, followUpMessage } from './study-chat';
import { submissionText, type StudyItem, type Submission } from './study-items';

/**
 * The follow-up handed to the chat panel ('Explain the answer' and the like); its id makes a
 * repeated message a new one. It belongs to the turn it was asked in: a new question drops it
 * along with the chat.
 */
export function useFollowUp(
  current: StudyItem | null,
  submitted: Submission | null,
  evaluation: Evaluation | null,
  turn: number,
) {
  const [followUp, setFollowUp] = useState<{ id: number; text: string; turn: number } | null>(null);
  const followUps = useRef(0);
  const pendingMessage = useMemo(
    () => (followUp && followUp.turn === turn ? { id: followUp.id, text: followUp.text } : null),
    [followUp, turn],
  );
  const askFollowUp = useCallback(() => {
    if (!current || !submitted || !evaluation) return;
    const text = followUpMessage(
      followUpKind(evaluation),
      current,
      submissionText(current, submitted),
      evaluation,
    );
    followUps.current += 1;
    setFollowUp({ id: followUps.current, text, turn });
  }, [current, evaluation, submitted, turn]);
  return { pendingMessage, askFollowUp };
}
