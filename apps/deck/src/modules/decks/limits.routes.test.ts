import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '@mnemo/contracts/limits';
import { decks, sources, studySpaces, uploads } from '@mnemo/db/schema';
import { ownedBy } from '@mnemo/db/owner';
import { anonCaller, ownerOf, registerCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { client, expectError, startDeckAppWith, type Caller } from './test-helpers';

let t: DeckTestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startDeckApp();
  api = client(t.app, t);
});
afterAll(async () => {
  await t?.close();
});

const spacesOf = async (c: Caller) => (await t.db.select({ n: count() }).from(studySpaces).where(ownedBy(studySpaces, ownerOf(c))))[0]!.n;
const decksOf = async (c: Caller) => (await t.db.select({ n: count() }).from(decks).where(ownedBy(decks, ownerOf(c))))[0]!.n;

/** A limit answer: 402 LIMIT_REACHED with limitReached and a message naming the limit. */
function expectLimit(res: Parameters<typeof expectError>[0], message: string, details: { limit: string; max: number; plan: string }) {
  const body = expectError(res, 402, 'LIMIT_REACHED');
  expect(body.limitReached).toBe(true);
  expect(body.error).toBe(message);
  expect(body.details).toEqual(details);
}

describe('study space limits', () => {
  it('gives a free account 5 study spaces; the 6th is refused with limitReached and not created', async () => {
    const caller = userCaller('free');
    const made = [];
    for (let i = 0; i < PLAN_LIMITS.free.studySpaces; i++) made.push(await api.space(caller, `Space ${i}`));
    expectLimit(
      await api.call(caller, 'POST', '/spaces', { title: 'One too many' }),
      'The free plan allows 5 study spaces. Upgrade to Scholar for unlimited study spaces.',
      { limit: 'studySpaces', max: 5, plan: 'free' },
    );
    expect(await spacesOf(caller)).toBe(5);
    // Deleting one makes room again.
    await api.call(caller, 'DELETE', `/spaces/${made[0]!._id}`);
    expect((await api.call(caller, 'POST', '/spaces', { title: 'Again' })).statusCode).toBe(201);
  });

  it('gives a guest 1 study space', async () => {
    const caller = anonCaller();
    await api.space(caller);
    expectLimit(
      await api.call(caller, 'POST', '/spaces', { title: 'Second' }),
      'Guests can create 1 study space. Sign up for free to create more.',
      { limit: 'studySpaces', max: 1, plan: 'anonymous' },
    );
    expect(await spacesOf(caller)).toBe(1);
  });

  it('gives Scholar unlimited study spaces', async () => {
    const caller = userCaller('scholar');
    for (let i = 0; i < PLAN_LIMITS.free.studySpaces + 3; i++) await api.space(caller, `Space ${i}`);
    expect(await spacesOf(caller)).toBe(8);
  });

  it('lets exactly 5 of 8 simultaneous creations through', async () => {
    const caller = userCaller('free');
    await registerCaller(t, caller);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => api.call(caller, 'POST', '/spaces', { title: `Race ${i}` })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 402, 402, 402]);
    expect(await spacesOf(caller)).toBe(5);
  });
});

