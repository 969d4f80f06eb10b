import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import type { ErrorBody } from '@mnemo/contracts/errors';
import { decks, questions, sources, uploads } from '@mnemo/db/schema';
import { anonCaller, registerCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';
import { client, expectError, nobody, type Caller } from './test-helpers';

let t: DeckTestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startDeckApp();
  api = client(t.app, t);
});
afterAll(async () => {
  await t?.close();
});

const MB = 1024 * 1024;
const deckRow = async (id: string) => (await t.db.select().from(decks).where(eq(decks.id, id)))[0];
// Written with the columns every version of these tables has (the questions issue adds more).
async function insertQuestion(deckId: string, position = 0): Promise<string> {
  const { rows } = await t.db.execute<{ id: string }>(
    sql`insert into questions (deck_id, question, question_type, position) values (${deckId}, 'Why?', 'free_response', ${position}) returning id`,
  );
  return rows[0]!.id;
}
async function insertCard(deckId: string): Promise<string> {
  const { rows } = await t.db.execute<{ id: string }>(sql`insert into cards (deck_id, front, back) values (${deckId}, 'F', 'B') returning id`);
  return rows[0]!.id;
}
const publish = (id: string, anonymously = false) =>
  t.db.update(decks).set({ isPublished: true, publishedAnonymously: anonymously, publishedAt: new Date() }).where(eq(decks.id, id));

