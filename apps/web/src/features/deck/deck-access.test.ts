import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  DECK_MESSAGES,
  afterDeleteTarget,
  deckBackTarget,
  deckLoadProblem,
  deckViewerState,
  publishedByLine,
} from './deck-access';

const USER = 'user-1';
const own = {
  canView: true,
  canEdit: true,
  isOwner: true,
  owner: USER,
  isPublished: false,
  studySpace: null,
};
const othersPublished = {
  canView: true,
  canEdit: false,
  isOwner: false,
  owner: 'user-2',
  isPublished: true,
  studySpace: null,
};

describe('deckViewerState', () => {
  it('gives the owner everything and no preview banner', () => {
    expect(deckViewerState(own, USER)).toEqual({
      isOwner: true,
      canEdit: true,
      canView: true,
      canInteract: true,
      previewMode: false,
      offerClone: false,
      publishDisabled: false,
      showPublish: true,
    });
  });

  it('counts the viewer as owner when the deck owner is the signed-in user, even without isOwner', () => {
    const state = deckViewerState({ ...own, isOwner: false }, USER);
    expect(state.isOwner).toBe(true);
    expect(state.publishDisabled).toBe(false);
  });

  it('puts a signed-in non-owner of a published deck in preview mode with the clone prompt', () => {
    expect(deckViewerState(othersPublished, USER)).toEqual({
      isOwner: false,
      canEdit: false,
      canView: true,
      canInteract: true,
      previewMode: true,
      offerClone: true,
      publishDisabled: true,
      showPublish: true,
    });
  });

  it('offers no clone to a guest, and no interaction with an unpublished deck of someone else', () => {
    expect(deckViewerState(othersPublished, null).offerClone).toBe(false);
    const privateDeck = { ...othersPublished, isPublished: false, canView: false };
    const state = deckViewerState(privateDeck, USER);
    expect(state.canInteract).toBe(false);
    expect(state.canView).toBe(false);
    expect(state.previewMode).toBe(false);
  });

  it("shows a class member no publish toggle on the class's private deck (issue 23)", () => {
    const classDeck = { ...othersPublished, isPublished: false, canView: true };
    const state = deckViewerState(classDeck, USER);
    expect(state.showPublish).toBe(false);
    expect(state.canEdit).toBe(false);
    expect(state.offerClone).toBe(false);
    expect(state.previewMode).toBe(false);
  });

  it("does not make a guest the owner of another guest's deck (both have no owner id)", () => {
    const guestDeck = { ...othersPublished, owner: null };
    expect(deckViewerState(guestDeck, null).isOwner).toBe(false);
  });
});

describe('deckBackTarget', () => {
  it('goes to /explore when the viewer cannot edit a published deck', () => {
    expect(deckBackTarget({ canEdit: false, isPublished: true, studySpace: 's1' })).toEqual({
      to: '/explore',
    });
  });
  it("goes to the deck's space, else the library", () => {
    expect(deckBackTarget({ canEdit: true, isPublished: true, studySpace: 's1' })).toEqual({
      to: '/space/$spaceId',
      params: { spaceId: 's1' },
    });
    expect(deckBackTarget({ canEdit: true, isPublished: false, studySpace: null })).toEqual({
      to: '/library',
    });
    expect(deckBackTarget({ canEdit: false, isPublished: false, studySpace: null })).toEqual({
      to: '/library',
    });
  });
  it('leaves a deleted deck for its space or the library', () => {
    expect(afterDeleteTarget({ studySpace: 's9' })).toEqual({
      to: '/space/$spaceId',
      params: { spaceId: 's9' },
    });
    expect(afterDeleteTarget({ studySpace: null })).toEqual({ to: '/library' });
  });
});

describe('publishedByLine', () => {
  it('names the owner, or Anonymous when published anonymously or nameless; nothing when private', () => {
    const deck = { isPublished: true, publishedAnonymously: false, ownerName: 'Ada' };
    expect(publishedByLine(deck)).toBe('Published by Ada');
    expect(publishedByLine({ ...deck, publishedAnonymously: true })).toBe('Published by Anonymous');
    expect(publishedByLine({ ...deck, ownerName: null })).toBe('Published by Anonymous');
    expect(publishedByLine({ ...deck, ownerName: '  ' })).toBe('Published by Anonymous');
    expect(publishedByLine({ ...deck, isPublished: false })).toBeNull();
  });
});

describe('deckLoadProblem', () => {
  const apiError = (status: number) =>
    new ApiError({ status, message: 'x', code: status === 404 ? 'NOT_FOUND' : 'UNKNOWN' });
  it('says not found, without Retry, for 404, 403 and a malformed id', () => {
    for (const status of [400, 403, 404]) {
      expect(deckLoadProblem(apiError(status))).toEqual({
        message: DECK_MESSAGES.notFound,
        retry: false,
      });
    }
  });
  it('offers Retry for server and network failures', () => {
    expect(deckLoadProblem(apiError(500))).toEqual({
      message: DECK_MESSAGES.loadFailed,
      retry: true,
    });
    expect(deckLoadProblem(new TypeError('offline'))).toEqual({
      message: DECK_MESSAGES.loadFailed,
      retry: true,
    });
  });
});