describe('deck limits', () => {
  it('gives a free account 10 decks per space; the 11th is refused and nothing of it is created', async () => {
    const caller = userCaller('free');
    const space = await api.space(caller);
    for (let i = 0; i < PLAN_LIMITS.free.decksPerSpace; i++) await api.deck(caller, { title: `Deck ${i}`, studySpace: space._id });
    const file = await api.upload(caller);
    expectLimit(
      await api.call(caller, 'POST', '/decks', {
        title: 'Eleventh',
        studySpace: space._id,
        sources: [{ type: 'website', url: 'https://example.org' }, { type: 'document', storageRef: file.storageRef }],
      }),
      'The free plan allows 10 decks per study space. Upgrade to Scholar for unlimited decks.',
      { limit: 'decksPerSpace', max: 10, plan: 'free' },
    );
    expect(await decksOf(caller)).toBe(10);
    expect(await t.db.select().from(decks).where(eq(decks.title, 'Eleventh'))).toEqual([]);
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.storageRef, file.storageRef));
    expect(upload?.sourceId).toBeNull();
    expect(await t.db.select({ id: sources.id }).from(sources).where(eq(sources.storageRef, file.storageRef))).toEqual([]);

    // Another space, and decks outside any space, have room of their own.
    const other = await api.space(caller, 'Other');
    expect((await api.call(caller, 'POST', '/decks', { title: 'Elsewhere', studySpace: other._id })).statusCode).toBe(201);
    expect((await api.call(caller, 'POST', '/decks', { title: 'Loose' })).statusCode).toBe(201);
  });

  it('counts decks outside any space as one group under the same limit', async () => {
    const caller = userCaller('free');
    await registerCaller(t, caller);
    for (let i = 0; i < 10; i++) await api.deck(caller, { title: `Loose ${i}` });
    expectError(await api.call(caller, 'POST', '/decks', { title: 'Loose 11' }), 402, 'LIMIT_REACHED');
    expect(await decksOf(caller)).toBe(10);
  });

  it('refuses to move a deck into a full space, leaving it where it was', async () => {
    const caller = userCaller('free');
    const full = await api.space(caller, 'Full');
    const from = await api.space(caller, 'From');
    for (let i = 0; i < 10; i++) await api.deck(caller, { title: `Deck ${i}`, studySpace: full._id });
    const deck = await api.deck(caller, { studySpace: from._id });
    const body = expectError(await api.call(caller, 'PUT', `/decks/${deck._id}`, { studySpace: full._id, title: 'Moved' }), 402, 'LIMIT_REACHED');
    expect(body.limitReached).toBe(true);
    expect((await t.db.select().from(decks).where(eq(decks.id, deck._id)))[0]).toMatchObject({ studySpaceId: from._id, title: 'Cells' });
    // Moving within the same space, or renaming, is not adding a deck.
    const inFull = (await api.call(caller, 'GET', `/decks?studySpace=${full._id}`)).json().data[0];
    expect((await api.call(caller, 'PUT', `/decks/${inFull._id}`, { studySpace: full._id, title: 'Renamed' })).statusCode).toBe(200);
  });

  it('gives a guest 3 decks in all, in their space or outside it', async () => {
    const caller = anonCaller();
    const space = await api.space(caller);
    await api.deck(caller, { studySpace: space._id });
    await api.deck(caller, { studySpace: space._id });
    await api.deck(caller);
    const message = 'Guests can create 3 decks. Sign up for free to create more.';
    const details = { limit: 'decksPerSpace', max: 3, plan: 'anonymous' };
    expectLimit(await api.call(caller, 'POST', '/decks', { title: 'Fourth', studySpace: space._id }), message, details);
    expectLimit(await api.call(caller, 'POST', '/decks', { title: 'Fourth' }), message, details);
    expect(await decksOf(caller)).toBe(3);
    // Moving a guest's deck changes nothing of their count.
    const loose = (await api.call(caller, 'GET', '/decks')).json().data.find((d: { studySpace: string | null }) => d.studySpace === null);
    expect((await api.call(caller, 'PUT', `/decks/${loose._id}`, { studySpace: space._id })).statusCode).toBe(200);
  });

  it('gives Scholar unlimited decks per space', async () => {
    const caller = userCaller('scholar');
    const space = await api.space(caller);
    for (let i = 0; i < 12; i++) await api.deck(caller, { title: `Deck ${i}`, studySpace: space._id });
    expect(await decksOf(caller)).toBe(12);
  });
});

describe('configured guest limits', () => {
  it('follow ANONYMOUS_MAX_SPACES and ANONYMOUS_MAX_DECKS, the variables the auth service reports', async () => {
    const other = await startDeckAppWith(t, { ANONYMOUS_MAX_SPACES: '2', ANONYMOUS_MAX_DECKS: '1' });
    try {
      const guest = client(other.app, t);
      const caller = anonCaller();
      await guest.space(caller, 'One');
      await guest.space(caller, 'Two');
      const spaces = expectError(await guest.call(caller, 'POST', '/spaces', { title: 'Three' }), 402, 'LIMIT_REACHED');
      expect(spaces.error).toBe('Guests can create 2 study spaces. Sign up for free to create more.');
      await guest.deck(caller);
      const decksBody = expectError(await guest.call(caller, 'POST', '/decks', { title: 'Second' }), 402, 'LIMIT_REACHED');
      expect(decksBody.error).toBe('Guests can create 1 deck. Sign up for free to create more.');
    } finally {
      await other.close();
    }
  });
});
