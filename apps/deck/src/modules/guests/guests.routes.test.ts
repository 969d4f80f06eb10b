import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, questions } from '@mnemo/db/schema';
import { deckAnonymousUsageSchema, internalAnonymousUsagePath } from '@mnemo/contracts/internal/anonymous-usage';
import { anonCaller, serviceCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { client } from '../decks/test-helpers';

let t: DeckTestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startDeckApp();
  api = client(t.app, t);
});
afterAll(async () => {
  await t?.close();
});

describe('a guest’s usage, for the auth service', () => {
  it('counts the guest’s spaces, decks and the cards in them, and nobody else’s', async () => {
    const guest = anonCaller();
    const usage = async () => {
      const res = await api.call(serviceCaller(), 'GET', internalAnonymousUsagePath(guest.anonId));
      expect(res.statusCode, res.body).toBe(200);
      return deckAnonymousUsageSchema.parse(res.json());
    };
    expect(await usage()).toEqual({ studySpaces: 0, decks: 0, cardsGenerated: 0 });

    const space = await api.space(guest);
    const deck = await api.deck(guest, { studySpace: space._id });
    // Cards come from the worker's generation; here they are written as it would write them.
    await t.db.insert(questions).values([0, 1, 2].map((position) => ({ deckId: deck._id, question: `Q${position}`, questionType: 'free_response' as const, position })));
    await t.db.insert(cards).values({ deckId: deck._id, front: 'F', back: 'B' });
    // Someone else's work is not the guest's.
    const other = userCaller();
    await api.deck(other);
    await api.deck(anonCaller());

    expect(await usage()).toEqual({ studySpaces: 1, decks: 1, cardsGenerated: 4 });
  });

  it('answers services only', async () => {
    const guest = anonCaller();
    const res = await api.call(guest, 'GET', internalAnonymousUsagePath(guest.anonId));
    expect(res.statusCode).toBe(404);
  });
});
