import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Identity } from '@mnemo/contracts/identity';
import { jobIds } from '@mnemo/contracts/jobs';
import { ownerTag, progressLatestKey, progressOwnerKey } from '@mnemo/contracts/progress';
import { route } from '@mnemo/contracts/routes';
import { curriculumImports, decks, sources, studySpaces, uploads } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import { anonCaller, callAs, deckAppForFile, expectError, insertDeck, ownerOf, registerCaller, userCaller } from '../../test-support';
import { insertQuestion } from '../questions/questions.test-support';

const t = deckAppForFile();

type Caller = ReturnType<typeof anonCaller> | ReturnType<typeof userCaller>;

const CHAPTERED = ['# Biology 7B', '## Chapter 1: Cells', 'Cells are the units of life.', '## Chapter 2: Energy', 'Energy flows through cells.'].join('\n\n');

/** POST /upload/document of a Markdown file, as the browser sends it; answers the stored file. */
async function uploadMarkdown(caller: Caller, text = CHAPTERED, filename = 'Biology 7B.md') {
  await registerCaller(t, caller);
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/markdown' }), filename);
  const res = await t.app.inject({ method: 'POST', url: '/upload/document', headers: asCaller(caller), payload: form });
  expect(res.statusCode, res.body).toBe(200);
  return route('POST /upload/document').response.parse(res.json()).file;
}

const start = (caller: Caller | null, body: object) =>
  caller ? callAs(t, caller, 'POST', '/classes/curriculum', body) : t.app.inject({ method: 'POST', url: '/classes/curriculum', payload: body });

async function startedSpace(teacher: ReturnType<typeof userCaller> = userCaller()) {
  const file = await uploadMarkdown(teacher);
  const res = await start(teacher, { storageRef: file.storageRef });
  expect(res.statusCode, res.body).toBe(202);
  return { teacher, file, answer: route('POST /classes/curriculum').response.strict().parse(res.json()) };
}

