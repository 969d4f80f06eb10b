import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { route } from '@mnemo/contracts/routes';
import { decks, questions, reviewCards, reviewDays, reviewLogs, reviewSettings } from '@mnemo/db/schema';
import { asCaller } from '@mnemo/service-kit/testing';
import {
  anonCaller,
  callAs,
  deckAppForFile,
  expectError,
  insertDeck,
  ownerOf,
  registerCaller,
  serviceCaller,
  userCaller,
} from '../../test-support';
import { insertQuestion } from '../questions/questions.test-support';
import { createReviewRepository, recountAllDays } from './review.repository';
import { createReviewService } from './review.service';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
// The test's clock: every call reads it, tests move it.
let clock = new Date('2026-03-10T12:00:00Z');
const setClock = (iso: string) => (clock = new Date(iso));
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

const t = deckAppForFile({ now: () => clock });

type Caller = ReturnType<typeof anonCaller> | ReturnType<typeof userCaller>;
const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  callAs(t, caller, method, url, payload);
const answer = (caller: Caller, id: string, response: unknown, extra: object = {}) =>
  call(caller, 'POST', `/questions/${id}/evaluate`, { response, ...extra });
const logsOf = (questionId: string) => t.db.select().from(reviewLogs).where(eq(reviewLogs.questionId, questionId));
const cardOf = async (questionId: string) => (await t.db.select().from(reviewCards).where(eq(reviewCards.questionId, questionId)))[0];

/** A deck of the caller's with `n` multiple-choice questions (right answer: index 0). */
async function deckWith(caller: Caller, n: number, concepts: (i: number) => string[] = () => []) {
  const deck = await insertDeck(t, caller);
  const qs = [];
  for (let i = 0; i < n; i++) qs.push(await insertQuestion(t, { deckId: deck.id, position: i, question: `Question ${i}?`, concepts: concepts(i) }));
  return { deck, qs };
}

const rebuildService = () => createReviewService({ reviews: createReviewRepository({ db: t.db }), decks: { schedulesDeck: async () => true, viewsDeck: async () => true }, now: () => clock });
const expectStoredEqualsLog = async (caller: Caller, questionId: string) => {
  const stored = (await cardOf(questionId))!;
  const rebuilt = await rebuildService().rebuildFromLog(ownerOf(caller), questionId);
  expect(rebuilt).toEqual({
    state: stored.state,
    due: stored.due,
    stability: stored.stability,
    difficulty: stored.difficulty,
    elapsedDays: stored.elapsedDays,
    scheduledDays: stored.scheduledDays,
    learningSteps: stored.learningSteps,
    reps: stored.reps,
    lapses: stored.lapses,
    lastReview: stored.lastReview,
  });
};

describe('POST /questions/:id/evaluate records the review', () => {
  it("schedules the owner's answers and appends each to the log; the log rebuilds the stored card", async () => {
    setClock('2026-03-10T12:00:00Z');
    const caller = anonCaller();
    const { qs } = await deckWith(caller, 1);
    const q = qs[0]!;

    const first = route('POST /questions/:id/evaluate').response.parse((await answer(caller, q.id, 0)).json());
    expect(first.review).toMatchObject({ rating: 'good', state: 'learning', reps: 1, lapses: 0 });
    expect(new Date(first.review!.due).getTime() - clock.getTime()).toBe(10 * MIN);

    advance(11 * MIN);
    const wrong = (await answer(caller, q.id, 1)).json();
    expect(wrong.review).toMatchObject({ rating: 'again', state: 'learning', reps: 2 });

    advance(2 * MIN);
    await answer(caller, q.id, 'ATP');
    advance(DAY);
    await answer(caller, q.id, 'A');

    const logs = await logsOf(q.id);
    expect(logs.map((l) => [l.kind, l.rating])).toEqual([
      ['review', 'good'],
      ['review', 'again'],
      ['review', 'good'],
      ['review', 'good'],
    ]);
    expect(logs[1]).toMatchObject({ response: 1, state: 'learning', ownerAnonId: caller.anonId });
    expect(logs[1]!.evaluation).toMatchObject({ multipleChoice: { isCorrect: false } });
    await expectStoredEqualsLog(caller, q.id);
  });

  it('rates a quick right pick Easy the third time running', async () => {
    setClock('2026-03-10T12:00:00Z');
    const caller = userCaller();
    const { qs } = await deckWith(caller, 1);
    const ratings = [];
    for (let i = 0; i < 3; i++) {
      ratings.push((await answer(caller, qs[0]!.id, 0, { timeTakenMs: 3000 })).json().review.rating);
      advance(DAY * 3);
    }
    expect(ratings).toEqual(['good', 'good', 'easy']);
  });

  it('grades a practice answer without scheduling it, and a viewer of a published deck without a row', async () => {
    const owner = userCaller();
    const { deck, qs } = await deckWith(owner, 1);
    const practice = (await answer(owner, qs[0]!.id, 0, { practice: true })).json();
    expect(practice.evaluation.multipleChoice.isCorrect).toBe(true);
    expect(practice.review).toBeNull();

    await t.db.update(decks).set({ isPublished: true, publishedAt: new Date() }).where(eq(decks.id, deck.id));
    const viewer = userCaller();
    const viewed = (await answer(viewer, qs[0]!.id, 0)).json();
    expect(viewed.evaluation.multipleChoice.isCorrect).toBe(true);
    expect(viewed.review).toBeNull();
    expect(await logsOf(qs[0]!.id)).toEqual([]);
  });
});

