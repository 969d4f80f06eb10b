import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import { decks, sources, studySpaces, uploads } from '@mnemo/db/schema';
import { anonCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { client, expectError, type Caller } from './test-helpers';

// Issue 18.3: a Create Cards attempt whose every source failed leaves nothing behind; nothing
// else is ever lost (a deck with questions, cards, or a source that did not fail stays).

let t: DeckTestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startDeckApp();
  api = client(t.app, t);
});
afterAll(async () => {
  await t?.close();
});

const PATH = (id: string) => `/decks/${id}/discard-failed-creation`;
const deckRow = async (id: string) => (await t.db.select().from(decks).where(eq(decks.id, id)))[0];
const spaceRow = async (id: string) => (await t.db.select().from(studySpaces).where(eq(studySpaces.id, id)))[0];

/** A deck as a failed creation leaves it: its sources failed with the worker's reason. */
async function failedDeck(caller: Caller, body: Record<string, unknown> = {}) {
  const deck = await api.deck(caller, {
    sources: [
      { type: 'website', url: 'https://example.org/missing' },
      { type: 'website', url: 'https://example.org/gone' },
    ],
    ...body,
  });
  await t.db
    .update(sources)
    .set({ processingStatus: 'failed', processingError: 'The page was not found (HTTP 404). Check the link.' })
    .where(eq(sources.deckId, deck._id));
  return deck;
}

describe('POST /decks/:id/discard-failed-creation', () => {
  it('removes a deck whose every source failed, with its stored files, and the space the attempt made', async () => {
    const caller = anonCaller();
    const space = await api.space(caller, 'My Study Space');
    const file = await api.upload(caller);
    const deck = await failedDeck(caller, {
      studySpace: space._id,
      sources: [{ type: 'document', storageRef: file.storageRef }, { type: 'website', url: 'https://example.org/missing' }],
    });
    const key = file.storageRef.split('/').pop()!;

    const res = await api.call(caller, 'POST', PATH(deck._id), { removeSpace: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(route('POST /decks/:id/discard-failed-creation').response.parse(res.json())).toEqual({ success: true, removedSpace: true });

    expect(await deckRow(deck._id)).toBeUndefined();
    expect(await t.db.select().from(sources).where(eq(sources.deckId, deck._id))).toEqual([]);
    expect(await spaceRow(space._id)).toBeUndefined();
    expect(await t.db.select().from(uploads).where(eq(uploads.storageRef, file.storageRef))).toEqual([]);
    expect(t.storedFiles().some((f) => f.includes(key))).toBe(false);
    // The deck no longer counts toward the limit: the list is empty.
    expect((await api.call(caller, 'GET', '/decks')).json()).toMatchObject({ data: [] });
  });

  it('keeps the space when the attempt did not make it, or when another deck is in it', async () => {
    const caller = userCaller();
    const space = await api.space(caller);
    const first = await failedDeck(caller, { studySpace: space._id });
    const res = await api.call(caller, 'POST', PATH(first._id));
    expect(res.json()).toEqual({ success: true, removedSpace: false });
    expect(await spaceRow(space._id)).toBeDefined();

    const kept = await api.deck(caller, { studySpace: space._id, title: 'Kept' });
    const second = await failedDeck(caller, { studySpace: space._id });
    expect((await api.call(caller, 'POST', PATH(second._id), { removeSpace: true })).json()).toEqual({
      success: true,
      removedSpace: false,
    });
    expect(await deckRow(second._id)).toBeUndefined();
    expect(await spaceRow(space._id)).toBeDefined();
    expect(await deckRow(kept._id)).toBeDefined();
  });

  it('refuses with 409 and keeps a deck with a source that did not fail, with questions or with cards', async () => {
    const caller = userCaller();
    const space = await api.space(caller);

    const partly = await failedDeck(caller, { studySpace: space._id });
    const [one] = await t.db.select().from(sources).where(eq(sources.deckId, partly._id));
    await t.db.update(sources).set({ processingStatus: 'completed', processingError: null }).where(eq(sources.id, one!.id));

    const withQuestion = await failedDeck(caller, { studySpace: space._id });
    await t.db.execute(
      sql`insert into questions (deck_id, question, question_type, position) values (${withQuestion._id}, 'Why?', 'free_response', 0)`,
    );
    const withCard = await failedDeck(caller, { studySpace: space._id });
    await t.db.execute(sql`insert into cards (deck_id, front, back) values (${withCard._id}, 'F', 'B')`);
    const processing = await failedDeck(caller, { studySpace: space._id });
    await t.db.update(sources).set({ processingStatus: 'processing' }).where(eq(sources.deckId, processing._id));
    const noSources = await api.deck(caller, { studySpace: space._id });

    for (const deck of [partly, withQuestion, withCard, processing, noSources]) {
      expectError(await api.call(caller, 'POST', PATH(deck._id), { removeSpace: true }), 409, 'CONFLICT');
      expect(await deckRow(deck._id)).toBeDefined();
      expect(await t.db.select().from(sources).where(eq(sources.deckId, deck._id))).toHaveLength(deck.sources.length);
    }
    expect(await spaceRow(space._id)).toBeDefined();
  });

  it("answers 404 for someone else's deck and leaves it", async () => {
    const owner = userCaller();
    const deck = await failedDeck(owner);
    expectError(await api.call(userCaller(), 'POST', PATH(deck._id), {}), 404, 'NOT_FOUND');
    expectError(await api.call(anonCaller(), 'POST', PATH(deck._id), {}), 404, 'NOT_FOUND');
    expect(await deckRow(deck._id)).toBeDefined();
  });
});