describe('POST /decks', () => {
  it('creates a deck in the caller’s space with its sources pending, answering the contract', async () => {
    const caller = userCaller();
    const space = await api.space(caller);
    const file = await api.upload(caller);
    const res = await api.call(caller, 'POST', '/decks', {
      title: '  Cell biology ',
      description: 'Organelles',
      studySpace: space._id,
      focusInstructions: 'Focus on organelles',
      length: 'medium',
      questionTypes: ['multiple_choice', 'free_response', 'multiple_choice'],
      sources: [
        { type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Video', processingStatus: 'pending', summary: 'ignored' },
        { type: 'document', ...file, sizeInBytes: 1 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const deck = route('POST /decks').response.parse(res.json());
    expect(deck).toMatchObject({
      title: 'Cell biology',
      description: 'Organelles',
      studySpace: space._id,
      focusInstructions: 'Focus on organelles',
      systemPrompt: null,
      length: 'medium',
      questionTypes: ['multiple_choice', 'free_response'],
      cards: [],
      cardCount: 0,
      isPublished: false,
      publishedAt: null,
      publishedAnonymously: false,
      owner: caller.userId,
      ownerName: 'Test',
      isOwner: true,
      canEdit: true,
      canView: true,
    });
    expect(deck.sources.map((s) => [s.type, s.title, s.processingStatus, s.summary])).toEqual([
      ['youtube', 'Video', 'pending', null],
      ['document', 'minimal-document.pdf', 'pending', null],
    ]);
    // The document's size is the stored one, not the client's.
    expect(deck.sources[1]?.sizeInBytes).toBeGreaterThan(1);
    const space2 = (await api.call(caller, 'GET', `/spaces/${space._id}`)).json().data;
    expect(space2.decks).toEqual([deck._id]);
  });

  it('creates a deck of an anonymous session outside any space, with only a title', async () => {
    const caller = anonCaller();
    const deck = route('POST /decks').response.parse((await api.call(caller, 'POST', '/decks', { title: 'Guest deck' })).json());
    expect(deck).toMatchObject({ title: 'Guest deck', description: '', studySpace: null, owner: null, ownerName: null, sources: [], isOwner: true, canEdit: true, length: null, questionTypes: null });
  });

  it('refuses a deck without a title, and a space that is not the caller’s as not found', async () => {
    const caller = userCaller();
    await registerCaller(t, caller);
    expectError(await api.call(caller, 'POST', '/decks', { title: ' ' }), 400, 'VALIDATION_FAILED');
    const theirs = await api.space(userCaller());
    const body = expectError(await api.call(caller, 'POST', '/decks', { title: 'X', studySpace: theirs._id }), 404, 'NOT_FOUND');
    expect(body.error).toBe('Study space not found');
    expectError(await api.call(caller, 'POST', '/decks', { title: 'X', studySpace: randomUUID() }), 404, 'NOT_FOUND');
  });

  it('leaves nothing behind when one of its sources is refused', async () => {
    const caller = userCaller();
    const space = await api.space(caller);
    const file = await api.upload(caller);
    const strangersFile = await api.upload(anonCaller());
    const before = (await api.call(caller, 'GET', '/decks')).json().data.length;
    const cases: [object[], number, ErrorBody['code']][] = [
      // A document the caller did not upload.
      [[{ type: 'website', url: 'https://example.org' }, { type: 'document', storageRef: strangersFile.storageRef }], 404, 'NOT_FOUND'],
      // A link to a private address.
      [[{ type: 'document', storageRef: file.storageRef }, { type: 'website', url: 'http://169.254.169.254/latest' }], 400, 'SSRF_BLOCKED'],
      // The same upload twice.
      [[{ type: 'document', storageRef: file.storageRef }, { type: 'document', storageRef: file.storageRef }], 409, 'CONFLICT'],
    ];
    for (const [list, status, code] of cases) {
      expectError(await api.call(caller, 'POST', '/decks', { title: 'Half', studySpace: space._id, sources: list }), status, code);
    }
    expect((await api.call(caller, 'GET', '/decks')).json().data).toHaveLength(before);
    expect(await t.db.select().from(decks).where(eq(decks.title, 'Half'))).toEqual([]);
    // The caller's upload is still free to use.
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.storageRef, file.storageRef));
    expect(upload?.sourceId).toBeNull();
    expect((await api.call(caller, 'POST', '/decks', { title: 'Whole', sources: [{ type: 'document', storageRef: file.storageRef }] })).statusCode).toBe(201);
  });

  it('refuses sources past 60 MB with limitReached and creates no deck', async () => {
    const caller = anonCaller();
    const links = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'website', url: `https://example.org/${i}` }));
    // The contract takes at most 100 sources in one request.
    expectError(await api.call(caller, 'POST', '/decks', { title: 'Many', sources: links(101) }), 400, 'VALIDATION_FAILED');
    // Two files of 9.9 MB and 81 links of 0.5 MB: 60.3 MB.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(Math.round(9.9 * MB) - 9, 0x20)]);
    const files = [await api.upload(caller, bytes, 'one.pdf'), await api.upload(caller, bytes, 'two.pdf')];
    const list = [...files.map((f) => ({ type: 'document', storageRef: f.storageRef })), ...links(81)];
    const body = expectError(await api.call(caller, 'POST', '/decks', { title: 'Too big', sources: list }), 402, 'LIMIT_REACHED');
    expect(body.limitReached).toBe(true);
    expect(body.error).toMatch(/a deck holds at most 60 MB/);
    expect(await t.db.select().from(decks).where(eq(decks.title, 'Too big'))).toEqual([]);
    // One link fewer fits.
    expect((await api.call(caller, 'POST', '/decks', { title: 'Just fits', sources: list.slice(0, -1) })).statusCode).toBe(201);
  });
});

