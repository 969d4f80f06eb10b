import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '@mnemo/contracts/limits';
import { deckCardLimit, limitReached, limitsFor, planOf } from './limits';

describe('plans and limits', () => {
  it('takes the plan the gateway signed; a guest is always anonymous', () => {
    expect(planOf({ kind: 'user', userId: crypto.randomUUID(), plan: 'scholar' })).toBe('scholar');
    expect(planOf({ kind: 'user', userId: crypto.randomUUID(), plan: 'free' })).toBe('free');
    expect(planOf({ kind: 'anonymous', anonId: crypto.randomUUID(), plan: 'anonymous' })).toBe('anonymous');
  });

  it('gives free accounts the spec’s figures, Scholar none, and guests the configured ones', () => {
    const limitsOf = limitsFor({ studySpaces: 2, decksPerSpace: 4, cardsPerDeck: 15 });
    expect(limitsOf('free')).toEqual({ studySpaces: 5, decksPerSpace: 10, cardsPerDeck: 50 });
    expect(limitsOf('scholar')).toEqual({ studySpaces: null, decksPerSpace: null, cardsPerDeck: null });
    expect(limitsOf('anonymous')).toEqual({ studySpaces: 2, decksPerSpace: 4, cardsPerDeck: 15 });
    expect(limitsFor()('anonymous')).toEqual({ studySpaces: 1, decksPerSpace: 3, cardsPerDeck: PLAN_LIMITS.anonymous.cardsPerDeck });
    expect(deckCardLimit(limitsOf, 'free')).toBe(50);
    expect(deckCardLimit(limitsOf, 'scholar')).toBeNull();
  });

  it('words a reached limit for who hit it, as 402 with limitReached', () => {
    const err = limitReached('studySpaces', 'free', 5);
    expect(err).toMatchObject({ code: 'LIMIT_REACHED', statusCode: 402, flags: { limitReached: true } });
    expect(limitReached('decksPerSpace', 'anonymous', 1).message).toBe('Guests can create 1 deck. Sign up for free to create more.');
    expect(limitReached('decksPerSpace', 'free', 10).message).toBe('The free plan allows 10 decks per study space. Upgrade to Scholar for unlimited decks.');
  });
});