describe('POST /classes/curriculum', () => {
  it('answers 202 with a space named after the document, records the file and queues its split', async () => {
    const teacher = userCaller();
    const { file, answer } = await startedSpace(teacher);
    expect(answer).toMatchObject({
      success: true,
      space: { title: 'Biology 7B', decks: [] },
      curriculum: { status: 'splitting', error: null, originalFilename: 'Biology 7B.md' },
      decks: [],
    });
    const spaceId = answer.space._id;
    const [record] = await t.db.select().from(curriculumImports).where(eq(curriculumImports.spaceId, spaceId));
    expect(record).toMatchObject({ storageRef: file.storageRef, contentType: 'text/markdown', status: 'splitting' });

    // The free plan's numbers travel with the job: its decks per space, a short deck's questions within its cards per deck.
    const job = await t.app.queues.ingest.bull.getJob(jobIds.curriculum(spaceId));
    expect(job?.name).toBe('split-curriculum');
    expect(job?.data).toMatchObject({
      spaceId,
      owner: ownerOf(teacher),
      maxUnits: 10,
      questionsPerDeck: 10,
      cardLimit: 50,
      questionTypes: ['multiple_choice', 'free_response'],
    });
    // The teacher may watch the split on the progress stream, under the space's id.
    expect(await t.redis.get(progressOwnerKey(t.prefix, spaceId))).toBe(ownerTag(ownerOf(teacher)));
    expect(JSON.parse((await t.redis.get(progressLatestKey(t.prefix, spaceId)))!)).toMatchObject({ step: 'starting', progress: 0 });

    // The status answers the same until the worker has made the decks.
    const status = await callAs(t, teacher, 'GET', `/classes/curriculum/${spaceId}`);
    expect(status.statusCode).toBe(200);
    expect(route('GET /classes/curriculum/:spaceId').response.strict().parse(status.json())).toEqual(answer);
  });

  it('carries the request’s trace on to the split job (the worker’s span joins the caller’s trace)', async () => {
    const teacher = userCaller();
    const file = await uploadMarkdown(teacher);
    const gatewaySpan = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const res = await t.app.inject({
      method: 'POST',
      url: '/classes/curriculum',
      headers: { ...asCaller(teacher), traceparent: gatewaySpan },
      payload: { storageRef: file.storageRef },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    const spaceId = route('POST /classes/curriculum').response.parse(res.json()).space._id;
    const job = await t.app.queues.ingest.bull.getJob(jobIds.curriculum(spaceId));
    expect(job?.data.traceparent).toBe(res.headers.traceparent);
  });

  it('takes the title the teacher gave, and gives a scholar no deck limit', async () => {
    const teacher = userCaller('scholar');
    const file = await uploadMarkdown(teacher);
    const res = await start(teacher, { storageRef: file.storageRef, title: 'Year 7 science' });
    expect(res.statusCode, res.body).toBe(202);
    const spaceId = res.json().space._id as string;
    expect(res.json().space.title).toBe('Year 7 science');
    expect((await t.app.queues.ingest.bull.getJob(jobIds.curriculum(spaceId)))?.data).toMatchObject({ maxUnits: null, cardLimit: null, questionsPerDeck: 10 });
  });

  it('refuses guests and callers without a session: classes need an account', async () => {
    const guest = anonCaller();
    const file = await uploadMarkdown(guest);
    expectError(await start(guest, { storageRef: file.storageRef }), 401, 'UNAUTHENTICATED');
    expect((await start(null, { storageRef: file.storageRef })).statusCode).toBe(401);
    expect(await t.db.select().from(curriculumImports).where(eq(curriculumImports.storageRef, file.storageRef))).toEqual([]);
  });

  it('answers each bad request with its own code and writes nothing', async () => {
    const teacher = userCaller();
    await registerCaller(t, teacher);
    const spacesBefore = async () => (await t.db.select().from(studySpaces).where(eq(studySpaces.ownerUserId, teacher.userId))).length;
    // No file named.
    expectError(await start(teacher, {}), 400, 'VALIDATION_FAILED');
    expectError(await start(teacher, { storageRef: '' }), 400, 'VALIDATION_FAILED');
    // A file nobody uploaded, and another teacher's.
    expectError(await start(teacher, { storageRef: 'documents/2026/01/nothing.md' }), 404, 'NOT_FOUND');
    const someoneElses = await uploadMarkdown(userCaller());
    expectError(await start(teacher, { storageRef: someoneElses.storageRef }), 404, 'NOT_FOUND');
    // A file already used by a deck's source.
    const used = await uploadMarkdown(teacher);
    const deck = await insertDeck(t, teacher);
    expect((await callAs(t, teacher, 'POST', `/decks/${deck.id}/sources`, { type: 'document', storageRef: used.storageRef })).statusCode).toBe(201);
    const before = await spacesBefore();
    expectError(await start(teacher, { storageRef: used.storageRef }), 409, 'CONFLICT');
    expect(await spacesBefore()).toBe(before);
    // The same file for a second curriculum.
    const { file } = await startedSpace(teacher);
    const afterFirst = await spacesBefore();
    expectError(await start(teacher, { storageRef: file.storageRef }), 409, 'CONFLICT');
    expect(await spacesBefore()).toBe(afterFirst);
  });

  it('refuses a teacher whose plan has no room for another space (402), leaving the file unused', async () => {
    const teacher = userCaller();
    await registerCaller(t, teacher);
    await t.db.insert(studySpaces).values(Array.from({ length: 5 }, (_, i) => ({ ownerUserId: teacher.userId, title: `Space ${i}` })));
    const file = await uploadMarkdown(teacher);
    const body = expectError(await start(teacher, { storageRef: file.storageRef }), 402, 'LIMIT_REACHED');
    expect(body.limitReached).toBe(true);
    expect(await t.db.select().from(curriculumImports).where(eq(curriculumImports.storageRef, file.storageRef))).toEqual([]);
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.storageRef, file.storageRef));
    expect(upload!.sourceId).toBeNull();
  });
});

