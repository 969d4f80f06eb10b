import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET, type ClassDashboardResponse } from '@mnemo/contracts/api/classes';
import type { ReviewDueResponse } from '@mnemo/contracts/api/review';
import { errorBodySchema } from '@mnemo/contracts/errors';
import { route } from '@mnemo/contracts/routes';
import { cards, classes, classMembers, decks, questions, reviewCards, reviewLogs, studySpaces } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import { anonCaller, deckAppForFile, expectError, ownerOf, registerCaller, serviceCaller, userCaller } from '../../test-support';
import { insertQuestion } from '../questions/questions.test-support';
import { createReviewRepository } from '../review/review.repository';
import { rebuild } from '../review/scheduler';

type Caller = ReturnType<typeof anonCaller> | ReturnType<typeof userCaller>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// The review schedule's clock: the dashboard test looks at mastery days after the answers.
let clock = new Date('2026-03-10T12:00:00Z');
const t = deckAppForFile({ now: () => clock });

let address = 0;
/** Each call from its own address unless given one, so the per-address join limit stays out of the way. */
const call = (caller: Caller | null, method: Method, url: string, payload?: object, from = `10.0.${Math.floor(++address / 250)}.${address % 250}`) =>
  t.app.inject({ method, url, headers: { ...(caller ? asCaller(caller) : {}), 'x-forwarded-for': from }, ...(payload ? { payload } : {}) });

/** A teacher (a registered user) with a space of two decks, three questions each tagged with a concept. */
async function teacherWithSpace() {
  const teacher = userCaller();
  await registerCaller(t, teacher);
  const [space] = await t.db.insert(studySpaces).values({ ownerUserId: teacher.userId, title: 'Biology 7B' }).returning();
  const made = await t.db
    .insert(decks)
    .values([
      { ownerUserId: teacher.userId, studySpaceId: space!.id, title: 'Chapter 1: Cells' },
      { ownerUserId: teacher.userId, studySpaceId: space!.id, title: 'Chapter 2: Energy' },
    ])
    .returning();
  const qs = [];
  for (const [i, deck] of made.entries()) {
    for (let j = 0; j < 3; j++) {
      qs.push(
        await insertQuestion(t, {
          deckId: deck.id,
          position: j,
          question: `Question ${i}.${j}?`,
          concepts: [i === 0 ? 'cells' : j === 0 ? 'respiration' : 'photosynthesis'],
        }),
      );
    }
  }
  return { teacher, space: space!, decks: made, qs };
}

async function makeClass(teacher: Caller, spaceId: string) {
  const res = await call(teacher, 'POST', '/classes', { spaceId });
  expect(res.statusCode, res.body).toBe(201);
  return route('POST /classes').response.parse(res.json()).class;
}

/**
 * Everyone the authorization tests try around a teacher's class: a member with an account and one
 * without, a member of another teacher's class, an outsider, a guest, and nobody (no session).
 */
async function rolesAround(teacher: Caller, klass: { joinCode: string }) {
  const other = await teacherWithSpace();
  const otherClass = await makeClass(other.teacher, other.space.id);
  const member = userCaller();
  const guestMember = anonCaller();
  await join(member, klass.joinCode, 'Member');
  await join(guestMember, klass.joinCode, 'Guest member');
  const otherMember = userCaller();
  await join(otherMember, otherClass.joinCode, 'Elsewhere');
  const outsider = userCaller();
  const guest = anonCaller();
  const roles: Record<string, Caller | null> = { teacher, member, guestMember, otherMember, outsider, guest, nobody: null };
  return { roles, member, guestMember, otherMember, outsider, guest };
}

async function join(caller: Caller, code: string, displayName: string) {
  await registerCaller(t, caller);
  const res = await call(caller, 'POST', '/classes/join', { code, displayName });
  expect(res.statusCode, res.body).toBe(201);
  return route('POST /classes/join').response.parse(res.json());
}

const memberRows = async (classId: string) => t.db.select().from(classMembers).where(eq(classMembers.classId, classId));

