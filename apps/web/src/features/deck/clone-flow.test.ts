import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  CLONE_MESSAGES,
  cloneButtonLabel,
  cloneReducer,
  initialCloneState,
  type CloneState,
} from './clone-flow';

const run = (...events: Parameters<typeof cloneReducer>[1][]): CloneState =>
  events.reduce(cloneReducer, initialCloneState);

describe('cloneReducer', () => {
  it('goes idle, cloning, success with the new deck', () => {
    expect(run()).toEqual({ status: 'idle' });
    expect(run({ type: 'start' })).toEqual({ status: 'cloning' });
    expect(run({ type: 'start' }, { type: 'succeeded', deckId: 'd2' })).toEqual({
      status: 'success',
      deckId: 'd2',
    });
  });

  it('ignores a second press while cloning and after success', () => {
    expect(run({ type: 'start' }, { type: 'start' })).toEqual({ status: 'cloning' });
    expect(run({ type: 'start' }, { type: 'succeeded', deckId: 'd2' }, { type: 'start' })).toEqual({
      status: 'success',
      deckId: 'd2',
    });
  });

  it("fails with the spec's message and lets the user try again", () => {
    const failed = run({ type: 'start' }, { type: 'failed', error: new Error('boom') });
    expect(failed).toEqual({ status: 'failed', message: CLONE_MESSAGES.failed });
    expect(CLONE_MESSAGES.failed).toBe('Failed to clone deck. Please try again.');
    expect(cloneReducer(failed, { type: 'start' })).toEqual({ status: 'cloning' });
  });

  it('turns a limitReached answer into the limit state with the server message', () => {
    const limit = new ApiError({
      status: 402,
      code: 'LIMIT_REACHED',
      message: 'This space already holds 10 decks',
      limitReached: true,
    });
    const state = run({ type: 'start' }, { type: 'failed', error: limit });
    expect(state).toEqual({ status: 'limit', message: 'This space already holds 10 decks' });
    expect(cloneReducer(state, { type: 'reset' })).toEqual({ status: 'idle' });
  });

  it('ignores answers when no clone is running, and a reset while one is', () => {
    expect(run({ type: 'succeeded', deckId: 'd2' })).toEqual({ status: 'idle' });
    expect(run({ type: 'failed', error: new Error('late') })).toEqual({ status: 'idle' });
    expect(run({ type: 'start' }, { type: 'reset' })).toEqual({ status: 'cloning' });
  });
});

describe('cloneButtonLabel', () => {
  it('names each state', () => {
    expect(cloneButtonLabel({ status: 'idle' })).toBe('Clone Deck');
    expect(cloneButtonLabel({ status: 'cloning' })).toBe('Cloning...');
    expect(cloneButtonLabel({ status: 'success', deckId: 'd' })).toBe('Cloned!');
    expect(cloneButtonLabel({ status: 'failed', message: 'x' })).toBe('Clone Deck');
  });
});