describe('POST /questions/:id/review overrides the last rating', () => {
  it('changes the rating within ten minutes, logs the override, and the log still rebuilds the card', async () => {
    setClock('2026-03-11T09:00:00Z');
    const caller = anonCaller();
    const { qs } = await deckWith(caller, 1);
    const q = qs[0]!;
    await answer(caller, q.id, 0);
    advance(20 * MIN);
    const wrong = (await answer(caller, q.id, 2)).json();
    expect(wrong.review.rating).toBe('again');

    advance(5 * MIN);
    const res = await call(caller, 'POST', `/questions/${q.id}/review`, { rating: 'good' });
    expect(res.statusCode).toBe(200);
    const body = route('POST /questions/:id/review').response.parse(res.json());
    expect(body.review.rating).toBe('good');
    expect(new Date(body.review.due).getTime()).toBeGreaterThan(new Date(wrong.review.due).getTime());

    const logs = await logsOf(q.id);
    expect(logs.map((l) => [l.kind, l.rating, l.overriddenFrom])).toEqual([
      ['review', 'good', null],
      ['review', 'again', null],
      ['override', 'good', 'again'],
    ]);
    await expectStoredEqualsLog(caller, q.id);
  });

  it('refuses an unknown rating, an override after ten minutes, a question never reviewed, and someone else\'s question, writing nothing', async () => {
    setClock('2026-03-12T09:00:00Z');
    const caller = userCaller();
    const { qs } = await deckWith(caller, 2);
    const q = qs[0]!;
    await answer(caller, q.id, 0);
    const before = await cardOf(q.id);

    expectError(await call(caller, 'POST', `/questions/${q.id}/review`, { rating: 'perfect' }), 400, 'VALIDATION_FAILED');
    expectError(await call(caller, 'POST', `/questions/${qs[1]!.id}/review`, { rating: 'good' }), 404, 'REVIEW_NOT_FOUND');
    expectError(await call(userCaller(), 'POST', `/questions/${q.id}/review`, { rating: 'easy' }), 404, 'NOT_FOUND');
    advance(10 * MIN + 1000);
    expectError(await call(caller, 'POST', `/questions/${q.id}/review`, { rating: 'easy' }), 409, 'REVIEW_OVERRIDE_EXPIRED');

    expect((await logsOf(q.id)).length).toBe(1);
    expect(await cardOf(q.id)).toEqual(before);
    expect(await logsOf(qs[1]!.id)).toEqual([]);
  });
});

