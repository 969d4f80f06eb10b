import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@mnemo/contracts/errors';
import { QUEUES } from '@mnemo/contracts/jobs';
import { decks, questions } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import { createRedis } from '@mnemo/service-kit/plugins/redis';
import { anonCaller, REDIS_URL, registerCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { seedDeck } from './questions.test-support';

/**
 * Every question and card call on a private deck as the deck's owner, as another user, as another
 * anonymous session and with no session: only the owner gets an answer; the others are told nothing
 * exists (404), and a caller without any session is asked for one (401). A published deck's
 * questions and cards may be read and evaluated by any session (last tests).
 */

let t: DeckTestApp;
let queue: Queue;
beforeAll(async () => {
  t = await startDeckApp();
  queue = new Queue(QUEUES.generate, { connection: createRedis(REDIS_URL), prefix: t.prefix });
});
afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => {});
  await queue?.close();
  await t?.close();
});

type Seeded = Awaited<ReturnType<typeof seedDeck>>;
type Call = { name: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: (s: Seeded) => string; payload?: (s: Seeded) => object };

const CALLS: Call[] = [
  { name: 'GET /questions/deck/:deckId', method: 'GET', url: (s) => `/questions/deck/${s.deck.id}?page=1&limit=20` },
  { name: 'GET /questions/deck/:deckId/all', method: 'GET', url: (s) => `/questions/deck/${s.deck.id}/all?questionType=all` },
  {
    name: 'POST /questions/deck/:deckId/generate',
    method: 'POST',
    url: (s) => `/questions/deck/${s.deck.id}/generate`,
    payload: () => ({ questionTypes: ['multiple_choice'], totalQuestions: 3 }),
  },
  { name: 'PUT /questions/:id', method: 'PUT', url: (s) => `/questions/${s.mc.id}`, payload: () => ({ question: 'What do mitochondria make?' }) },
  { name: 'DELETE /questions/:id', method: 'DELETE', url: (s) => `/questions/${s.mc.id}` },
  { name: 'POST /questions/:id/evaluate', method: 'POST', url: (s) => `/questions/${s.mc.id}/evaluate`, payload: () => ({ response: 0 }) },
  { name: 'GET /cards/deck/:deckId', method: 'GET', url: (s) => `/cards/deck/${s.deck.id}` },
  { name: 'POST /cards/:id/evaluate', method: 'POST', url: (s) => `/cards/${s.mcCard.id}/evaluate`, payload: () => ({ answer: 'Option B' }) },
  { name: 'POST /cards/deck/:deckId/generate', method: 'POST', url: (s) => `/cards/deck/${s.deck.id}/generate`, payload: () => ({}) },
  {
    name: 'POST /ai/generate-cards-from-source',
    method: 'POST',
    url: () => '/ai/generate-cards-from-source',
    payload: (s) => ({ deckId: s.deck.id, sourceId: s.source.id, count: 2 }),
  },
];

const owners = {
  'a signed-in user': () => userCaller(),
  'an anonymous session': () => anonCaller(),
};

