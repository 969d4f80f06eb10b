import { describe, expect, it } from 'vitest';
import { uuid } from '../testing/examples';
import {
  anonymousLimitsResponseSchema,
  loginResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordResponseSchema,
  sessionResponseSchema,
  verifyEmailBodySchema,
} from './auth';

describe('account answers', () => {
  it('reads a login answer with token, _id, email and firstName at the top level', () => {
    const answer = { token: 'jwt', _id: uuid(), email: 'ada@example.org', firstName: 'Ada' };
    expect(loginResponseSchema.parse(answer)).toEqual(answer);
    // Ours also carries `user` and `success`, which a spec client ignores.
    const ours = {
      success: true,
      ...answer,
      user: { _id: answer._id, email: answer.email, firstName: 'Ada' },
    };
    expect(loginResponseSchema.parse(ours).user?.firstName).toBe('Ada');
    const { _id: _dropped, ...withoutId } = answer;
    expect(loginResponseSchema.safeParse(withoutId).success).toBe(false);
  });

  it('reads Google and verification answers as token and user', () => {
    const user = { _id: uuid(), email: 'ada@example.org', firstName: 'Ada' };
    expect(sessionResponseSchema.parse({ token: 'jwt', user }).user).toEqual(user);
    expect(sessionResponseSchema.safeParse({ token: 'jwt' }).success).toBe(false);
  });

  it('answers registration with email and userId, and a reset with the user carrying the token', () => {
    expect(registerResponseSchema.parse({ email: 'ada@example.org', userId: uuid() }).email).toBe(
      'ada@example.org',
    );
    const user = { _id: uuid(), email: 'ada@example.org', firstName: 'Ada', token: 'jwt' };
    expect(resetPasswordResponseSchema.parse({ user }).user.token).toBe('jwt');
    expect(
      resetPasswordResponseSchema.safeParse({ user: { ...user, token: undefined } }).success,
    ).toBe(false);
  });

  it('answers anonymous limits with usage and limits', () => {
    const answer = {
      usage: { studySpaces: 1, decks: 2, cardsGenerated: 20, chatMessages: 3 },
      limits: {
        studySpaces: 1,
        decksPerSpace: 3,
        cardsPerDeck: 20,
        chatMessagesPerDay: 30,
        monthlyProcessingMB: 60,
      },
    };
    expect(anonymousLimitsResponseSchema.parse(answer)).toEqual(answer);
    expect(anonymousLimitsResponseSchema.safeParse({ usage: answer.usage }).success).toBe(false);
  });
});

describe('account requests', () => {
  it('needs all three registration fields and a password of at least 8 characters', () => {
    const body = { email: 'ada@example.org', password: 'long enough', firstName: 'Ada' };
    expect(registerBodySchema.safeParse(body).success).toBe(true);
    expect(registerBodySchema.safeParse({ ...body, password: 'short' }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...body, firstName: '   ' }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...body, email: 'not-an-address' }).success).toBe(false);
  });

  it('takes a verification code of exactly six digits', () => {
    const userId = uuid();
    expect(verifyEmailBodySchema.safeParse({ userId, verificationCode: '012345' }).success).toBe(
      true,
    );
    for (const code of ['12345', '1234567', '12345a', ' 123456']) {
      expect(
        verifyEmailBodySchema.safeParse({ userId, verificationCode: code }).success,
        code,
      ).toBe(false);
    }
  });
});