describe('GET /decks', () => {
  it('lists the caller’s decks newest first in data, optionally those of one space', async () => {
    const caller = userCaller();
    const space = await api.space(caller);
    const a = await api.deck(caller, { title: 'A' });
    const b = await api.deck(caller, { title: 'B', studySpace: space._id, sources: [{ type: 'website', url: 'https://example.org/b' }] });
    const c = await api.deck(caller, { title: 'C', studySpace: space._id });
    await api.deck(userCaller(), { title: 'Someone else’s' });

    const all = route('GET /decks').response.parse((await api.call(caller, 'GET', '/decks')).json());
    expect(all.data.map((d) => d.title)).toEqual(['C', 'B', 'A']);
    expect(all.data[1]?.sources).toHaveLength(1);
    expect(all.data.every((d) => d.isOwner && d.canEdit)).toBe(true);
    const inSpace = route('GET /decks').response.parse((await api.call(caller, 'GET', `/decks?studySpace=${space._id}`)).json());
    expect(inSpace.data.map((d) => d._id)).toEqual([c._id, b._id]);
    expect(a._id).not.toBe(b._id);
    expectError(await api.call(caller, 'GET', '/decks?studySpace=nope'), 400, 'VALIDATION_FAILED');
  });

  it('leaves the sources’ extracted text out of lists, and keeps it in the single deck', async () => {
    const caller = anonCaller();
    const deck = await api.deck(caller, { sources: [{ type: 'website', url: 'https://example.org/text' }] });
    await t.db.update(sources).set({ content: 'The extracted text', processingStatus: 'completed' }).where(eq(sources.deckId, deck._id));
    const listed = (await api.call(caller, 'GET', '/decks')).json().data[0];
    expect(listed.sources[0].content ?? null).toBeNull();
    const one = (await api.call(caller, 'GET', `/decks/${deck._id}`)).json();
    expect(one.sources[0].content).toBe('The extracted text');
  });

  it('lists each deck as the single deck shows it, its sources without their text', async () => {
    const caller = userCaller();
    const space = await api.space(caller);
    const deck = await api.deck(caller, {
      title: 'Whole',
      studySpace: space._id,
      sources: [
        { type: 'website', url: 'https://example.org/one' },
        { type: 'website', url: 'https://example.org/two' },
      ],
    });
    // Every kind of column a source has: text, numbers past 2^31, JSON, times to the microsecond.
    await t.db
      .update(sources)
      .set({ content: 'Text', processingStatus: 'completed', summary: 'A "quoted" summary', keyPoints: ['one', 'two'], sizeInBytes: 2 ** 40 + 1, language: 'en' })
      .where(eq(sources.url, 'https://example.org/one'));
    await t.db.execute(sql`update sources set updated_at = '2026-03-01 09:00:00.123456+00' where deck_id = ${deck._id}`);
    const [q] = await t.db.insert(questions).values({ deckId: deck._id, question: 'Q?', questionType: 'free_response', answer: 'A', position: 0 }).returning();
    const listed = (await api.call(caller, 'GET', '/decks')).json().data.find((d: { _id: string }) => d._id === deck._id);
    const one = (await api.call(caller, 'GET', `/decks/${deck._id}`)).json();
    const { success: _, ...single } = one;
    expect(listed).toEqual({ ...single, sources: single.sources.map(({ content: _c, ...s }: { content: unknown }) => s) });
    expect(listed.cards).toEqual([q!.id]);
    expect(listed.sources.map((s: { sizeInBytes: number }) => s.sizeInBytes)).toContain(2 ** 40 + 1);
  });
});

describe('GET /decks/:id', () => {
  it('answers the deck with its card ids, questions first, for the owner', async () => {
    const caller = userCaller();
    const deck = await api.deck(caller);
    const q2 = await insertQuestion(deck._id, 2);
    const q1 = await insertQuestion(deck._id, 1);
    const card = await insertCard(deck._id);
    const res = await api.call(caller, 'GET', `/decks/${deck._id}`);
    const body = route('GET /decks/:id').response.parse(res.json());
    expect(body.cards).toEqual([q1, q2, card]);
    expect(body.cardCount).toBe(3);
  });

  it('shows a published deck to others read-only, hiding the owner when published anonymously', async () => {
    const owner = userCaller();
    const space = await api.space(owner);
    const deck = await api.deck(owner, { studySpace: space._id });
    await publish(deck._id);
    const seen = route('GET /decks/:id').response.parse((await api.call(anonCaller(), 'GET', `/decks/${deck._id}`)).json());
    expect(seen).toMatchObject({ isOwner: false, canEdit: false, canView: true, isPublished: true, owner: owner.userId, ownerName: 'Test', studySpace: null });
    expect(seen.publishedAt).not.toBeNull();

    await publish(deck._id, true);
    const anonymous = (await api.call(userCaller(), 'GET', `/decks/${deck._id}`)).json();
    expect(anonymous).toMatchObject({ owner: null, ownerName: null, publishedAnonymously: true, canEdit: false });
    const own = (await api.call(owner, 'GET', `/decks/${deck._id}`)).json();
    expect(own).toMatchObject({ owner: owner.userId, ownerName: null, isOwner: true, canEdit: true, studySpace: space._id });
  });
});