describe.each(Object.entries(owners))('a deck owned by %s', (_, makeOwner) => {
  it.each(CALLS.map((c) => [c.name, c] as const))('%s: owner 200, other user 404, other session 404, no session 401', async (_name, call) => {
    const owner = makeOwner();
    const otherUser = userCaller();
    await registerCaller(t, otherUser);
    const roles = [
      { who: 'another user', identity: otherUser, status: 404, code: 'NOT_FOUND' },
      { who: 'another anonymous session', identity: anonCaller(), status: 404, code: 'NOT_FOUND' },
      { who: 'no session', identity: { kind: 'none' as const }, status: 401, code: 'UNAUTHENTICATED' },
    ];
    const seeded = await seedDeck(t, owner);
    const send = (identity: Parameters<typeof asCaller>[0]) =>
      t.app.inject({ method: call.method, url: call.url(seeded), headers: asCaller(identity), ...(call.payload ? { payload: call.payload(seeded) } : {}) });

    // Strangers first: nothing they send may change what the owner then finds.
    for (const role of roles) {
      const res = await send(role.identity);
      expect(res.statusCode, role.who).toBe(role.status);
      expect(errorBodySchema.parse(res.json()).code, role.who).toBe(role.code);
    }
    const res = await send(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
  });
});

it('answers 404 for ids that do not exist, as for ones the caller may not see', async () => {
  const caller = anonCaller();
  for (const [method, url, payload] of [
    ['GET', `/questions/deck/${randomUUID()}`],
    ['PUT', `/questions/${randomUUID()}`, { question: 'x' }],
    ['DELETE', `/questions/${randomUUID()}`],
    ['POST', `/questions/${randomUUID()}/evaluate`, { response: 'x' }],
    ['POST', `/cards/${randomUUID()}/evaluate`, { answer: 'x' }],
    ['POST', `/cards/deck/${randomUUID()}/generate`, {}],
  ] as const) {
    const res = await t.app.inject({ method, url, headers: asCaller(caller), ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}`).toBe(404);
  }
});

describe('a published deck', () => {
  it('lets any session evaluate its questions, storing nothing, while editing stays with the owner', async () => {
    const owner = anonCaller();
    const seeded = await seedDeck(t, owner);
    await t.db.update(decks).set({ isPublished: true }).where(eq(decks.id, seeded.deck.id));
    const before = await t.db.select().from(questions).where(eq(questions.deckId, seeded.deck.id));
    const viewer = userCaller();
    await registerCaller(t, viewer);
    for (const identity of [viewer, anonCaller()]) {
      const res = await t.app.inject({ method: 'POST', url: `/questions/${seeded.mc.id}/evaluate`, headers: asCaller(identity), payload: { response: 0 } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().evaluation.multipleChoice).toBeDefined();
      for (const [method, payload] of [['PUT', { question: 'Changed?' }], ['DELETE', undefined]] as const) {
        const refused = await t.app.inject({ method, url: `/questions/${seeded.mc.id}`, headers: asCaller(identity), ...(payload ? { payload } : {}) });
        expect(refused.statusCode, `${method} by a viewer`).toBe(404);
      }
    }
    const none = await t.app.inject({ method: 'POST', url: `/questions/${seeded.mc.id}/evaluate`, headers: asCaller({ kind: 'none' }), payload: { response: 0 } });
    expect(none.statusCode).toBe(401);
    expect(await t.db.select().from(questions).where(eq(questions.deckId, seeded.deck.id))).toEqual(before);
  });
});

describe('studying a published deck', () => {
  it('lets any session read its questions and cards and grade a card, but not generate', async () => {
    const owner = userCaller();
    await registerCaller(t, owner);
    const seeded = await seedDeck(t, owner);
    await t.db.update(decks).set({ isPublished: true }).where(eq(decks.id, seeded.deck.id));
    const viewer = userCaller();
    await registerCaller(t, viewer);
    for (const identity of [viewer, anonCaller()]) {
      const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: asCaller(identity), ...(payload ? { payload } : {}) });
      const page = await send('GET', `/questions/deck/${seeded.deck.id}?page=1&limit=20`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().questions.map((q: { _id: string }) => q._id)).toContain(seeded.mc.id);
      const all = await send('GET', `/questions/deck/${seeded.deck.id}/all?questionType=all`);
      expect(all.json().questions.length).toBe(page.json().pagination.total);
      const cardList = await send('GET', `/cards/deck/${seeded.deck.id}`);
      expect(cardList.json().cards.map((c: { _id: string }) => c._id)).toContain(seeded.mcCard.id);
      const graded = await send('POST', `/cards/${seeded.mcCard.id}/evaluate`, { answer: 'Option B' });
      expect(graded.statusCode, graded.body).toBe(200);
      expect(graded.json().evaluation).toBeDefined();
      for (const [url, payload] of [
        [`/questions/deck/${seeded.deck.id}/generate`, { questionTypes: ['multiple_choice'], totalQuestions: 3 }],
        [`/cards/deck/${seeded.deck.id}/generate`, {}],
      ] as const) {
        const refused = await send('POST', url, payload);
        expect(refused.statusCode, `${url} by a viewer`).toBe(404);
      }
    }
    // Unpublished again, it is private again.
    await t.db.update(decks).set({ isPublished: false }).where(eq(decks.id, seeded.deck.id));
    const hidden = await t.app.inject({ method: 'GET', url: `/cards/deck/${seeded.deck.id}`, headers: asCaller(viewer) });
    expect(hidden.statusCode).toBe(404);
  });
});
