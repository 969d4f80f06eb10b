import { describe, expect, it } from 'vitest';
import { decideAccess, promptsGuestSignUp } from './access';
import type { SessionState } from './session-state';

const loading: SessionState = { status: 'loading' };
const user: SessionState = {
  status: 'authenticated',
  user: { id: 'u1', email: 'a@b.c', firstName: 'Ada' },
};
const guest: SessionState = {
  status: 'anonymous',
  anonymous: {
    sessionId: 's1',
    createdAt: '2025-01-01T00:00:00.000Z',
    lastAccess: '2025-01-01T00:00:00.000Z',
  },
};
const none: SessionState = { status: 'none', error: 'Failed to initialize session' };
const toCreate = { kind: 'redirect', to: '/create-flashcards' };

describe('access guard decision', () => {
  it('shows public pages to everyone, even while the session loads', () => {
    for (const session of [loading, user, guest, none]) {
      expect(decideAccess('public', session, '/plans')).toEqual({ kind: 'allow' });
    }
  });

  it('waits while the session is loading', () => {
    expect(decideAccess('user', loading, '/library')).toEqual({ kind: 'loading' });
    expect(decideAccess('anyone', loading, '/create-flashcards')).toEqual({ kind: 'loading' });
  });

  it('lets a signed-in user in everywhere', () => {
    expect(decideAccess('user', user, '/library')).toEqual({ kind: 'allow' });
    expect(decideAccess('anyone', user, '/explore')).toEqual({ kind: 'allow' });
  });

  it('lets a guest use the creation page and explore only', () => {
    expect(decideAccess('anyone', guest, '/create-flashcards')).toEqual({ kind: 'allow' });
    expect(decideAccess('anyone', guest, '/explore')).toEqual({ kind: 'allow' });
    expect(decideAccess('user', guest, '/library')).toEqual(toCreate);
    expect(decideAccess('user', guest, '/deck/d1/summary')).toEqual(toCreate);
  });

  it('sends a visitor without any session to the creation page without looping there', () => {
    expect(decideAccess('user', none, '/library')).toEqual(toCreate);
    expect(decideAccess('anyone', none, '/explore')).toEqual(toCreate);
    expect(decideAccess('anyone', none, '/create-flashcards')).toEqual({ kind: 'allow' });
    expect(decideAccess('anyone', none, '/create-flashcards/')).toEqual({ kind: 'allow' });
  });
});

describe('sign-up prompt for a guest turned away', () => {
  const turnedAway = decideAccess('user', guest, '/deck/d1/flashcards');

  it('opens for a guest who asks for a sign-in page, whether navigating or opening the address', () => {
    expect(promptsGuestSignUp(turnedAway, guest, 'anonymous')).toBe(true);
    expect(promptsGuestSignUp(turnedAway, guest, 'loading')).toBe(true);
  });

  it('stays shut for a user who has just signed out or whose session expired on that page', () => {
    expect(promptsGuestSignUp(turnedAway, guest, 'authenticated')).toBe(false);
  });

  it('stays shut when the guest is let in, and for a visitor without any session', () => {
    expect(promptsGuestSignUp(decideAccess('anyone', guest, '/explore'), guest, 'anonymous')).toBe(
      false,
    );
    expect(promptsGuestSignUp(decideAccess('user', none, '/library'), none, 'loading')).toBe(false);
  });
});
