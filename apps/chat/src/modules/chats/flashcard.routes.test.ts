import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoute } from '@mnemo/contracts/routes';
import type { Identity } from '@mnemo/contracts/identity';
import { cards, questions } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import { anonCaller, seedChoiceQuestion, seedDeck, startChatApp, storedRows, userCaller, type ChatTestApp } from './chats.test-support';
import { isHintRequest } from './flashcard.service';

let t: ChatTestApp;
beforeAll(async () => {
  t = await startChatApp();
});
afterAll(async () => {
  await t?.close();
});

const ask = (caller: Identity, cardId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/chat/flashcard/${cardId}`, headers: asCaller(caller), payload });
function response(res: Awaited<ReturnType<typeof ask>>): string {
  expect(res.statusCode, res.body).toBe(200);
  return (findRoute('POST', '/chat/flashcard/:cardId')!.response!.parse(res.json()) as { response: string }).response;
}

async function seedCards(published = true) {
  const owner = anonCaller();
  const seeded = await seedDeck(t, owner.anonId, { published });
  const mc = await seedChoiceQuestion(t, seeded);
  const [fr] = await t.db
    .insert(questions)
    .values({
      deckId: seeded.deck.id,
      sourceId: seeded.source.id,
      chunkId: seeded.chunk.id,
      questionType: 'free_response',
      question: 'Which organelle builds proteins from amino acids?',
      expectedAnswer: 'Ribosomes',
    })
    .returning();
  const [card] = await t.db
    .insert(cards)
    .values({ deckId: seeded.deck.id, front: 'What is the powerhouse of the cell?', back: 'Mitochondria' })
    .returning();
  return { owner, seeded, mc, fr: fr!, card: card! };
}

describe('hints', () => {
  it('nudge toward the answer without ever containing it, for a question or a plain card', async () => {
    const { mc, fr, card, seeded } = await seedCards();
    const viewer = anonCaller();
    const cases = [
      { id: mc.id, answer: /\bATP\b/i },
      { id: fr.id, answer: /ribosome/i },
      { id: card.id, answer: /mitochondri/i },
    ];
    for (const c of cases) {
      for (const payload of [{ message: 'Can you give me a hint for this question?' }, { message: 'Help me please', mode: 'hint' }]) {
        const hint = response(await ask(viewer, c.id, payload));
        expect(hint.trim().length, JSON.stringify(payload)).toBeGreaterThan(0);
        expect(hint, `${c.id} ${JSON.stringify(payload)}`).not.toMatch(c.answer);
      }
    }
    expect(await storedRows(t, seeded.deck.id)).toEqual({ chats: 0, messages: 0 });
  });

  it('are asked for by mode or by a message asking for a hint', () => {
    expect(isHintRequest({ message: 'Can you give me a hint for this question?' })).toBe(true);
    expect(isHintRequest({ message: 'Any clue?' })).toBe(true);
    expect(isHintRequest({ message: 'Explain it', mode: 'hint' })).toBe(true);
    expect(isHintRequest({ message: 'Give me a hint', mode: 'flashcard' })).toBe(false);
    expect(isHintRequest({ message: 'Give me an analogy' })).toBe(false);
  });
});

describe('the flashcard tutor', () => {
  it('keeps the answer of an unanswered question to itself, and discusses it once the learner has answered', async () => {
    const { mc } = await seedCards();
    const viewer = userCaller();
    const before = response(await ask(viewer, mc.id, { message: 'What is the answer?' }));
    expect(before).not.toMatch(/\bATP\b/);
    const after = response(
      await ask(viewer, mc.id, {
        message: 'Why is that the answer?',
        answerSubmitted: true,
        userAnswer: 0,
        chatHistory: [{ role: 'user', content: 'What is the answer?' }, { role: 'assistant', content: before }],
      }),
    );
    expect(after).toMatch(/ATP/);
  });

  it('answers 404 for an unknown id and for a card of a private deck of someone else', async () => {
    const { mc, card, owner } = await seedCards(false);
    for (const id of [randomUUID(), mc.id, card.id]) {
      const res = await ask(anonCaller(), id, { message: 'Explain' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Card not found');
    }
    expect(response(await ask(owner, card.id, { message: 'Explain the powerhouse of the cell' })).length).toBeGreaterThan(0);
  });
});
