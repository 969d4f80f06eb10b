import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import type { DraftItem } from '../../lib/sources/source-draft';
import {
  CREATE_MESSAGES,
  LENGTH_OPTIONS,
  cardCount,
  creationFailedMessage,
  deckTitleFor,
  defaultDeckTitle,
  generationFailedMessage,
  initialSpaceChoice,
  isLastQuestionType,
  isLimitReached,
  toggleQuestionType,
  validateCreate,
} from './create-form';

const link = (url: string): DraftItem => ({
  id: url,
  kind: 'link',
  url,
  type: 'website',
  videoId: null,
});
const uploading = (name: string): DraftItem => ({
  id: name,
  kind: 'file',
  name,
  size: 10,
  status: 'uploading',
});
const uploaded = (name: string): DraftItem => ({
  id: name,
  kind: 'file',
  name,
  size: 10,
  status: 'uploaded',
  file: {
    storageRef: `documents/${name}`,
    downloadUrl: `/api/files/${name}`,
    contentType: 'application/pdf',
    size: 10,
  },
});

describe('question types', () => {
  it('adds and removes types in the fixed order', () => {
    expect(toggleQuestionType(['free_response'], 'multiple_choice')).toEqual([
      'multiple_choice',
      'free_response',
    ]);
    expect(toggleQuestionType(['multiple_choice', 'free_response'], 'multiple_choice')).toEqual([
      'free_response',
    ]);
  });

  it('never unchecks the last one', () => {
    expect(toggleQuestionType(['case_free_response'], 'case_free_response')).toEqual([
      'case_free_response',
    ]);
    expect(isLastQuestionType(['case_free_response'], 'case_free_response')).toBe(true);
    expect(isLastQuestionType(['multiple_choice', 'free_response'], 'free_response')).toBe(false);
  });
});

describe('lengths and card counts', () => {
  it('offers short 10, medium 25 and long 40 cards', () => {
    expect(LENGTH_OPTIONS.map((o) => o.label)).toEqual([
      'Short (10 cards)',
      'Medium (25 cards)',
      'Long (40 cards)',
    ]);
    expect(cardCount(true, 'short')).toBe(10);
    expect(cardCount(true, 'medium')).toBe(25);
    expect(cardCount(true, 'long')).toBe(40);
  });

  it('gives a guest 20 cards whatever the length', () => {
    expect(cardCount(false, 'long')).toBe(20);
    expect(cardCount(false, 'short')).toBe(20);
  });
});

describe('the preselected space', () => {
  const spaces = [{ _id: 's1' }, { _id: 's2' }];
  it('follows ?spaceId= when the user has that space', () => {
    expect(initialSpaceChoice({ newSpace: false, spaceId: 's2', spaces })).toEqual({
      kind: 'existing',
      id: 's2',
    });
    // Still loading: keep the requested space.
    expect(initialSpaceChoice({ newSpace: false, spaceId: 's9', spaces: undefined })).toEqual({
      kind: 'existing',
      id: 's9',
    });
  });

  it('picks Create New Space for ?new-space=true or when there is no space', () => {
    expect(initialSpaceChoice({ newSpace: true, spaces })).toEqual({ kind: 'new' });
    expect(initialSpaceChoice({ newSpace: false, spaces: [] })).toEqual({ kind: 'new' });
    expect(initialSpaceChoice({ newSpace: true, spaceId: 'gone', spaces })).toEqual({
      kind: 'new',
    });
  });

  it('otherwise picks the first space', () => {
    expect(initialSpaceChoice({ newSpace: false, spaces })).toEqual({ kind: 'existing', id: 's1' });
    expect(initialSpaceChoice({ newSpace: false, spaceId: 'gone', spaces })).toEqual({
      kind: 'existing',
      id: 's1',
    });
  });
});

