import { describe, expect, it } from 'vitest';
import type { Evaluation } from '@mnemo/contracts/entities/question';
import {
  canSubmit,
  initialSession,
  sessionReducer,
  shuffleIndex,
  wrapIndex,
  type SessionAction,
  type SessionState,
} from './study-session';

const run = (actions: SessionAction[], from: SessionState = initialSession) =>
  actions.reduce(sessionReducer, from);

const right: Evaluation = { multipleChoice: { isCorrect: true, correctAnswerIndex: 1 } };

/** A session on question `index` of 5 with an evaluated multiple-choice answer. */
function answered(index = 2): SessionState {
  const at = run([
    { type: 'select', index, count: 5 },
    { type: 'chooseOption', index: 1 },
  ]);
  const submitted = sessionReducer(at, {
    type: 'submit',
    submission: { kind: 'choice', index: 1 },
  });
  return sessionReducer(submitted, { type: 'evaluated', turn: submitted.turn, evaluation: right });
}

describe('moving between questions', () => {
  it('wraps from the last question to the first and from the first to the last', () => {
    expect(
      run([
        { type: 'select', index: 4, count: 5 },
        { type: 'next', count: 5 },
      ]).index,
    ).toBe(0);
    expect(run([{ type: 'previous', count: 5 }]).index).toBe(4);
    expect(wrapIndex(1, -3, 5)).toBe(3);
  });

  it('selects an index inside the list', () => {
    expect(run([{ type: 'select', index: 9, count: 3 }]).index).toBe(2);
    expect(run([{ type: 'select', index: -2, count: 3 }]).index).toBe(0);
  });

  it('stays put with an empty list', () => {
    expect(run([{ type: 'next', count: 0 }])).toBe(initialSession);
    expect(run([{ type: 'shuffle', count: 0, random: 0.5 }])).toBe(initialSession);
  });

  it('clears the answer, the evaluation and the error and starts a new turn on every move', () => {
    const before = answered();
    for (const action of [
      { type: 'next', count: 5 },
      { type: 'previous', count: 5 },
      { type: 'shuffle', count: 5, random: 0.3 },
      { type: 'select', index: 0, count: 5 },
    ] satisfies SessionAction[]) {
      const after = sessionReducer(before, action);
      expect(after.turn).toBe(before.turn + 1);
      expect(after).toMatchObject({
        phase: 'answering',
        submitted: null,
        evaluation: null,
        selectedOption: null,
        draft: '',
        error: null,
      });
    }
  });

  it('starts a new turn even when Next wraps back onto the only question', () => {
    const after = sessionReducer(answered(0), { type: 'next', count: 1 });
    expect(after.index).toBe(0);
    expect(after.phase).toBe('answering');
  });
});

describe('shuffle', () => {
  it('jumps to a random index that is never the current one', () => {
    const seen = new Set<number>();
    for (let r = 0; r < 1; r += 0.05) {
      const index = shuffleIndex(2, 5, r);
      expect(index).not.toBe(2);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(5);
      seen.add(index);
    }
    expect([...seen].sort()).toEqual([0, 1, 3, 4]);
  });

  it('keeps a one-question list on its question and tolerates a random of 1', () => {
    expect(shuffleIndex(0, 1, 0.7)).toBe(0);
    expect(shuffleIndex(0, 3, 1)).toBe(2);
  });
});

describe('the type filter', () => {
  it('goes back to the first question and clears the answer', () => {
    const after = sessionReducer(answered(3), { type: 'filter', filter: 'free_response' });
    expect(after).toMatchObject({ filter: 'free_response', index: 0, phase: 'answering' });
    expect(after.evaluation).toBeNull();
  });

  it('is kept while moving between questions', () => {
    const after = run([
      { type: 'filter', filter: 'case_multiple_choice' },
      { type: 'next', count: 3 },
    ]);
    expect(after.filter).toBe('case_multiple_choice');
  });

  it('clamps the index when a reload leaves fewer questions, and keeps it otherwise', () => {
    const at3 = run([{ type: 'select', index: 3, count: 5 }]);
    expect(sessionReducer(at3, { type: 'clamp', count: 2 }).index).toBe(1);
    expect(sessionReducer(at3, { type: 'clamp', count: 5 })).toBe(at3);
  });
});

describe('submitting and evaluating', () => {
  it('refuses an empty or blank free-response answer', () => {
    expect(canSubmit({ kind: 'text', text: '   \n' })).toBe(false);
    const state = run([
      { type: 'draft', text: '  ' },
      { type: 'submit', submission: { kind: 'text', text: '  ' } },
    ]);
    expect(state.phase).toBe('answering');
  });

  it('locks the answer once submitted', () => {
    const submitted = run([
      { type: 'chooseOption', index: 2 },
      { type: 'submit', submission: { kind: 'choice', index: 2 } },
      { type: 'chooseOption', index: 0 },
      { type: 'draft', text: 'changed' },
    ]);
    expect(submitted).toMatchObject({
      phase: 'evaluating',
      selectedOption: 2,
      draft: '',
      submitted: { kind: 'choice', index: 2 },
    });
    // A second submit while evaluating changes nothing.
    expect(
      sessionReducer(submitted, { type: 'submit', submission: { kind: 'choice', index: 0 } }),
    ).toBe(submitted);
  });

  it('shows the evaluation of the current turn and ignores one that arrives after a move', () => {
    const submitted = run([{ type: 'submit', submission: { kind: 'text', text: 'Osmosis' } }]);
    const done = sessionReducer(submitted, {
      type: 'evaluated',
      turn: submitted.turn,
      evaluation: right,
    });
    expect(done).toMatchObject({ phase: 'evaluated', evaluation: right });

    const moved = sessionReducer(submitted, { type: 'next', count: 4 });
    expect(
      sessionReducer(moved, { type: 'evaluated', turn: submitted.turn, evaluation: right }),
    ).toBe(moved);
  });

  it('unlocks the answer with the error after a failed evaluation, keeping what was written', () => {
    const submitted = run([
      { type: 'draft', text: 'Osmosis' },
      { type: 'submit', submission: { kind: 'text', text: 'Osmosis' } },
    ]);
    const failed = sessionReducer(submitted, {
      type: 'evaluationFailed',
      turn: submitted.turn,
      message: 'Failed to evaluate your response. Please try again.',
    });
    expect(failed).toMatchObject({
      phase: 'answering',
      submitted: null,
      draft: 'Osmosis',
      error: 'Failed to evaluate your response. Please try again.',
    });
    // Submitting again clears the error.
    const retried = sessionReducer(failed, {
      type: 'submit',
      submission: { kind: 'text', text: 'Osmosis' },
    });
    expect(retried).toMatchObject({ phase: 'evaluating', error: null });
  });
});
