import { describe, expect, it } from 'vitest';
import { instructionsEditorState, instructionsToSave } from './instructions-editor';

describe('instructionsEditorState', () => {
  it('counts characters out of 2000 and disables Save while unchanged', () => {
    const state = instructionsEditorState('Answer in French.', 'Answer in French.', false);
    expect(state).toEqual({
      counter: '17/2000',
      overLimit: false,
      dirty: false,
      canSave: false,
      canClear: true,
    });
  });

  it('enables Save for a change, and treats no saved instructions as empty text', () => {
    expect(instructionsEditorState('a', 'ab', false).canSave).toBe(true);
    expect(instructionsEditorState(null, '', false)).toMatchObject({
      counter: '0/2000',
      dirty: false,
      canSave: false,
      canClear: false,
    });
    expect(instructionsEditorState(null, 'Be brief.', false).dirty).toBe(true);
  });

  it('disables Save over 2000 characters and while saving; exactly 2000 is allowed', () => {
    expect(instructionsEditorState(null, 'x'.repeat(2000), false)).toMatchObject({
      counter: '2000/2000',
      overLimit: false,
      canSave: true,
    });
    expect(instructionsEditorState(null, 'x'.repeat(2001), false)).toMatchObject({
      counter: '2001/2000',
      overLimit: true,
      canSave: false,
    });
    expect(instructionsEditorState(null, 'Be brief.', true)).toMatchObject({
      canSave: false,
      canClear: false,
    });
  });

  it('enables Save for clearing saved instructions', () => {
    expect(instructionsEditorState('Be brief.', '', false)).toMatchObject({
      dirty: true,
      canSave: true,
      canClear: false,
    });
  });
});

describe('instructionsToSave', () => {
  it('sends blank text as null and keeps other text as typed', () => {
    expect(instructionsToSave('   ')).toBeNull();
    expect(instructionsToSave('')).toBeNull();
    expect(instructionsToSave(' Use metric units. ')).toBe(' Use metric units. ');
  });
});
