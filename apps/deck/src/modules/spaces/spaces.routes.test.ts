import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import { decks, sources, studySpaces, uploads } from '@mnemo/db/schema';
import { anonCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { client, expectError, nobody, type Caller } from '../decks/test-helpers';

let t: DeckTestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startDeckApp();
  api = client(t.app, t);
});
afterAll(async () => {
  await t?.close();
});

const spaceRow = async (id: string) => (await t.db.select().from(studySpaces).where(eq(studySpaces.id, id)))[0];

describe('study spaces', () => {
  it('creates a space for an anonymous visitor and lists it wrapped in data', async () => {
    const caller = anonCaller();
    const created = await api.call(caller, 'POST', '/spaces', { title: '  Biology  ', description: 'Cells' });
    expect(created.statusCode).toBe(201);
    const space = route('POST /spaces').response.parse(created.json()).data;
    expect(space).toMatchObject({ title: 'Biology', description: 'Cells', decks: [] });

    const list = await api.call(caller, 'GET', '/spaces');
    expect(route('GET /spaces').response.parse(list.json()).data).toEqual([space]);
    const one = await api.call(caller, 'GET', `/spaces/${space._id}`);
    expect(route('GET /spaces/:id').response.parse(one.json()).data).toEqual(space);
  });

  it('lists spaces newest first with the ids of their decks, whose number is the deck count', async () => {
    const caller = userCaller();
    const first = await api.space(caller, 'First');
    const second = await api.space(caller, 'Second');
    const older = await api.deck(caller, { studySpace: second._id, title: 'Older' });
    const newer = await api.deck(caller, { studySpace: second._id, title: 'Newer' });
    await api.deck(caller, { title: 'Outside any space' });
    const list = route('GET /spaces').response.parse((await api.call(caller, 'GET', '/spaces')).json()).data;
    expect(list.map((s) => [s.title, s.decks])).toEqual([
      ['Second', [newer._id, older._id]],
      ['First', []],
    ]);
    expect(list[1]?._id).toBe(first._id);
  });

  it('renames a space with PUT, changing only the fields sent', async () => {
    const caller = anonCaller();
    const space = (await api.call(caller, 'POST', '/spaces', { title: 'Biology', description: 'Cells' })).json().data;
    const renamed = await api.call(caller, 'PUT', `/spaces/${space._id}`, { title: '  Cell biology ' });
    expect(renamed.statusCode).toBe(200);
    expect(route('PUT /spaces/:id').response.parse(renamed.json()).data).toMatchObject({ _id: space._id, title: 'Cell biology', description: 'Cells' });
    const described = (await api.call(caller, 'PUT', `/spaces/${space._id}`, { description: '' })).json().data;
    expect(described).toMatchObject({ title: 'Cell biology', description: '' });
    const unchanged = await api.call(caller, 'PUT', `/spaces/${space._id}`, {});
    expect(unchanged.json().data).toMatchObject({ title: 'Cell biology', description: '' });
    const blank = expectError(await api.call(caller, 'PUT', `/spaces/${space._id}`, { title: '   ' }), 400, 'VALIDATION_FAILED');
    expect(blank.error).toContain('Please enter a name for your new study space');
  });

  it('refuses a space without a name with the spec message', async () => {
    const res = expectError(await api.call(userCaller(), 'POST', '/spaces', { title: '   ' }), 400, 'VALIDATION_FAILED');
    expect(res.error).toContain('Please enter a name for your new study space');
  });

  it('deletes a space with its decks, their sources and stored files, answering the space as it was', async () => {
    const caller = userCaller();
    const space = await api.space(caller, 'Doomed');
    const keep = await api.space(caller, 'Kept');
    const file = await api.upload(caller);
    const inSpace = await api.deck(caller, {
      studySpace: space._id,
      sources: [{ type: 'document', storageRef: file.storageRef }, { type: 'website', url: 'https://example.org/cells' }],
    });
    const kept = await api.deck(caller, { studySpace: keep._id });
    const outside = await api.deck(caller);
    expect(t.storedFiles().some((f) => f.endsWith(file.storageRef.split('/').pop()!))).toBe(true);

    const res = await api.call(caller, 'DELETE', `/spaces/${space._id}`);
    expect(res.statusCode).toBe(200);
    expect(route('DELETE /spaces/:id').response.parse(res.json()).data).toMatchObject({ _id: space._id, title: 'Doomed', decks: [inSpace._id] });

    expect(await spaceRow(space._id)).toBeUndefined();
    const left = await t.db.select({ id: decks.id }).from(decks).where(inArray(decks.id, [inSpace._id, kept._id, outside._id]));
    expect(left.map((d) => d.id).sort()).toEqual([kept._id, outside._id].sort());
    expect(await t.db.select().from(sources).where(eq(sources.deckId, inSpace._id))).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.storageRef, file.storageRef))).toEqual([]);
    expect(t.storedFiles().some((f) => f.includes(file.storageRef.split('/').pop()!))).toBe(false);
    expectError(await api.call(caller, 'GET', `/spaces/${space._id}`), 404, 'NOT_FOUND');
    expectError(await api.call(caller, 'DELETE', `/spaces/${space._id}`), 404, 'NOT_FOUND');
  });

  it('reports ready when its database and Redis answer', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.json()).toMatchObject({ status: 'ok', checks: { database: { status: 'ok' }, redis: { status: 'ok' } } });
  });
});