describe('the checks before creating', () => {
  const base = {
    authenticated: true,
    items: [link('https://example.com')],
    uploading: false,
    space: { kind: 'existing', id: 's1' } as const,
    newSpaceName: '',
  };

  it('needs at least one source', () => {
    expect(validateCreate({ ...base, items: [] })).toBe(
      'Please add at least one source (URL or file)',
    );
  });

  it('needs a name for a new space from a signed-in user, not from a guest', () => {
    expect(validateCreate({ ...base, space: { kind: 'new' }, newSpaceName: '   ' })).toBe(
      'Please enter a name for your new study space',
    );
    expect(validateCreate({ ...base, space: { kind: 'new' }, newSpaceName: 'Biology' })).toBeNull();
    expect(validateCreate({ ...base, authenticated: false, space: { kind: 'new' } })).toBeNull();
  });

  it('waits for uploads to finish', () => {
    expect(validateCreate({ ...base, items: [uploading('a.pdf')], uploading: true })).toBe(
      'Please wait for all files to finish uploading',
    );
    expect(validateCreate({ ...base, items: [uploaded('a.pdf')] })).toBeNull();
  });

  it('checks in the order of the spec', () => {
    expect(validateCreate({ ...base, items: [], uploading: true, space: { kind: 'new' } })).toBe(
      CREATE_MESSAGES.noSources,
    );
    expect(
      validateCreate({
        ...base,
        items: [uploading('a.pdf')],
        uploading: true,
        space: { kind: 'new' },
      }),
    ).toBe(CREATE_MESSAGES.spaceNameRequired);
  });
});

describe('default names', () => {
  it('names the deck after its first source', () => {
    expect(defaultDeckTitle([uploaded('Cell Biology.pdf'), link('https://a.org')])).toBe(
      'Cell Biology',
    );
    expect(defaultDeckTitle([link('https://www.example.com/wiki/Photosynthesis/')])).toBe(
      'example.com/wiki/Photosynthesis',
    );
    expect(defaultDeckTitle([link('https://example.com/')])).toBe('example.com');
    expect(defaultDeckTitle([link('http://127.0.0.1:4837/wiki/Mozilla')])).toBe(
      '127.0.0.1:4837/wiki/Mozilla',
    );
    expect(defaultDeckTitle([])).toBe('My Flashcards');
  });

  it('uses a typed title, trimmed, and the default when it is blank', () => {
    expect(deckTitleFor('  Chapter 3 ', [uploaded('notes.docx')])).toBe('Chapter 3');
    expect(deckTitleFor('   ', [uploaded('notes.docx')])).toBe('notes');
    expect(deckTitleFor('x'.repeat(250), [])).toHaveLength(200);
  });
});

describe('failure messages', () => {
  const server = (status: number, error: string, limitReached = false) =>
    new ApiError({
      status,
      message: error,
      code: 'UNKNOWN',
      limitReached,
      body: { success: false, error, message: error, code: 'INTERNAL' },
    });

  it("prefixes the server's message with 'Error: '", () => {
    expect(creationFailedMessage(server(400, 'Please enter a deck title'))).toBe(
      'Error: Please enter a deck title',
    );
  });

  it('falls back when no server answered', () => {
    const network = new ApiError({
      status: 0,
      message: 'Could not reach the server',
      code: 'NETWORK_ERROR',
    });
    expect(creationFailedMessage(network)).toBe(
      'Failed to complete the process. Please try again.',
    );
    expect(creationFailedMessage(new Error('boom'))).toBe(
      'Failed to complete the process. Please try again.',
    );
  });

  it("words processing failures as 'Failed to generate cards: ...'", () => {
    expect(generationFailedMessage(server(503, 'Processing could not be started.'))).toBe(
      'Failed to generate cards: Processing could not be started.',
    );
    expect(generationFailedMessage('This PDF is password-protected')).toBe(
      'Failed to generate cards: This PDF is password-protected',
    );
    expect(generationFailedMessage('')).toBe('Failed to complete the process. Please try again.');
  });

  it('recognises limitReached answers', () => {
    expect(isLimitReached(server(402, 'You have reached your limit', true))).toBe(true);
    expect(isLimitReached(server(400, 'nope'))).toBe(false);
    expect(isLimitReached(new Error('x'))).toBe(false);
  });
});
