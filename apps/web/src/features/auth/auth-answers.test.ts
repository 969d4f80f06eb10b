import { describe, expect, it } from 'vitest';
import { answerMessage, googleClientIdOf } from './auth-answers';

describe('what the dialogs show of an answer', () => {
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
    expect(answerMessage({ message: '  ' }, 'default')).toBe('default');
    expect(answerMessage(undefined, 'default')).toBe('default');
  });
});