describe('PUT /decks/:id', () => {
  it('changes only the fields sent, and clears custom instructions with null or an empty text', async () => {
    const caller = anonCaller();
    const deck = await api.deck(caller, { title: 'Old', description: 'Kept', focusInstructions: 'Kept too' });
    const res = await api.call(caller, 'PUT', `/decks/${deck._id}`, { title: ' New ', systemPrompt: 'x'.repeat(2000) });
    expect(res.statusCode).toBe(200);
    expect(route('PUT /decks/:id').response.parse(res.json())).toMatchObject({ title: 'New', description: 'Kept', focusInstructions: 'Kept too', systemPrompt: 'x'.repeat(2000) });
    const tooLong = expectError(await api.call(caller, 'PUT', `/decks/${deck._id}`, { systemPrompt: 'x'.repeat(2001) }), 400, 'VALIDATION_FAILED');
    expect(tooLong.error).toMatch(/2000/);
    expect((await api.call(caller, 'PUT', `/decks/${deck._id}`, { systemPrompt: '' })).json().systemPrompt).toBeNull();
    await api.call(caller, 'PUT', `/decks/${deck._id}`, { systemPrompt: 'Be brief' });
    expect((await api.call(caller, 'PUT', `/decks/${deck._id}`, { systemPrompt: null })).json().systemPrompt).toBeNull();
    expectError(await api.call(caller, 'PUT', `/decks/${deck._id}`, { title: '  ' }), 400, 'VALIDATION_FAILED');
    expect(await deckRow(deck._id)).toMatchObject({ title: 'New', description: 'Kept', focusInstructions: 'Kept too' });
  });

  it('moves a deck between the caller’s spaces and out of any space, never into someone else’s', async () => {
    const caller = userCaller();
    const from = await api.space(caller, 'From');
    const to = await api.space(caller, 'To');
    const deck = await api.deck(caller, { studySpace: from._id });
    expect((await api.call(caller, 'PUT', `/decks/${deck._id}`, { studySpace: to._id })).json().studySpace).toBe(to._id);
    expect((await api.call(caller, 'GET', `/spaces/${from._id}`)).json().data.decks).toEqual([]);
    expect((await api.call(caller, 'GET', `/spaces/${to._id}`)).json().data.decks).toEqual([deck._id]);
    const theirs = await api.space(userCaller());
    expect(expectError(await api.call(caller, 'PUT', `/decks/${deck._id}`, { studySpace: theirs._id }), 404, 'NOT_FOUND').error).toBe('Study space not found');
    expect((await api.call(caller, 'PUT', `/decks/${deck._id}`, { studySpace: null })).json().studySpace).toBeNull();
  });
});

