import { Queue } from 'bullmq';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@mnemo/contracts/errors';
import { QUEUES } from '@mnemo/contracts/jobs';
import type { Identity } from '@mnemo/contracts/identity';
import { cards, decks, questions, sourceChunks, sources, uploads } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import { createRedis } from '@mnemo/service-kit/plugins/redis';
import { anonCaller, REDIS_URL, registerCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { seedDeck } from '../questions/questions.test-support';

/**
 * Spec 02 §6: a published deck is viewable by anyone signed in (and studied in preview), editable
 * only by its owner. Every call that changes a deck, its sources, questions, cards or instructions
 * is walked here as another user and as another anonymous session on a PUBLISHED deck: each is
 * refused (403 where the caller can see the deck and the spec's client expects it, 404 otherwise,
 * 401 where an account is needed), nothing changes and nothing is queued. The owner then succeeds.
 */

let t: DeckTestApp;
const queues: Queue[] = [];
beforeAll(async () => {
  t = await startDeckApp();
  for (const name of [QUEUES.ingest, QUEUES.generate]) queues.push(new Queue(name, { connection: createRedis(REDIS_URL), prefix: t.prefix }));
});
afterAll(async () => {
  for (const queue of queues) {
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
  }
  await t?.close();
});

type Seeded = Awaited<ReturnType<typeof seedDeck>>;
type EditCall = {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  url: (s: Seeded) => string;
  payload?: (s: Seeded) => object;
  /** What another signed-in user gets; an anonymous session gets the same unless `anonymous` says. */
  status: number;
  anonymous?: number;
  /** The source starts pending (for 'process', which starts only a pending or failed source). */
  pendingSource?: boolean;
};

const EDITS: EditCall[] = [
  { name: 'PUT /decks/:id (title)', method: 'PUT', url: (s) => `/decks/${s.deck.id}`, payload: () => ({ title: 'Taken over' }), status: 404 },
  { name: 'PUT /decks/:id (custom instructions)', method: 'PUT', url: (s) => `/decks/${s.deck.id}`, payload: () => ({ systemPrompt: 'Ignore the deck.' }), status: 404 },
  { name: 'PUT /decks/:id (focus instructions)', method: 'PUT', url: (s) => `/decks/${s.deck.id}`, payload: () => ({ focusInstructions: 'Only dates.' }), status: 404 },
  { name: 'DELETE /decks/:id', method: 'DELETE', url: (s) => `/decks/${s.deck.id}`, status: 404 },
  { name: 'PUT /decks/:id/publish (unpublish)', method: 'PUT', url: (s) => `/decks/${s.deck.id}/publish`, payload: () => ({ isPublished: false }), status: 403, anonymous: 401 },
  { name: 'PUT /decks/:id/publish (anonymously)', method: 'PUT', url: (s) => `/decks/${s.deck.id}/publish`, payload: () => ({ isPublished: true, publishedAnonymously: true }), status: 403, anonymous: 401 },
  { name: 'POST /decks/:id/sources', method: 'POST', url: (s) => `/decks/${s.deck.id}/sources`, payload: () => ({ type: 'website', url: 'https://example.org/extra' }), status: 404 },
  { name: 'DELETE /decks/:id/sources/:sourceId', method: 'DELETE', url: (s) => `/decks/${s.deck.id}/sources/${s.source.id}`, payload: () => ({ deleteCards: true }), status: 404 },
  { name: 'POST /ai/process-source', method: 'POST', url: () => '/ai/process-source', payload: (s) => ({ deckId: s.deck.id, sourceId: s.source.id }), status: 404, pendingSource: true },
  {
    name: 'POST /questions/deck/:deckId/generate',
    method: 'POST',
    url: (s) => `/questions/deck/${s.deck.id}/generate`,
    payload: () => ({ questionTypes: ['multiple_choice'], totalQuestions: 3 }),
    status: 404,
  },
  { name: 'POST /ai/generate-cards-from-source', method: 'POST', url: () => '/ai/generate-cards-from-source', payload: (s) => ({ deckId: s.deck.id, sourceId: s.source.id, count: 2 }), status: 404 },
  { name: 'POST /cards/deck/:deckId/generate', method: 'POST', url: (s) => `/cards/deck/${s.deck.id}/generate`, payload: () => ({}), status: 404 },
  { name: 'PUT /questions/:id', method: 'PUT', url: (s) => `/questions/${s.mc.id}`, payload: () => ({ question: 'Changed by a stranger?' }), status: 404 },
  { name: 'DELETE /questions/:id', method: 'DELETE', url: (s) => `/questions/${s.fr.id}`, status: 404 },
];

/** Everything the owner's deck holds, to compare before and after. */
async function snapshot(deckId: string) {
  return {
    deck: await t.db.select().from(decks).where(eq(decks.id, deckId)),
    sources: await t.db.select().from(sources).where(eq(sources.deckId, deckId)).orderBy(asc(sources.id)),
    chunks: await t.db.select().from(sourceChunks).where(eq(sourceChunks.deckId, deckId)).orderBy(asc(sourceChunks.id)),
    questions: await t.db.select().from(questions).where(eq(questions.deckId, deckId)).orderBy(asc(questions.id)),
    cards: await t.db.select().from(cards).where(eq(cards.deckId, deckId)).orderBy(asc(cards.id)),
    uploads: (await t.db.select().from(uploads)).length,
  };
}
async function queuedJobs(): Promise<number> {
  let n = 0;
  for (const queue of queues) n += Object.values(await queue.getJobCounts()).reduce((a, b) => a + b, 0);
  return n;
}

describe('a published deck, as someone who is not its owner', () => {
  it.each(EDITS.map((c) => [c.name, c] as const))('%s is refused and changes nothing', async (_name, call) => {
    const owner = userCaller();
    await registerCaller(t, owner);
    const seeded = await seedDeck(t, owner);
    if (call.pendingSource) await t.db.update(sources).set({ processingStatus: 'pending' }).where(eq(sources.id, seeded.source.id));
    await t.db.update(decks).set({ isPublished: true, publishedAt: new Date() }).where(eq(decks.id, seeded.deck.id));
    const otherUser = userCaller();
    await registerCaller(t, otherUser);
    const send = (identity: Identity) =>
      t.app.inject({ method: call.method, url: call.url(seeded), headers: asCaller(identity), ...(call.payload ? { payload: call.payload(seeded) } : {}) });

    const before = await snapshot(seeded.deck.id);
    const jobs = await queuedJobs();
    // Both can see the deck: the viewers this rule is about.
    for (const viewer of [otherUser, anonCaller()]) {
      const seen = await t.app.inject({ method: 'GET', url: `/decks/${seeded.deck.id}`, headers: asCaller(viewer) });
      expect(seen.json()).toMatchObject({ canView: true, canEdit: false, isOwner: false });
    }
    for (const [who, identity, status] of [
      ['another user', otherUser, call.status],
      ['another anonymous session', anonCaller(), call.anonymous ?? call.status],
    ] as const) {
      const res = await send(identity);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
      expect(errorBodySchema.parse(res.json()).success).toBe(false);
    }
    expect(await snapshot(seeded.deck.id)).toEqual(before);
    expect(await queuedJobs()).toBe(jobs);

    // The owner may.
    const res = await send(owner);
    expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('sees the size refused with 403 (the client hides the meter), while the owner sees it', async () => {
    const owner = userCaller();
    await registerCaller(t, owner);
    const seeded = await seedDeck(t, owner);
    await t.db.update(decks).set({ isPublished: true, publishedAt: new Date() }).where(eq(decks.id, seeded.deck.id));
    const viewer = userCaller();
    await registerCaller(t, viewer);
    const refused = await t.app.inject({ method: 'GET', url: `/decks/${seeded.deck.id}/size`, headers: asCaller(viewer) });
    expect(refused.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'GET', url: `/decks/${seeded.deck.id}/size`, headers: asCaller(owner) });
    expect(own.statusCode).toBe(200);
  });
});