/**
 * Every spaces call as the owner, another user, another anonymous session and with no session.
 * Someone else's space answers 404, exactly like a missing one, and is left as it was.
 */
describe('authorization matrix: spaces', () => {
  const owners: [string, () => Caller][] = [
    ['a signed-in owner', () => userCaller()],
    ['an anonymous owner', () => anonCaller()],
  ];

  for (const [label, makeOwner] of owners) {
    describe(`of ${label}`, () => {
      /** A fresh owner with a space, and two strangers (one with a space of their own). */
      async function setup() {
        const owner = makeOwner();
        const otherUser = userCaller();
        const otherAnon = anonCaller();
        const spaceId = (await api.space(owner, 'Private space'))._id;
        await api.space(otherUser, 'Theirs');
        const expectUntouched = async () => expect(await spaceRow(spaceId)).toMatchObject({ title: 'Private space' });
        return { owner, otherUser, otherAnon, spaceId, expectUntouched };
      }

      it('GET /spaces: each caller lists only their own (200); no session 401', async () => {
        const { owner, otherUser, otherAnon, spaceId } = await setup();
        const ids = async (c: Caller) => ((await api.call(c, 'GET', '/spaces')).json() as { data: { _id: string }[] }).data.map((s) => s._id);
        expect(await ids(owner)).toContain(spaceId);
        expect(await ids(otherUser)).not.toContain(spaceId);
        expect(await ids(otherAnon)).not.toContain(spaceId);
        expectError(await api.call(nobody, 'GET', '/spaces'), 401, 'UNAUTHENTICATED');
      });

      it('GET /spaces/:id: owner 200, other user 404, other session 404, no session 401', async () => {
        const { owner, otherUser, otherAnon, spaceId } = await setup();
        expect((await api.call(owner, 'GET', `/spaces/${spaceId}`)).statusCode).toBe(200);
        expect(expectError(await api.call(otherUser, 'GET', `/spaces/${spaceId}`), 404, 'NOT_FOUND').error).toBe('Study space not found');
        expectError(await api.call(otherAnon, 'GET', `/spaces/${spaceId}`), 404, 'NOT_FOUND');
        expectError(await api.call(nobody, 'GET', `/spaces/${spaceId}`), 401, 'UNAUTHENTICATED');
        expectError(await api.call(owner, 'GET', `/spaces/${randomUUID()}`), 404, 'NOT_FOUND');
        expectError(await api.call(owner, 'GET', '/spaces/not-an-id'), 400, 'VALIDATION_FAILED');
      });

      it('POST /spaces: any session 201 (its own space); no session 401', async () => {
        const { owner } = await setup();
        expectError(await api.call(nobody, 'POST', '/spaces', { title: 'Nobody’s' }), 401, 'UNAUTHENTICATED');
        // A guest may have one space: the owner of the fixture is at that limit, a new guest is not.
        const res = await api.call(owner.kind === 'user' ? owner : anonCaller(), 'POST', '/spaces', { title: 'Mine' });
        expect(res.statusCode).toBe(201);
      });

      it('PUT /spaces/:id: owner 200, other user 404, other session 404, no session 401; nothing changes for them', async () => {
        const { owner, otherUser, otherAnon, spaceId, expectUntouched } = await setup();
        expectError(await api.call(otherUser, 'PUT', `/spaces/${spaceId}`, { title: 'Hijacked' }), 404, 'NOT_FOUND');
        expectError(await api.call(otherAnon, 'PUT', `/spaces/${spaceId}`, { title: 'Hijacked' }), 404, 'NOT_FOUND');
        expectError(await api.call(nobody, 'PUT', `/spaces/${spaceId}`, { title: 'Hijacked' }), 401, 'UNAUTHENTICATED');
        await expectUntouched();
        expect((await api.call(owner, 'PUT', `/spaces/${spaceId}`, { title: 'Renamed' })).statusCode).toBe(200);
        expect(await spaceRow(spaceId)).toMatchObject({ title: 'Renamed' });
      });

      it('DELETE /spaces/:id: other user 404, other session 404, no session 401, owner 200', async () => {
        const { owner, otherUser, otherAnon, spaceId, expectUntouched } = await setup();
        expectError(await api.call(otherUser, 'DELETE', `/spaces/${spaceId}`), 404, 'NOT_FOUND');
        expectError(await api.call(otherAnon, 'DELETE', `/spaces/${spaceId}`), 404, 'NOT_FOUND');
        expectError(await api.call(nobody, 'DELETE', `/spaces/${spaceId}`), 401, 'UNAUTHENTICATED');
        await expectUntouched();
        expect((await api.call(owner, 'DELETE', `/spaces/${spaceId}`)).statusCode).toBe(200);
        expect(await spaceRow(spaceId)).toBeUndefined();
      });
    });
  }
});