describe('DELETE /decks/:id', () => {
  it('deletes the deck with its sources, questions and stored files, answering the deck as it was', async () => {
    const caller = userCaller();
    const file = await api.upload(caller);
    const deck = await api.deck(caller, { sources: [{ type: 'document', storageRef: file.storageRef }, { type: 'website', url: 'https://example.org' }] });
    await insertQuestion(deck._id);
    const key = file.storageRef.split('/').pop()!;
    expect(t.storedFiles().some((f) => f.includes(key))).toBe(true);

    const res = await api.call(caller, 'DELETE', `/decks/${deck._id}`);
    expect(res.statusCode).toBe(200);
    const answer = route('DELETE /decks/:id').response.parse(res.json());
    expect(answer).toMatchObject({ _id: deck._id, title: 'Cells', cardCount: 1 });
    expect(answer.sources).toHaveLength(2);

    expect(await deckRow(deck._id)).toBeUndefined();
    expect(await t.db.select().from(sources).where(eq(sources.deckId, deck._id))).toEqual([]);
    expect(await t.db.select({ id: questions.id }).from(questions).where(eq(questions.deckId, deck._id))).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.storageRef, file.storageRef))).toEqual([]);
    expect(t.storedFiles().some((f) => f.includes(key))).toBe(false);
    expectError(await api.call(caller, 'GET', `/decks/${deck._id}`), 404, 'NOT_FOUND');
  });

  it('keeps a stored file another source still uses', async () => {
    const caller = anonCaller();
    const file = await api.upload(caller);
    const deck = await api.deck(caller, { sources: [{ type: 'document', storageRef: file.storageRef }] });
    const other = await api.deck(caller);
    // A clone shares its original's file (the clone call is another issue's; its row is written here).
    const [original] = await t.db.select().from(sources).where(eq(sources.deckId, deck._id));
    const { id: _id, deckId: _deckId, ...copy } = original!;
    await t.db.insert(sources).values({ ...copy, deckId: other._id });
    await api.call(caller, 'DELETE', `/decks/${deck._id}`);
    expect(t.storedFiles().some((f) => f.includes(file.storageRef.split('/').pop()!))).toBe(true);
  });
});

/**
 * Every deck call as the owner, another user, another anonymous session and with no session.
 * A deck that is not the caller's answers 404 (a published one may be read, never changed), and
 * nothing of it changes.
 */
