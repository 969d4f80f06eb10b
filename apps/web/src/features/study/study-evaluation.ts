import {
  FREE_RESPONSE_CORRECT_ACCURACY,
  SCORE_MAX,
  type Evaluation,
} from '@mnemo/contracts/entities/question';
import { optionLetter } from '../../lib/question-format';
import type { StudyItem } from './study-items';

/**
 * Correct (spec 02 §4): multiple choice by the evaluation's isCorrect, free response when the
 * accuracy is 7 or more. The client applies the rule itself rather than trusting the server's
 * optional isCorrect, so the verdict always matches the bar the learner sees.
 */
export function isCorrectEvaluation(evaluation: Evaluation): boolean {
  if (evaluation.multipleChoice) return evaluation.multipleChoice.isCorrect;
  if (evaluation.freeResponse) {
    return evaluation.freeResponse.accuracy >= FREE_RESPONSE_CORRECT_ACCURACY;
  }
  return false;
}

/** Below this score a bar is dimmed (spec 02 §9). */
export const DIM_BELOW = 4;

export interface ScoreBar {
  label: 'Accuracy' | 'Clarity' | 'Depth';
  value: number;
  max: number;
  /** The filled share of the bar, 0-100. */
  percent: number;
  dimmed: boolean;
}

function bar(label: ScoreBar['label'], raw: number): ScoreBar {
  const value = Math.min(SCORE_MAX, Math.max(0, Number.isFinite(raw) ? raw : 0));
  return {
    label,
    value,
    max: SCORE_MAX,
    percent: Math.round((value / SCORE_MAX) * 100),
    dimmed: value < DIM_BELOW,
  };
}

/** The three bars of a free-response evaluation, each out of 10. */
export function scoreBars(freeResponse: NonNullable<Evaluation['freeResponse']>): ScoreBar[] {
  return [
    bar('Accuracy', freeResponse.accuracy),
    bar('Clarity', freeResponse.clarity),
    bar('Depth', freeResponse.depth),
  ];
}

/**
 * The correct option after a multiple-choice evaluation: the evaluation's own index (or text)
 * when it names one, else the item's answer found among its options. Null when none is known.
 */
export function correctOption(
  item: StudyItem,
  evaluation: Evaluation,
): { index: number; letter: string; text: string } | null {
  const mc = evaluation.multipleChoice;
  const candidates = [
    mc?.correctAnswerIndex ?? -1,
    mc?.correctAnswerText ? item.options.findIndex((o) => o === mc.correctAnswerText) : -1,
    item.answer ? item.options.findIndex((o) => o.trim() === item.answer) : -1,
  ];
  const index = candidates.find((i) => i >= 0 && i < item.options.length);
  if (index === undefined) return null;
  return { index, letter: optionLetter(index), text: item.options[index] ?? '' };
}
