import { describe, expect, it } from 'vitest';
import {
  answerMessage,
  googleClientIdOf,
  parseRegisterAnswer,
  parseResetTokenAnswer,
  parseSessionAnswer,
} from './auth-answers';

const user = { _id: 'u1', email: 'ada@example.com', firstName: '<b>Ada</b>' };
const sessionUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: '<b>Ada</b>',
  hasActiveSubscription: false,
};

describe('session answers', () => {
  it('reads login, Google and verification answers', () => {
    expect(parseSessionAnswer({ success: true, token: 't', ...user, user })).toEqual({
      token: 't',
      user: sessionUser,
    });
    expect(parseSessionAnswer({ success: true, token: 't', user })).toEqual({
      token: 't',
      user: sessionUser,
    });
  });

  it('takes the token from inside the user of a reset answer', () => {
    expect(parseSessionAnswer({ success: true, user: { ...user, token: 'r' } })).toEqual({
      token: 'r',
      user: sessionUser,
    });
  });

  it('refuses answers without a token or a user', () => {
    expect(parseSessionAnswer({ success: true, user })).toBeNull();
    expect(parseSessionAnswer({ token: 't' })).toBeNull();
    expect(parseSessionAnswer({ token: '', user })).toBeNull();
    expect(parseSessionAnswer(null)).toBeNull();
  });
});

describe('other answers', () => {
  it('reads the account to verify from a registration', () => {
    expect(
      parseRegisterAnswer({ success: true, email: 'a@b.c', userId: 'u1' }, 'typed@b.c'),
    ).toEqual({ userId: 'u1', email: 'a@b.c' });
    expect(parseRegisterAnswer({ success: true, userId: 'u1' }, 'typed@b.c')).toEqual({
      userId: 'u1',
      email: 'typed@b.c',
    });
    expect(parseRegisterAnswer({ success: true }, 'typed@b.c')).toBeNull();
  });

  it('reads a reset-token validation', () => {
    expect(parseResetTokenAnswer({ success: true, email: 'a@b.c', firstName: 'A' })).toEqual({
      email: 'a@b.c',
      firstName: 'A',
    });
    expect(parseResetTokenAnswer({ success: false, error: 'x' })).toBeNull();
  });

  it('offers Google only with a client id', () => {
    expect(googleClientIdOf({ googleClientId: 'abc.apps.googleusercontent.com' })).toBe(
      'abc.apps.googleusercontent.com',
    );
    expect(googleClientIdOf({ googleClientId: null })).toBeNull();
    expect(googleClientIdOf({ googleClientId: ' ' })).toBeNull();
    expect(googleClientIdOf(undefined)).toBeNull();
  });

  it("uses the server's message when it has one", () => {
    expect(answerMessage({ message: 'Sent.' }, 'default')).toBe('Sent.');
    expect(answerMessage({}, 'default')).toBe('default');
  });
});