describe('authorization matrix: decks', () => {
  const owners: [string, () => Caller][] = [
    ['a signed-in owner', () => userCaller()],
    ['an anonymous owner', () => anonCaller()],
  ];

  for (const [label, makeOwner] of owners) {
    describe(`of ${label}`, () => {
      async function setup() {
        const owner = makeOwner();
        const otherUser = userCaller();
        const otherAnon = anonCaller();
        await registerCaller(t, otherUser);
        const space = await api.space(owner, 'Owner’s space');
        const deck = await api.deck(owner, { title: 'Private deck', studySpace: space._id });
        const expectUntouched = async () => expect(await deckRow(deck._id)).toMatchObject({ title: 'Private deck', studySpaceId: space._id });
        return { owner, otherUser, otherAnon, spaceId: space._id, deckId: deck._id, expectUntouched };
      }

      it('POST /decks into the owner’s space: owner 201, other user 404, other session 404, no session 401', async () => {
        const { owner, otherUser, otherAnon, spaceId } = await setup();
        const body = { title: 'Intruder', studySpace: spaceId };
        expectError(await api.call(otherUser, 'POST', '/decks', body), 404, 'NOT_FOUND');
        expectError(await api.call(otherAnon, 'POST', '/decks', body), 404, 'NOT_FOUND');
        expectError(await api.call(nobody, 'POST', '/decks', body), 401, 'UNAUTHENTICATED');
        expect((await api.call(owner, 'GET', `/spaces/${spaceId}`)).json().data.decks).toHaveLength(1);
        expect((await api.call(owner, 'POST', '/decks', { title: 'Second', studySpace: spaceId })).statusCode).toBe(201);
      });

      it('GET /decks: each caller lists only their own (200); another’s space 404; no session 401', async () => {
        const { owner, otherUser, otherAnon, spaceId, deckId } = await setup();
        const ids = async (c: Caller, query = '') => ((await api.call(c, 'GET', `/decks${query}`)).json() as { data: { _id: string }[] }).data.map((d) => d._id);
        expect(await ids(owner)).toContain(deckId);
        expect(await ids(owner, `?studySpace=${spaceId}`)).toEqual([deckId]);
        expect(await ids(otherUser)).not.toContain(deckId);
        expect(await ids(otherAnon)).not.toContain(deckId);
        expectError(await api.call(otherUser, 'GET', `/decks?studySpace=${spaceId}`), 404, 'NOT_FOUND');
        expectError(await api.call(otherAnon, 'GET', `/decks?studySpace=${spaceId}`), 404, 'NOT_FOUND');
        expectError(await api.call(nobody, 'GET', '/decks'), 401, 'UNAUTHENTICATED');
      });

      it('GET /decks/:id unpublished: owner 200 (canEdit), other user 404, other session 404, no session 401', async () => {
        const { owner, otherUser, otherAnon, deckId } = await setup();
        expect((await api.call(owner, 'GET', `/decks/${deckId}`)).json()).toMatchObject({ canEdit: true, isOwner: true });
        expect(expectError(await api.call(otherUser, 'GET', `/decks/${deckId}`), 404, 'NOT_FOUND').error).toBe('Deck not found');
        expectError(await api.call(otherAnon, 'GET', `/decks/${deckId}`), 404, 'NOT_FOUND');
        expectError(await api.call(nobody, 'GET', `/decks/${deckId}`), 401, 'UNAUTHENTICATED');
        expectError(await api.call(owner, 'GET', `/decks/${randomUUID()}`), 404, 'NOT_FOUND');
      });

      it('GET /decks/:id published: owner 200 canEdit, other user 200 read-only, other session 200 read-only, no session 401', async () => {
        const { owner, otherUser, otherAnon, deckId } = await setup();
        await publish(deckId);
        expect((await api.call(owner, 'GET', `/decks/${deckId}`)).json()).toMatchObject({ canEdit: true, isOwner: true });
        for (const other of [otherUser, otherAnon]) {
          const res = await api.call(other, 'GET', `/decks/${deckId}`);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toMatchObject({ canEdit: false, isOwner: false, canView: true });
        }
        expectError(await api.call(nobody, 'GET', `/decks/${deckId}`), 401, 'UNAUTHENTICATED');
      });

      for (const published of [false, true]) {
        const state = published ? 'published' : 'unpublished';

        it(`PUT /decks/:id ${state}: owner 200, other user 404, other session 404, no session 401; nothing changes for them`, async () => {
          const { owner, otherUser, otherAnon, deckId, expectUntouched } = await setup();
          if (published) await publish(deckId);
          const theirSpace = await api.space(otherUser, 'Theirs');
          for (const body of [{ title: 'Hijacked' }, { studySpace: theirSpace._id }, { studySpace: null }]) {
            expectError(await api.call(otherUser, 'PUT', `/decks/${deckId}`, body), 404, 'NOT_FOUND');
            expectError(await api.call(otherAnon, 'PUT', `/decks/${deckId}`, body), 404, 'NOT_FOUND');
            expectError(await api.call(nobody, 'PUT', `/decks/${deckId}`, body), 401, 'UNAUTHENTICATED');
          }
          await expectUntouched();
          expect((await api.call(owner, 'PUT', `/decks/${deckId}`, { title: 'Renamed' })).statusCode).toBe(200);
        });

        it(`DELETE /decks/:id ${state}: other user 404, other session 404, no session 401, owner 200`, async () => {
          const { owner, otherUser, otherAnon, deckId, expectUntouched } = await setup();
          if (published) await publish(deckId);
          expectError(await api.call(otherUser, 'DELETE', `/decks/${deckId}`), 404, 'NOT_FOUND');
          expectError(await api.call(otherAnon, 'DELETE', `/decks/${deckId}`), 404, 'NOT_FOUND');
          expectError(await api.call(nobody, 'DELETE', `/decks/${deckId}`), 401, 'UNAUTHENTICATED');
          await expectUntouched();
          expect((await api.call(owner, 'DELETE', `/decks/${deckId}`)).statusCode).toBe(200);
          expect(await deckRow(deckId)).toBeUndefined();
        });
      }
    });
  }
});
