import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import { errorBodySchema } from '@mnemo/contracts/errors';
import { asCaller } from '@mnemo/service-kit/testing';
import { anonCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { EXPECTED_ANSWER, insertCard, seedDeck } from '../questions/questions.test-support';

let t: DeckTestApp;
beforeAll(async () => {
  t = await startDeckApp();
});
afterAll(async () => {
  await t?.close();
});

type Caller = ReturnType<typeof anonCaller> | ReturnType<typeof userCaller>;
const evaluate = (caller: Caller, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/cards/${id}/evaluate`, headers: asCaller(caller), payload });

describe('GET /cards/deck/:deckId', () => {
  it('lists every card of the deck in deck order, with its source', async () => {
    const caller = anonCaller();
    const { deck, source, mcCard, frCard } = await seedDeck(t, caller);
    const first = await insertCard(t, { deckId: deck.id, front: 'First', back: 'One', options: [], correctAnswerIndex: null, position: -1 });
    const res = await t.app.inject({ method: 'GET', url: `/cards/deck/${deck.id}`, headers: asCaller(caller) });
    const body = route('GET /cards/deck/:deckId').response.parse(res.json());
    expect(body.cards.map((c) => c._id)).toEqual([first.id, mcCard.id, frCard.id]);
    expect(body.cards[1]).toEqual({
      _id: mcCard.id,
      front: 'What does the mitochondrion make?',
      back: 'ATP',
      deckId: deck.id,
      source: { sourceId: source.id, type: 'website', title: 'Cells' },
      createdAt: mcCard.createdAt.toISOString(),
      options: ['DNA', 'ATP', 'Starch', 'Light'],
      correctAnswerIndex: 1,
    });
  });
});

describe('POST /cards/:id/evaluate', () => {
  it('grades a multiple-choice card answered as the spec’s client sends it, "Option X"', async () => {
    const caller = userCaller();
    const { mcCard } = await seedDeck(t, caller);
    const right = route('POST /cards/:id/evaluate').response.parse((await evaluate(caller, mcCard.id, { answer: 'Option B', cardId: mcCard.id })).json());
    expect(right.evaluation.multipleChoice).toMatchObject({ isCorrect: true, correctAnswerText: 'ATP' });
    expect(right.card._id).toBe(mcCard.id);
    const wrong = (await evaluate(caller, mcCard.id, { answer: 'Option A' })).json();
    expect(wrong.evaluation.multipleChoice).toMatchObject({ isCorrect: false, correctAnswerIndex: 1 });
    expect(errorBodySchema.parse((await evaluate(caller, mcCard.id, { answer: 'Option Z' })).json()).code).toBe('VALIDATION_FAILED');
  });

  it('grades a front/back card in words against its back', async () => {
    const caller = anonCaller();
    const { frCard } = await seedDeck(t, caller);
    const good = (await evaluate(caller, frCard.id, { answer: 'They make most of the ATP of the cell by cellular respiration, releasing energy from glucose and oxygen.' })).json();
    expect(good.evaluation.freeResponse).toMatchObject({ stoplight: 'green', isCorrect: true });
    const bad = (await evaluate(caller, frCard.id, { answer: 'Paris is the capital of France.' })).json();
    expect(bad.evaluation.freeResponse).toMatchObject({ stoplight: 'red', isCorrect: false });
    expect(bad.card.back).toBe(EXPECTED_ANSWER);
  });

  it('refuses a body naming another card than the path', async () => {
    const caller = anonCaller();
    const { mcCard, frCard } = await seedDeck(t, caller);
    const res = await evaluate(caller, mcCard.id, { answer: 'Option B', cardId: frCard.id });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).code).toBe('BAD_REQUEST');
  });
});