describe('GET /classes/curriculum/:spaceId', () => {
  it("lists the decks the split made in the material's order, with their processing and question counts", async () => {
    const { teacher, answer, file } = await startedSpace();
    const spaceId = answer.space._id;
    // What the worker's split-curriculum job writes (the worker's own tests run it for real).
    const made: string[] = [];
    for (const [unitIndex, title] of ['Chapter 1: Cells', 'Chapter 2: Energy'].entries()) {
      const [deck] = await t.db.insert(decks).values({ ownerUserId: teacher.userId, studySpaceId: spaceId, title }).returning();
      await t.db.insert(sources).values({
        deckId: deck!.id,
        type: 'document',
        storageRef: file.storageRef,
        title,
        content: title,
        unitIndex,
        processingStatus: unitIndex === 0 ? 'completed' : 'processing',
        processingAttempt: 1,
      });
      made.push(deck!.id);
    }
    await t.db.update(curriculumImports).set({ status: 'ready', units: 2 }).where(eq(curriculumImports.spaceId, spaceId));
    await insertQuestion(t, { deckId: made[0]!, question: 'What are cells?' });

    const res = await callAs(t, teacher, 'GET', `/classes/curriculum/${spaceId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = route('GET /classes/curriculum/:spaceId').response.strict().parse(res.json());
    expect(body.curriculum.status).toBe('ready');
    expect(body.space.decks.toSorted()).toEqual(made.toSorted());
    expect(body.decks).toEqual([
      { _id: made[0], title: 'Chapter 1: Cells', processingStatus: 'completed', processingError: null, questionCount: 1, generationError: null },
      { _id: made[1], title: 'Chapter 2: Energy', processingStatus: 'processing', processingError: null, questionCount: 0, generationError: null },
    ]);
  });

  it('shows a failed split with its reason', async () => {
    const { teacher, answer } = await startedSpace();
    await t.db.update(curriculumImports).set({ status: 'failed', error: 'This file is empty (0 bytes).' }).where(eq(curriculumImports.spaceId, answer.space._id));
    const res = await callAs(t, teacher, 'GET', `/classes/curriculum/${answer.space._id}`);
    expect(res.json().curriculum).toEqual({ status: 'failed', error: 'This file is empty (0 bytes).', originalFilename: 'Biology 7B.md' });
  });

  it("answers 404 to everyone but the teacher (401 without an account), members of the space's class and of another class included", async () => {
    const { teacher, answer } = await startedSpace();
    const spaceId = answer.space._id;
    const klass = await callAs(t, teacher, 'POST', '/classes', { spaceId });
    expect(klass.statusCode).toBe(201);
    const member = userCaller();
    await registerCaller(t, member);
    const joined = await callAs(t, member, 'POST', '/classes/join', { code: klass.json().class.joinCode, displayName: 'Sam' });
    expect(joined.statusCode, joined.body).toBe(201);
    const guestMember = anonCaller();
    expect((await callAs(t, guestMember, 'POST', '/classes/join', { code: klass.json().class.joinCode, displayName: 'Kim' })).statusCode).toBe(201);
    // A member of another teacher's class (made from a curriculum too) is an outsider here.
    const other = await startedSpace();
    const otherClass = await callAs(t, other.teacher, 'POST', '/classes', { spaceId: other.answer.space._id });
    expect(otherClass.statusCode).toBe(201);
    const otherMember = userCaller();
    await registerCaller(t, otherMember);
    expect((await callAs(t, otherMember, 'POST', '/classes/join', { code: otherClass.json().class.joinCode, displayName: 'Lee' })).statusCode).toBe(201);
    expect((await callAs(t, otherMember, 'GET', `/classes/curriculum/${other.answer.space._id}`)).statusCode).toBe(404);

    const roles: Array<[string, Identity | null, number]> = [
      ['teacher', teacher, 200],
      ['member', member, 404],
      ["another class's member", otherMember, 404],
      ['outsider', userCaller(), 404],
      ['guest member', guestMember, 401],
      ['guest', anonCaller(), 401],
      ['nobody', null, 401],
    ];
    for (const [name, caller, status] of roles) {
      const res = caller
        ? await callAs(t, caller, 'GET', `/classes/curriculum/${spaceId}`)
        : await t.app.inject({ method: 'GET', url: `/classes/curriculum/${spaceId}` });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
    }
    // A space that is not a curriculum, and one that does not exist, look the same.
    const [plain] = await t.db.insert(studySpaces).values({ ownerUserId: teacher.userId, title: 'Plain' }).returning();
    expectError(await callAs(t, teacher, 'GET', `/classes/curriculum/${plain!.id}`), 404, 'NOT_FOUND');
    expectError(await callAs(t, teacher, 'GET', `/classes/curriculum/${randomUUID()}`), 404, 'NOT_FOUND');
    expectError(await callAs(t, teacher, 'GET', '/classes/curriculum/not-an-id'), 400, 'VALIDATION_FAILED');
  });
});