describe('GET /review/due and /review/due-counts', () => {
  it('serves due cards most overdue first, then learning, then new ones within the daily limit', async () => {
    setClock('2026-03-01T10:00:00Z');
    const caller = userCaller();
    const { deck, qs } = await deckWith(caller, 6);
    await call(caller, 'PUT', '/review/settings', { newPerDay: 2, timeZone: 'Europe/Paris' });
    // q0 and q1 graduate to review with Easy answers, q1 a day later (so less overdue); q2 in learning.
    await t.db.update(questions).set({ questionType: 'free_response', options: [], correctAnswerIndex: null, expectedAnswer: 'ATP', correctAnswerText: null }).where(eq(questions.id, qs[0]!.id));
    await call(caller, 'POST', `/questions/${qs[0]!.id}/evaluate`, { response: 'ATP' });
    await call(caller, 'POST', `/questions/${qs[0]!.id}/review`, { rating: 'easy' });
    advance(DAY);
    await answer(caller, qs[1]!.id, 0);
    await call(caller, 'POST', `/questions/${qs[1]!.id}/review`, { rating: 'easy' });

    // Weeks later, a new learner day: both are overdue; q2 goes into learning.
    advance(40 * DAY);
    await answer(caller, qs[2]!.id, 1);
    const due = route('GET /review/due').response.parse((await call(caller, 'GET', `/review/due?deckId=${deck.id}`)).json());
    expect(due.questions.map((q) => q.question)).toEqual(['Question 0?', 'Question 1?', 'Question 2?', 'Question 3?']);
    expect(due.questions.map((q) => q.review?.state ?? 'new')).toEqual(['review', 'review', 'learning', 'new']);
    // q2 was today's first new card: the limit of 2 leaves one more new card today.
    expect(due.counts).toEqual({ due: 2, learning: 1, new: 1 });

    const limited = (await call(caller, 'GET', '/review/due?limit=1')).json();
    expect(limited.questions.map((q: { question: string }) => q.question)).toEqual(['Question 0?']);

    const counts = route('GET /review/due-counts').response.parse((await call(caller, 'GET', '/review/due-counts')).json());
    expect(counts.total).toEqual({ due: 2, learning: 1, new: 1 });
    expect(counts.decks).toEqual([{ deckId: deck.id, due: 2, learning: 1, new: 1 }]);

    // Answering the due cards makes the counts fall.
    await answer(caller, qs[0]!.id, 0);
    const after = (await call(caller, 'GET', '/review/due-counts')).json();
    expect(after.total.due).toBe(1);
  });

  it('rolls the new-card limit over at 4 a.m. in the learner time zone', async () => {
    // 02:30 in New York on 5 March is still the learner day of 4 March.
    setClock('2026-03-05T07:30:00Z');
    const caller = anonCaller();
    const { qs } = await deckWith(caller, 3);
    await call(caller, 'PUT', '/review/settings', { newPerDay: 1, timeZone: 'America/New_York' });
    await answer(caller, qs[0]!.id, 0);
    expect((await call(caller, 'GET', '/review/due-counts')).json().total.new).toBe(0);
    setClock('2026-03-05T08:59:00Z'); // 03:59 local: same day
    expect((await call(caller, 'GET', '/review/due-counts')).json().total.new).toBe(0);
    setClock('2026-03-05T09:00:00Z'); // 04:00 local: a new day
    expect((await call(caller, 'GET', '/review/due-counts')).json().total.new).toBe(1);
  });

  it('caps interday learning cards with the reviews/day limit, first, and never intraday learning cards (daily-limits.ts)', async () => {
    setClock('2026-03-20T12:00:00Z');
    const caller = userCaller();
    const owner = ownerOf(caller);
    const { deck, qs } = await deckWith(caller, 7);
    await call(caller, 'PUT', '/review/settings', { reviewsPerDay: 2, newPerDay: 0 });
    // Cards as FSRS leaves them: q0-q2 in review, q3-q4 on a learning step of a day (interday),
    // q5-q6 on a step of minutes (intraday); all due an hour ago.
    const hourAgo = new Date(clock.getTime() - 60 * MIN);
    const card = (i: number, state: 'review' | 'learning' | 'relearning', scheduledDays: number) => ({
      ...(owner.userId ? { ownerUserId: owner.userId } : {}),
      questionId: qs[i]!.id,
      deckId: deck.id,
      state,
      due: new Date(hourAgo.getTime() + i * MIN),
      stability: 3,
      difficulty: 5,
      scheduledDays,
      reps: 2,
      lastReview: new Date(clock.getTime() - 2 * DAY),
      lastRating: 'good' as const,
    });
    await t.db.insert(reviewCards).values([
      card(0, 'review', 3),
      card(1, 'review', 3),
      card(2, 'review', 3),
      card(3, 'learning', 1),
      card(4, 'relearning', 1),
      card(5, 'learning', 0),
      card(6, 'relearning', 0),
    ]);
    // Interday learning takes the limit of 2 first: no review card today; intraday is uncapped.
    const due = route('GET /review/due').response.parse((await call(caller, 'GET', `/review/due?deckId=${deck.id}`)).json());
    expect(due.counts).toEqual({ due: 0, learning: 4, new: 0 });
    expect(due.questions.map((q) => q.question)).toEqual(['Question 3?', 'Question 4?', 'Question 5?', 'Question 6?']);

    // A limit of 4: two interday, then two of the three review cards, most overdue first.
    await call(caller, 'PUT', '/review/settings', { reviewsPerDay: 4 });
    const more = route('GET /review/due').response.parse((await call(caller, 'GET', `/review/due?deckId=${deck.id}`)).json());
    expect(more.counts).toEqual({ due: 2, learning: 4, new: 0 });
    expect(more.questions.map((q) => q.question)).toEqual(['Question 0?', 'Question 1?', 'Question 3?', 'Question 4?', 'Question 5?', 'Question 6?']);

    // Answering an interday learning card uses the limit; answering an intraday one does not.
    await answer(caller, qs[5]!.id, 0);
    expect((await call(caller, 'GET', '/review/due-counts')).json().total.due).toBe(2);
    await answer(caller, qs[3]!.id, 0);
    const counts = route('GET /review/due-counts').response.parse((await call(caller, 'GET', '/review/due-counts')).json());
    // 4 - 1 used = 3 left: the remaining interday card (q4) first, then two review cards.
    expect(counts.total.due).toBe(2);
    expect(counts.decks).toEqual([{ deckId: deck.id, ...counts.total }]);
    const [today] = await t.db.select().from(reviewDays).where(eq(reviewDays.ownerUserId, owner.userId!));
    expect(today).toMatchObject({ reviews: 2, limited: 1, news: 0 });
  });

  it("answers 404 for another learner's deck and refuses a bad limit", async () => {
    const { deck } = await deckWith(userCaller(), 1);
    expectError(await call(userCaller(), 'GET', `/review/due?deckId=${deck.id}`), 404, 'NOT_FOUND');
    expectError(await call(userCaller(), 'GET', '/review/due?limit=0'), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /decks/:id/mastery and /decks/:id/quiz', () => {
  it('gives each concept the mean retrievability of its questions, 0 never studied, weakest first', async () => {
    setClock('2026-03-15T10:00:00Z');
    const caller = userCaller();
    const { deck, qs } = await deckWith(caller, 4, (i) => (i < 2 ? ['cells'] : ['energy']));
    await answer(caller, qs[0]!.id, 0);
    await answer(caller, qs[1]!.id, 0);
    advance(MIN);
    const body = route('GET /decks/:id/mastery').response.parse((await call(caller, 'GET', `/decks/${deck.id}/mastery`)).json());
    expect(body.concepts.map((c) => [c.concept, c.questions])).toEqual([
      ['energy', 2],
      ['cells', 2],
    ]);
    expect(body.concepts[0]!.mastery).toBe(0);
    expect(body.concepts[0]!.lastReviewed).toBeNull();
    expect(body.concepts[1]!.mastery).toBeGreaterThan(0.9);
    expect(body.concepts[1]!.lastReviewed).toBe('2026-03-15T10:00:00.000Z');
    expect(body.overall).toBeCloseTo(body.concepts[1]!.mastery / 2, 6);
  });

  it('tags questions that have no concepts from their passage, once', async () => {
    const caller = anonCaller();
    const deck = await insertDeck(t, caller);
    const q = await insertQuestion(t, { deckId: deck.id, question: 'What does cellular respiration release?' });
    const body = (await call(caller, 'GET', `/decks/${deck.id}/mastery`)).json();
    const [row] = await t.db.select().from(questions).where(eq(questions.id, q.id));
    expect(row!.concepts.length).toBeGreaterThan(0);
    expect(body.concepts.map((c: { concept: string }) => c.concept)).toEqual(row!.concepts);
  });

  it('keeps the concepts of a question that is edited', async () => {
    const caller = userCaller();
    const { qs } = await deckWith(caller, 1, () => ['cells', 'energy']);
    const res = await call(caller, 'PUT', `/questions/${qs[0]!.id}`, { question: 'What do mitochondria make?' });
    expect(res.json().question.concepts).toEqual(['cells', 'energy']);
  });

  it('spreads a summary quiz over the concepts', async () => {
    const caller = userCaller();
    const { deck } = await deckWith(caller, 9, (i) => [['a', 'b', 'c'][i % 3]!]);
    const body = route('GET /decks/:id/quiz').response.parse((await call(caller, 'GET', `/decks/${deck.id}/quiz?count=3`)).json());
    expect(body.questions).toHaveLength(3);
    expect(new Set(body.questions.map((q) => q.concepts?.[0]))).toEqual(new Set(['a', 'b', 'c']));
    expect((await call(caller, 'GET', `/decks/${deck.id}/quiz`)).json().questions).toHaveLength(9);
    expectError(await call(userCaller(), 'GET', `/decks/${deck.id}/quiz`), 404, 'NOT_FOUND');
    expectError(await call(caller, 'GET', `/decks/${deck.id}/quiz?count=0`), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /review/stats', () => {
  it('counts reviews and Again per learner day, retention past learning, the forecast and the streak', async () => {
    setClock('2026-04-01T10:00:00Z');
    const caller = userCaller();
    const { qs } = await deckWith(caller, 2);
    await answer(caller, qs[0]!.id, 0, { timeTakenMs: 1000 });
    await call(caller, 'POST', `/questions/${qs[0]!.id}/review`, { rating: 'easy' });
    advance(DAY);
    await answer(caller, qs[1]!.id, 1);
    advance(DAY);
    const dueAt = (await cardOf(qs[0]!.id))!.due;
    clock = new Date(Math.max(clock.getTime(), dueAt.getTime()));
    // A card in review answered wrong, then overridden to Good: retention counts it as remembered.
    await answer(caller, qs[0]!.id, 3);
    await call(caller, 'POST', `/questions/${qs[0]!.id}/review`, { rating: 'good' });

    const res = await call(caller, 'GET', '/review/stats?days=30');
    const body = route('GET /review/stats').response.parse(res.json());
    expect(body.perDay).toHaveLength(30);
    const active = body.perDay.filter((d) => d.reviews > 0);
    expect(active.map((d) => [d.reviews, d.again])).toEqual([
      [1, 0],
      [1, 1],
      [1, 0],
    ]);
    expect(body.retention.overall).toBe(1);
    expect(body.forecast).toHaveLength(30);
    // q1 has been due since its Again two days ago: overdue cards count on today.
    expect(body.forecast[0]).toEqual({ date: body.perDay.at(-1)!.date, due: 1 });
    const q0Due = (await cardOf(qs[0]!.id))!.due.toISOString().slice(0, 10);
    expect(body.forecast.slice(1).reduce((n, f) => n + f.due, 0)).toBe(body.forecast.some((f) => f.date === q0Due) ? 1 : 0);
    expect(body.streak.longest).toBeGreaterThanOrEqual(2);
    expect(body.streak.current).toBeGreaterThanOrEqual(1);

    expectError(await call(caller, 'GET', '/review/stats?days=0'), 400, 'VALIDATION_FAILED');
    expectError(await call(caller, 'GET', '/review/stats?days=366'), 400, 'VALIDATION_FAILED');
  });
});

describe('statistics come from the day summaries kept with the log', () => {
  it('keeps one summary row per learner day equal to the log through answers, overrides and a time-zone change', async () => {
    setClock('2026-05-01T21:30:00Z');
    const caller = anonCaller();
    const owner = ownerOf(caller);
    const { qs } = await deckWith(caller, 3);
    await answer(caller, qs[0]!.id, 0);
    await answer(caller, qs[1]!.id, 1);
    await call(caller, 'POST', `/questions/${qs[1]!.id}/review`, { rating: 'good' });
    advance(DAY);
    await answer(caller, qs[2]!.id, 1);
    const stored = async () =>
      (await t.db.select().from(reviewDays).where(eq(reviewDays.ownerAnonId, owner.anonId!)))
        .map(({ id: _id, ...r }) => r)
        .sort((a, b) => a.day.localeCompare(b.day));
    const recounted = async () => {
      const { timeZone } = (await call(caller, 'GET', '/review/settings')).json().settings;
      await t.db.transaction((tx) => recountAllDays(tx, owner, timeZone));
      return stored();
    };
    const kept = await stored();
    expect(kept.map((d) => [d.day, d.reviews, d.again, d.news])).toEqual([
      ['2026-05-01', 2, 0, 2],
      ['2026-05-02', 1, 1, 1],
    ]);
    expect(await recounted()).toEqual(kept);

    // 21:30 UTC is the next morning in Tokyo, past 4 a.m.: the days move with the time zone.
    await call(caller, 'PUT', '/review/settings', { timeZone: 'Asia/Tokyo' });
    const moved = await stored();
    expect(moved.map((d) => d.day)).toEqual(['2026-05-02', '2026-05-03']);
    expect(await recounted()).toEqual(moved);
    const stats = route('GET /review/stats').response.parse((await call(caller, 'GET', '/review/stats?days=7')).json());
    expect(stats.perDay.filter((d) => d.reviews > 0).map((d) => d.date)).toEqual(['2026-05-02', '2026-05-03']);
  });

  it('answers statistics without reading the log (a learner with a long history costs one row a day)', async () => {
    setClock('2026-06-01T10:00:00Z');
    const caller = anonCaller();
    const { qs } = await deckWith(caller, 1);
    await answer(caller, qs[0]!.id, 0);
    const before = route('GET /review/stats').response.parse((await call(caller, 'GET', '/review/stats?days=7')).json());
    expect(before.perDay.at(-1)!.reviews).toBe(1);
    // At 1,000,000 log rows, stats scanned the log (per day and for the streak) long enough for
    // the embedded database to keep the pool's next connection waiting past its timeout: a 500.
    // With the log gone from under it, statistics still answer the same.
    await t.db.delete(reviewLogs).where(eq(reviewLogs.questionId, qs[0]!.id));
    const after = route('GET /review/stats').response.parse((await call(caller, 'GET', '/review/stats?days=7')).json());
    expect(after).toEqual(before);
  });
});

describe('the desired retention in force', () => {
  it('schedules each review with the retention of its time: the log still rebuilds the card after the setting changes', async () => {
    setClock('2026-07-01T10:00:00Z');
    const caller = userCaller();
    const { qs } = await deckWith(caller, 1);
    const q = qs[0]!;
    await t.db.update(questions).set({ questionType: 'free_response', options: [], correctAnswerIndex: null, expectedAnswer: 'ATP', correctAnswerText: null }).where(eq(questions.id, q.id));
    await call(caller, 'PUT', '/review/settings', { desiredRetention: 0.97 });
    // A perfect free response is rated Easy: the card goes straight to review, days out.
    await call(caller, 'POST', `/questions/${q.id}/evaluate`, { response: 'ATP' });
    const atHigh = (await cardOf(q.id))!;
    expect(atHigh).toMatchObject({ state: 'review', lastRating: 'easy' });

    // The learner lowers the retention: the card answered at 0.97 keeps its date, and the log,
    // which records 0.97 on that review, still rebuilds it.
    await call(caller, 'PUT', '/review/settings', { desiredRetention: 0.7 });
    await expectStoredEqualsLog(caller, q.id);
    expect((await logsOf(q.id)).map((l) => [l.kind, l.desiredRetention])).toEqual([['review', 0.97]]);

    // An override after the change replays the review at the retention it was answered with.
    await call(caller, 'POST', `/questions/${q.id}/review`, { rating: 'good' });
    await call(caller, 'POST', `/questions/${q.id}/review`, { rating: 'easy' });
    expect((await cardOf(q.id))!.due).toEqual(atHigh.due);
    expect((await logsOf(q.id)).map((l) => l.desiredRetention)).toEqual([0.97, 0.97, 0.97]);
    await expectStoredEqualsLog(caller, q.id);

    // The next answer is scheduled at 0.7: further out than 0.97 would give.
    clock = new Date(atHigh.due.getTime() + DAY);
    await call(caller, 'POST', `/questions/${q.id}/evaluate`, { response: 'ATP' });
    await expectStoredEqualsLog(caller, q.id);
    expect((await logsOf(q.id)).at(-1)!.desiredRetention).toBe(0.7);
  });
});

describe('review settings', () => {
  it('answers the defaults, saves a partial change, and refuses values out of range', async () => {
    const caller = anonCaller();
    expect((await call(caller, 'GET', '/review/settings')).json().settings).toEqual({
      desiredRetention: 0.9,
      newPerDay: 20,
      reviewsPerDay: 200,
      timeZone: 'UTC',
    });
    const saved = (await call(caller, 'PUT', '/review/settings', { desiredRetention: 0.85, timeZone: 'Asia/Tokyo' })).json();
    expect(saved.settings).toEqual({ desiredRetention: 0.85, newPerDay: 20, reviewsPerDay: 200, timeZone: 'Asia/Tokyo' });
    expectError(await call(caller, 'PUT', '/review/settings', { desiredRetention: 0.99 }), 400, 'VALIDATION_FAILED');
    expectError(await call(caller, 'PUT', '/review/settings', { timeZone: 'Mars/Base' }), 400, 'VALIDATION_FAILED');
    expect((await call(caller, 'GET', '/review/settings')).json().settings.desiredRetention).toBe(0.85);
  });
});

describe('ownership of review rows', () => {
  it("moves a guest's reviews and settings to the account at sign-up", async () => {
    const guest = anonCaller();
    const { qs } = await deckWith(guest, 1);
    await answer(guest, qs[0]!.id, 0);
    await call(guest, 'PUT', '/review/settings', { newPerDay: 5 });
    const user = userCaller();
    await registerCaller(t, user);
    const claim = await t.app.inject({
      method: 'POST',
      url: '/internal/claim-anonymous',
      headers: asCaller(serviceCaller()),
      payload: { anonId: guest.anonId, userId: user.userId },
    });
    expect(claim.statusCode).toBe(200);
    expect(await cardOf(qs[0]!.id)).toMatchObject({ ownerUserId: user.userId, ownerAnonId: null });
    expect((await logsOf(qs[0]!.id))[0]).toMatchObject({ ownerUserId: user.userId, ownerAnonId: null });
    expect((await call(user, 'GET', '/review/settings')).json().settings.newPerDay).toBe(5);
    expect(await t.db.select().from(reviewSettings).where(eq(reviewSettings.ownerAnonId, guest.anonId))).toEqual([]);
    // The day summaries follow the log: today's answer counts for the account, and its limits.
    expect(await t.db.select().from(reviewDays).where(eq(reviewDays.ownerAnonId, guest.anonId))).toEqual([]);
    expect(await t.db.select().from(reviewDays).where(eq(reviewDays.ownerUserId, user.userId))).toMatchObject([{ reviews: 1, news: 1 }]);
    // The account can override its (former guest) review.
    expect((await call(user, 'POST', `/questions/${qs[0]!.id}/review`, { rating: 'hard' })).statusCode).toBe(200);
  });

  it('a cloned deck starts with no review history, and a deleted deck takes its reviews along', async () => {
    const owner = userCaller();
    const { deck, qs } = await deckWith(owner, 1, () => ['cells']);
    await answer(owner, qs[0]!.id, 0);
    await t.db.update(decks).set({ isPublished: true, publishedAt: new Date() }).where(eq(decks.id, deck.id));
    const cloner = userCaller();
    await registerCaller(t, cloner);
    const clone = await call(cloner, 'POST', `/decks/${deck.id}/clone`, {});
    expect(clone.statusCode, clone.body).toBe(201);
    const copyId = clone.json()._id as string;
    const copied = await t.db.select().from(questions).where(eq(questions.deckId, copyId));
    expect(copied.map((q) => q.concepts)).toEqual([['cells']]);
    expect(await t.db.select().from(reviewCards).where(eq(reviewCards.deckId, copyId))).toEqual([]);
    expect((await call(cloner, 'GET', '/review/due-counts')).json().total.new).toBe(1);

    expect((await call(owner, 'DELETE' as 'GET', `/decks/${deck.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(reviewLogs).where(and(eq(reviewLogs.deckId, deck.id)))).toEqual([]);
    // The cards themselves go too (the owner's card state, not only its log).
    expect(await t.db.select().from(reviewCards).where(eq(reviewCards.deckId, deck.id))).toEqual([]);
  });
});