describe('making a class', () => {
  it('gives the space a 5-character code of the look-alike-free alphabet, once', async () => {
    const { teacher, space } = await teacherWithSpace();
    const klass = await makeClass(teacher, space.id);
    expect(klass).toMatchObject({ spaceId: space.id, joinEnabled: true });
    expect(klass.joinCode).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{5}$`));
    expect(JOIN_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    const again = await call(teacher, 'POST', '/classes', { spaceId: space.id });
    expect(again.statusCode).toBe(200);
    expect(route('POST /classes').response.parse(again.json()).class).toEqual(klass);
    expect(await t.db.select().from(classes).where(eq(classes.spaceId, space.id))).toHaveLength(1);
  });

  it("refuses another's space as missing, and a guest (classes need an account)", async () => {
    const { space } = await teacherWithSpace();
    expectError(await call(userCaller(), 'POST', '/classes', { spaceId: space.id }), 404, 'NOT_FOUND');
    expectError(await call(anonCaller(), 'POST', '/classes', { spaceId: space.id }), 401, 'UNAUTHENTICATED');
    expect(await t.db.select().from(classes).where(eq(classes.spaceId, space.id))).toHaveLength(0);
  });
});

describe('joining', () => {
  it('lets a guest and a signed-in student in with the code typed loosely; they read the decks, never edit them', async () => {
    const { teacher, space, decks: ds, qs } = await teacherWithSpace();
    const klass = await makeClass(teacher, space.id);
    const guest = anonCaller();
    const student = userCaller();
    const typed = `${klass.joinCode.slice(0, 2).toLowerCase()} - ${klass.joinCode.slice(2)}`;
    const joined = await join(guest, typed, '  Ada  ');
    expect(joined.member.displayName).toBe('Ada');
    expect(joined.class.decks.map((d) => d.title)).toEqual(['Chapter 1: Cells', 'Chapter 2: Energy']);
    await join(student, klass.joinCode, 'Grace H.');

    for (const member of [guest, student]) {
      const list = route('GET /classes').response.parse((await call(member, 'GET', '/classes')).json());
      expect(list.teaching).toEqual([]);
      expect(list.joined).toHaveLength(1);
      expect(list.joined[0]).not.toHaveProperty('joinCode');
      expect((await call(member, 'GET', `/decks/${ds[0]!.id}`)).statusCode).toBe(200);
      expect((await call(member, 'GET', `/questions/deck/${ds[1]!.id}`)).statusCode).toBe(200);
      expectError(await call(member, 'PUT', `/decks/${ds[0]!.id}`, { title: 'Mine now' }), 404, 'NOT_FOUND');
      expectError(await call(member, 'PUT', `/questions/${qs[0]!.id}`, { question: 'Changed?' }), 404, 'NOT_FOUND');
      expect((await call(member, 'DELETE', `/decks/${ds[0]!.id}`)).statusCode).toBe(404);
    }
    // As for any deck one may view but not own (spec 02 §6).
    expectError(await call(student, 'PUT', `/decks/${ds[0]!.id}/publish`, { isPublished: true }), 403, 'FORBIDDEN');
    // Someone who did not join sees nothing.
    expectError(await call(userCaller(), 'GET', `/decks/${ds[0]!.id}`), 404, 'NOT_FOUND');
    const teaching = route('GET /classes').response.parse((await call(teacher, 'GET', '/classes')).json()).teaching;
    expect(teaching).toEqual([{ ...klass, spaceTitle: 'Biology 7B', memberCount: 2 }]);
  });

  it('answers each bad join with its own code and writes nothing', async () => {
    const { teacher, space } = await teacherWithSpace();
    const klass = await makeClass(teacher, space.id);
    const guest = anonCaller();
    for (const code of ['', 'ABCD', 'ABCDEF', 'AB0DE', 'ABIDE', 'A<b>E', '12345']) {
      expectError(await call(guest, 'POST', '/classes/join', { code, displayName: 'Ada' }), 400, 'VALIDATION_FAILED');
    }
    // A NUL is refused for every text field before validation (INVALID_CHARACTER).
    expectError(await call(guest, 'POST', '/classes/join', { code: klass.joinCode, displayName: 'Ada\u0000' }), 400, 'INVALID_CHARACTER');
    for (const displayName of ['', '   ', 'x'.repeat(41), '<b>Ada</b>', 'Ada"><script>', 'Ada\u0007', 'Ada\u202e']) {
      const res = await call(guest, 'POST', '/classes/join', { code: klass.joinCode, displayName });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(errorBodySchema.parse(res.json()).details)).toContain('displayName');
    }
    const unknown = [...JOIN_CODE_ALPHABET].find((c) => c !== klass.joinCode[0])! + klass.joinCode.slice(1);
    expectError(await call(guest, 'POST', '/classes/join', { code: unknown, displayName: 'Ada' }), 404, 'JOIN_CODE_INVALID');
    expectError(await call(teacher, 'POST', '/classes/join', { code: klass.joinCode, displayName: 'Me' }), 409, 'TEACHER_CANNOT_JOIN');
    expect(await memberRows(klass._id)).toHaveLength(0);

    await join(guest, klass.joinCode, 'Ada');
    expectError(await call(guest, 'POST', '/classes/join', { code: klass.joinCode, displayName: 'Ada again' }), 409, 'ALREADY_IN_CLASS');
    expect((await memberRows(klass._id)).map((m) => m.displayName)).toEqual(['Ada']);
  });

  it('stops a turned-off or rotated code, with the same answer as an unknown one', async () => {
    const { teacher, space } = await teacherWithSpace();
    const klass = await makeClass(teacher, space.id);
    const off = await call(teacher, 'PUT', `/classes/${klass._id}`, { joinEnabled: false });
    expect(route('PUT /classes/:id').response.parse(off.json()).class.joinEnabled).toBe(false);
    expectError(await call(anonCaller(), 'POST', '/classes/join', { code: klass.joinCode, displayName: 'Ada' }), 404, 'JOIN_CODE_INVALID');
    await call(teacher, 'PUT', `/classes/${klass._id}`, { joinEnabled: true });
    await join(anonCaller(), klass.joinCode, 'Ada');

    const rotated = route('POST /classes/:id/code/rotate').response.parse((await call(teacher, 'POST', `/classes/${klass._id}/code/rotate`)).json());
    expect(rotated.joinCode).not.toBe(klass.joinCode);
    expectError(await call(anonCaller(), 'POST', '/classes/join', { code: klass.joinCode, displayName: 'Bo' }), 404, 'JOIN_CODE_INVALID');
    await join(anonCaller(), rotated.joinCode, 'Bo');
    expect(await memberRows(klass._id)).toHaveLength(2);
  });
});

describe('join limits', () => {
  const limited = deckAppForFile({}, { CLASS_JOIN_FAILURES_PER_ADDRESS: '3', CLASS_JOIN_ATTEMPTS_PER_CODE: '4' });
  const tryJoin = (caller: Caller, code: string, from: string) =>
    limited.app.inject({ method: 'POST', url: '/classes/join', headers: { ...asCaller(caller), 'x-forwarded-for': from }, payload: { code, displayName: 'Ada' } });

  it('holds an address after three wrong codes, even with the right one, and leaves other addresses alone', async () => {
    const teacher = userCaller();
    await registerCaller(limited, teacher);
    const [space] = await limited.db.insert(studySpaces).values({ ownerUserId: teacher.userId, title: 'S' }).returning();
    const res = await limited.app.inject({ method: 'POST', url: '/classes', headers: asCaller(teacher), payload: { spaceId: space!.id } });
    const code = route('POST /classes').response.parse(res.json()).class.joinCode;
    const wrong = code === 'ZZZZZ' ? 'YYYYY' : 'ZZZZZ';
    for (let i = 0; i < 3; i++) expectError(await tryJoin(anonCaller(), wrong, '192.0.2.1'), 404, 'JOIN_CODE_INVALID');
    const held = await tryJoin(anonCaller(), code, '192.0.2.1');
    expectError(held, 429, 'RATE_LIMITED');
    expect((await tryJoin(anonCaller(), code, '192.0.2.2')).statusCode).toBe(201);
  });

  it('holds a code after four attempts from anywhere', async () => {
    const teacher = userCaller();
    await registerCaller(limited, teacher);
    const [space] = await limited.db.insert(studySpaces).values({ ownerUserId: teacher.userId, title: 'S' }).returning();
    const res = await limited.app.inject({ method: 'POST', url: '/classes', headers: asCaller(teacher), payload: { spaceId: space!.id } });
    const klass = route('POST /classes').response.parse(res.json()).class;
    for (let i = 0; i < 4; i++) expect((await tryJoin(anonCaller(), klass.joinCode, `198.51.100.${i}`)).statusCode).toBe(201);
    expectError(await tryJoin(anonCaller(), klass.joinCode, '198.51.100.9'), 429, 'RATE_LIMITED');
    expect(await limited.db.select().from(classMembers).where(eq(classMembers.classId, klass._id))).toHaveLength(4);
  });
});

describe('authorization over every class call', () => {
  it('lets the teacher manage, a member leave, and answers everyone else 404 (nobody 401)', async () => {
    const { teacher, space } = await teacherWithSpace();
    const klass = await makeClass(teacher, space.id);
    const { roles, otherMember } = await rolesAround(teacher, klass);

    // [method, url, body, expected status per role]; `self` calls are made fresh for each role.
    const calls: Array<[Method, (role: string) => string, object | undefined, Record<string, number>]> = [
      ['GET', () => `/classes/${klass._id}/dashboard`, undefined, { teacher: 200 }],
      ['PUT', () => `/classes/${klass._id}`, { joinEnabled: true }, { teacher: 200 }],
      ['POST', () => `/classes/${klass._id}/code/rotate`, undefined, { teacher: 200 }],
      ['DELETE', () => `/classes/${klass._id}/members/${randomUUID()}`, undefined, { teacher: 404 }],
      ['DELETE', () => `/classes/${klass._id}/members/me`, undefined, { member: 200, guestMember: 200 }],
      // Making a class needs an account: guests are told to sign in.
      ['POST', () => '/classes', { spaceId: space.id }, { teacher: 200, guest: 401, guestMember: 401 }],
      ['GET', () => '/classes', undefined, { teacher: 200, member: 200, guestMember: 200, otherMember: 200, outsider: 200, guest: 200 }],
    ];
    for (const [method, url, body, expected] of calls) {
      for (const [name, caller] of Object.entries(roles)) {
        const res = await call(caller, method, url(name), body);
        const want = caller === null ? 401 : (expected[name] ?? 404);
        expect(res.statusCode, `${method} ${url(name)} as ${name}: ${res.body}`).toBe(want);
        if (want === 404) expect(errorBodySchema.parse(res.json()).code).toBe('NOT_FOUND');
      }
    }
    // Removing a student: only the teacher; the student is still there after everyone else tried.
    const code = (await t.db.select().from(classes).where(eq(classes.id, klass._id)))[0]!.joinCode;
    const { member: studentRow } = await join(anonCaller(), code, 'Student');
    for (const [name, caller] of Object.entries(roles)) {
      if (name === 'teacher') continue;
      expect((await call(caller, 'DELETE', `/classes/${klass._id}/members/${studentRow._id}`)).statusCode).toBe(caller ? 404 : 401);
    }
    expect((await call(teacher, 'DELETE', `/classes/${klass._id}/members/${studentRow._id}`)).statusCode).toBe(200);
    // Joining: anyone with a session who is not in the class yet.
    expect((await call(null, 'POST', '/classes/join', { code, displayName: 'X' })).statusCode).toBe(401);
    expect((await call(otherMember, 'POST', '/classes/join', { code, displayName: 'X' })).statusCode).toBe(201);
    // Service identities are not people.
    expect((await call(serviceCaller() as never, 'GET', '/classes')).statusCode).toBe(401);
  });
});

describe("what a member may do with the class's decks", () => {
  it('lets members read and study every deck call on their own schedule, never edit or publish; others get 404', async () => {
    const { teacher, space, decks: ds, qs } = await teacherWithSpace();
    const klass = await makeClass(teacher, space.id);
    const [card] = await t.db.insert(cards).values({ deckId: ds[0]!.id, front: 'Front?', back: 'Back', options: [], correctAnswerIndex: null }).returning();
    const { roles, member, guestMember, otherMember, outsider, guest } = await rolesAround(teacher, klass);
    await registerCaller(t, outsider);
    const deck = ds[0]!.id;
    const q = qs[0]!.id;
    const studies = { teacher: 200, member: 200, guestMember: 200 };

    // [method, url, body, expected status per role (404 unless named; nobody is always 401)].
    // In this order: a review override needs the evaluation before it; edits come last.
    const calls: Array<[Method, string, object | undefined, Record<string, number>]> = [
      ['GET', `/decks/${deck}`, undefined, studies],
      ['GET', `/questions/deck/${deck}`, undefined, studies],
      ['GET', `/questions/deck/${deck}/all`, undefined, studies],
      ['GET', `/cards/deck/${deck}`, undefined, studies],
      ['POST', `/cards/${card!.id}/evaluate`, { answer: 'Back' }, studies],
      ['POST', `/questions/${q}/evaluate`, { response: 0 }, studies],
      ['POST', `/questions/${q}/review`, { rating: 'hard' }, studies],
      ['GET', `/review/due?deckId=${deck}`, undefined, studies],
      ['GET', `/decks/${deck}/mastery`, undefined, studies],
      ['GET', `/decks/${deck}/quiz`, undefined, studies],
      // The size meter is the owner's: a viewer is told 403 (spec 02 §6), as on a published deck.
      ['GET', `/decks/${deck}/size`, undefined, { teacher: 200, member: 403, guestMember: 403 }],
      // Publishing needs an account (401 for guests); a member is a viewer, told 403.
      ['PUT', `/decks/${deck}/publish`, { isPublished: false }, { teacher: 200, member: 403, guestMember: 401, guest: 401 }],
      ['PUT', `/decks/${deck}`, { title: 'Renamed' }, { teacher: 200 }],
      ['PUT', `/questions/${q}`, { question: 'Changed?' }, { teacher: 200 }],
      ['POST', `/decks/${deck}/sources`, { type: 'website', url: 'https://example.org/more' }, { teacher: 201 }],
      ['DELETE', `/questions/${qs[2]!.id}`, undefined, { teacher: 200 }],
      ['DELETE', `/decks/${ds[1]!.id}`, undefined, { teacher: 200 }],
    ];
    for (const [method, url, body, expected] of calls) {
      for (const [name, caller] of Object.entries(roles)) {
        const res = await call(caller, method, url, body);
        const want = caller === null ? 401 : (expected[name] ?? 404);
        expect(res.statusCode, `${method} ${url} as ${name}: ${res.body}`).toBe(want);
      }
    }
    // The member's view of the deck says what they may do: view, not edit.
    const seen = route('GET /decks/:id').response.parse((await call(member, 'GET', `/decks/${deck}`)).json());
    expect(seen).toMatchObject({ isOwner: false, canView: true, canEdit: false, title: 'Renamed' });
    const own = route('GET /decks/:id').response.parse((await call(teacher, 'GET', `/decks/${deck}`)).json());
    expect(own).toMatchObject({ isOwner: true, canView: true, canEdit: true });
    // Each learner's answer went to their own schedule, none to anyone else's.
    const cardsOf = async (who: Caller) =>
      t.db.select().from(reviewCards).where(and(eq(reviewCards.questionId, q), who.kind === 'user' ? eq(reviewCards.ownerUserId, who.userId) : eq(reviewCards.ownerAnonId, who.anonId)));
    for (const who of [teacher, member, guestMember]) expect(await cardsOf(who)).toHaveLength(1);
    for (const who of [otherMember, outsider, guest]) expect(await cardsOf(who)).toHaveLength(0);
  });
});

describe("a member's review queue", () => {
  const due = async (who: Caller, query = '') => {
    const res = await call(who, 'GET', `/review/due${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return route('GET /review/due').response.parse(res.json()) as ReviewDueResponse;
  };
  const newIds = (d: ReviewDueResponse) => d.questions.filter((q) => q.review === null).map((q) => q._id);

  it("serves the teacher's questions as the member's new cards, on their own schedule and limits, until they are removed", async () => {
    const { teacher, space, decks: ds, qs } = await teacherWithSpace();
    const klass = await makeClass(teacher, space.id);
    const student = userCaller();
    const guestStudent = anonCaller();
    const { member } = await join(student, klass.joinCode, 'Ada');
    await join(guestStudent, klass.joinCode, 'Bo');
    const firstDeck = qs.slice(0, 3).map((q) => q.id);

    // Every question of the class's decks is new for each member, in deck order.
    const one = await due(student, `?deckId=${ds[0]!.id}`);
    expect(newIds(one)).toEqual(firstDeck);
    expect(one.counts).toEqual({ due: 0, new: 3, learning: 0 });
    // Across decks (the two decks were made at the same instant, so their order is the ids').
    expect(newIds(await due(student)).sort()).toEqual(qs.map((q) => q.id).sort());
    const counts = route('GET /review/due-counts').response.parse((await call(student, 'GET', '/review/due-counts')).json());
    expect(counts.total.new).toBe(6);
    expect(counts.decks.map((d) => d.deckId).sort()).toEqual(ds.map((d) => d.id).sort());

    // Answered, a question moves to the member's own schedule (a learning card), out of the new ones.
    const answered = await call(student, 'POST', `/questions/${qs[0]!.id}/evaluate`, { response: 0 });
    expect(route('POST /questions/:id/evaluate').response.parse(answered.json()).review).toMatchObject({ reps: 1 });
    const after = await due(student, `?deckId=${ds[0]!.id}`);
    expect(newIds(after)).toEqual(firstDeck.slice(1));
    expect(after.counts).toMatchObject({ new: 2, learning: 1 });
    expect(after.questions.find((q) => q._id === qs[0]!.id)!.review).toMatchObject({ reps: 1 });

    // The teacher's schedule does not see the member's card: all three are still new for them.
    const teachers = await due(teacher, `?deckId=${ds[0]!.id}`);
    expect(newIds(teachers)).toEqual(firstDeck);
    expect(teachers.counts).toEqual({ due: 0, new: 3, learning: 0 });
    // Nor the other member's.
    expect(newIds(await due(guestStudent, `?deckId=${ds[0]!.id}`))).toEqual(firstDeck);
    // And the teacher's own answer leaves the member's queue as it was.
    await call(teacher, 'POST', `/questions/${qs[1]!.id}/evaluate`, { response: 0 });
    expect(newIds(await due(teacher, `?deckId=${ds[0]!.id}`))).toEqual([qs[0]!.id, qs[2]!.id]);
    expect(newIds(await due(student, `?deckId=${ds[0]!.id}`))).toEqual(firstDeck.slice(1));

    // The daily limit of new cards is the member's own.
    await call(guestStudent, 'PUT', '/review/settings', { newPerDay: 2 });
    expect(newIds(await due(guestStudent, `?deckId=${ds[0]!.id}`))).toEqual(firstDeck.slice(0, 2));
    await call(guestStudent, 'POST', `/questions/${qs[0]!.id}/evaluate`, { response: 0 });
    const limited = await due(guestStudent, `?deckId=${ds[0]!.id}`);
    expect(limited.counts.new).toBe(1);
    expect(newIds(limited)).toEqual([qs[1]!.id]);
    expect((await due(student)).counts.new).toBe(5);

    const stats = async () =>
      route('GET /review/stats').response.parse((await call(student, 'GET', '/review/stats?days=7')).json());
    const forecastTotal = (s: Awaited<ReturnType<typeof stats>>) => s.forecast.reduce((n, d) => n + d.due, 0);
    const before = await stats();
    expect(forecastTotal(before)).toBe(1);

    // Removed, the member loses the class's decks: no queue, no answers scheduled, no card served.
    await call(teacher, 'DELETE', `/classes/${klass._id}/members/${member._id}`);
    // Their answer stays in their history, but the card never falls due again.
    const removed = await stats();
    expect(forecastTotal(removed)).toBe(0);
    expect(removed.perDay).toEqual(before.perDay);
    expectError(await call(student, 'GET', `/review/due?deckId=${ds[0]!.id}`), 404, 'NOT_FOUND');
    const gone = await due(student);
    expect(gone.questions).toEqual([]);
    expect(gone.counts).toEqual({ due: 0, new: 0, learning: 0 });
    expectError(await call(student, 'POST', `/questions/${qs[1]!.id}/evaluate`, { response: 0 }), 404, 'NOT_FOUND');
    expect(route('GET /review/due-counts').response.parse((await call(student, 'GET', '/review/due-counts')).json()).decks).toEqual([]);
  });
});

describe('the dashboard', () => {
  it("shows each member's mastery per concept, answers per question and the weakest concepts; removed members leave it", async () => {
    const { teacher, space, qs } = await teacherWithSpace();
    const klass = await makeClass(teacher, space.id);
    const good = anonCaller();
    const weak = userCaller();
    const { member: goodMember } = await join(good, klass.joinCode, 'Ada');
    const { member: weakMember } = await join(weak, klass.joinCode, 'Bo');
    // Ada answers every question right; Bo picks 'DNA' (index 1) on the first cells question and
    // leaves the other two unanswered (a question never answered counts 0).
    for (const q of qs) expect((await call(good, 'POST', `/questions/${q.id}/evaluate`, { response: 0 })).statusCode).toBe(200);
    await call(weak, 'POST', `/questions/${qs[0]!.id}/evaluate`, { response: 1 });
    await call(weak, 'POST', `/questions/${qs[3]!.id}/evaluate`, { response: 2 });
    clock = new Date(clock.getTime() + 4 * 24 * 3_600_000);

    const res = await call(teacher, 'GET', `/classes/${klass._id}/dashboard`);
    expect(res.statusCode, res.body).toBe(200);
    const d: ClassDashboardResponse = route('GET /classes/:id/dashboard').response.parse(res.json());
    expect(d.students.map((s) => s.displayName)).toEqual(['Ada', 'Bo']);
    const ada = d.students.find((s) => s.memberId === goodMember._id)!;
    const bo = d.students.find((s) => s.memberId === weakMember._id)!;
    expect(ada.concepts.map((c) => c.concept)).toEqual(['cells', 'photosynthesis', 'respiration']);
    for (const c of ada.concepts) expect(c.mastery).toBeGreaterThan(0.5);
    for (const c of bo.concepts) expect(c.mastery).toBeLessThan(ada.concepts.find((x) => x.concept === c.concept)!.mastery);
    const cells = d.concepts.find((c) => c.concept === 'cells')!;
    expect(cells.below50).toEqual([weakMember._id]);
    expect(cells.questionIds).toEqual(qs.slice(0, 3).map((q) => q.id));
    expect(cells.average).toBeCloseTo((ada.concepts[0]!.mastery + bo.concepts[0]!.mastery) / 2);
    expect(d.weakest).toHaveLength(3);

    const first = d.questions.find((q) => q.questionId === qs[0]!.id)!;
    expect(first).toMatchObject({ answered: 2, correctShare: 0.5, commonWrong: [{ answer: 'DNA', count: 1 }] });
    expect(d.questions.find((q) => q.questionId === qs[3]!.id)!.commonWrong).toEqual([{ answer: 'Starch', count: 1 }]);
    expect(d.questions.find((q) => q.questionId === qs[5]!.id)).toMatchObject({ answered: 1, correctShare: 1, commonWrong: [] });
    // The teacher's own answers are not a student's.
    await call(teacher, 'POST', `/questions/${qs[0]!.id}/evaluate`, { response: 1 });
    const again = route('GET /classes/:id/dashboard').response.parse((await call(teacher, 'GET', `/classes/${klass._id}/dashboard`)).json());
    expect(again.questions.find((q) => q.questionId === qs[0]!.id)!.answered).toBe(2);

    await call(teacher, 'DELETE', `/classes/${klass._id}/members/${weakMember._id}`);
    const after = route('GET /classes/:id/dashboard').response.parse((await call(teacher, 'GET', `/classes/${klass._id}/dashboard`)).json());
    expect(after.students.map((s) => s.memberId)).toEqual([goodMember._id]);
    expect(after.questions.find((q) => q.questionId === qs[0]!.id)).toMatchObject({ answered: 1, correctShare: 1 });
    // Removed, Bo no longer reads the decks.
    expectError(await call(weak, 'GET', `/questions/deck/${qs[0]!.deckId}`), 404, 'NOT_FOUND');
  });

  it('tags the questions that have no concepts yet before showing them', async () => {
    const { teacher, space, decks: made } = await teacherWithSpace();
    const untagged = await insertQuestion(t, { deckId: made[1]!.id, position: 9, question: 'What does chlorophyll absorb in photosynthesis?', concepts: [] });
    const klass = await makeClass(teacher, space.id);
    const d = (await call(teacher, 'GET', `/classes/${klass._id}/dashboard`)).json() as ClassDashboardResponse;
    const [row] = await t.db.select({ concepts: questions.concepts }).from(questions).where(eq(questions.id, untagged.id));
    expect(row!.concepts.length).toBeGreaterThan(0);
    for (const concept of row!.concepts) expect(d.concepts.map((c) => c.concept)).toContain(concept);
    // The tagged questions kept theirs.
    expect(d.concepts.map((c) => c.concept)).toEqual(expect.arrayContaining(['cells', 'photosynthesis', 'respiration']));
  });
});

describe('a guest student who signs up', () => {
  /** What the auth service asks of the deck service when a guest signs up or in. */
  const claimGuest = async (anonId: string, userId: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/internal/claim-anonymous', headers: asCaller(serviceCaller()), payload: { anonId, userId } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('keeps their class and progress under the account', async () => {
    const { teacher, space, qs } = await teacherWithSpace();
    const klass = await makeClass(teacher, space.id);
    const guest = anonCaller();
    const { member } = await join(guest, klass.joinCode, 'Ada');
    await call(guest, 'POST', `/questions/${qs[0]!.id}/evaluate`, { response: 0 });
    const account = userCaller();
    await registerCaller(t, account);
    await claimGuest(guest.anonId, account.userId);
    const [row] = await memberRows(klass._id);
    expect(row).toMatchObject({ id: member._id, ownerUserId: account.userId, ownerAnonId: null, displayName: 'Ada' });
    const list = route('GET /classes').response.parse((await call(account, 'GET', '/classes')).json());
    expect(list.joined.map((j) => j._id)).toEqual([klass._id]);
    const d = route('GET /classes/:id/dashboard').response.parse((await call(teacher, 'GET', `/classes/${klass._id}/dashboard`)).json());
    expect(d.questions.find((q) => q.questionId === qs[0]!.id)).toMatchObject({ answered: 1, correctShare: 1 });
    expect(ownerOf(account)).toEqual({ userId: account.userId });
  });

  it("merges their answers with the account's when the account had joined and answered too: one card a question, rebuilt from both logs", async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const { teacher, space, qs } = await teacherWithSpace();
    const klass = await makeClass(teacher, space.id);
    const answer = (who: Caller, questionId: string, response: number) => call(who, 'POST', `/questions/${questionId}/evaluate`, { response });
    // A student joins as a guest on a school computer and answers two questions right...
    const guest = anonCaller();
    await join(guest, klass.joinCode, 'Ada at school');
    expect((await answer(guest, qs[0]!.id, 0)).statusCode).toBe(200);
    expect((await answer(guest, qs[1]!.id, 0)).statusCode).toBe(200);
    const [guestCard] = await t.db.select().from(reviewCards).where(and(eq(reviewCards.ownerAnonId, guest.anonId), eq(reviewCards.questionId, qs[0]!.id)));
    // ...then, two days later, joins with their account at home and gets the first one wrong.
    clock = new Date('2026-03-12T09:00:00Z');
    const account = userCaller();
    const { member: accountMember } = await join(account, klass.joinCode, 'Ada');
    expect((await answer(account, qs[0]!.id, 1)).statusCode).toBe(200);

    await claimGuest(guest.anonId, account.userId);
    // The account's membership stays; every answer is the account's.
    expect((await memberRows(klass._id)).map((m) => [m.id, m.ownerUserId, m.ownerAnonId])).toEqual([[accountMember._id, account.userId, null]]);
    const logs = await t.db.select().from(reviewLogs).where(eq(reviewLogs.ownerUserId, account.userId));
    expect(logs).toHaveLength(3);
    const accountCards = await t.db.select().from(reviewCards).where(eq(reviewCards.ownerUserId, account.userId));
    expect(accountCards.map((c) => c.questionId).sort()).toEqual([qs[0]!.id, qs[1]!.id].sort());
    expect(await t.db.select().from(reviewCards).where(eq(reviewCards.ownerAnonId, guest.anonId))).toEqual([]);
    // The card of the question both answered is what its joined log gives: two reviews, the last one wrong.
    const both = accountCards.find((c) => c.questionId === qs[0]!.id)!;
    const rebuilt = rebuild(await createReviewRepository({ db: t.db }).reviews({ userId: account.userId }, qs[0]!.id));
    expect(rebuilt).toEqual({
      state: both.state,
      due: both.due,
      stability: both.stability,
      difficulty: both.difficulty,
      elapsedDays: both.elapsedDays,
      scheduledDays: both.scheduledDays,
      learningSteps: both.learningSteps,
      reps: both.reps,
      lapses: both.lapses,
      lastReview: both.lastReview,
    });
    expect(both).toMatchObject({ reps: 2, lastRating: 'again', createdAt: guestCard!.createdAt });
  });
});
