import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classes, classMembers, decks, questions, reviewCards, studySpaces } from '@mnemo/db/schema';
import { ownedBy, ownerValues, type Owner } from '@mnemo/db/owner';
import { studiedDecks } from '@mnemo/db/deck-access';
import { asCaller } from '@mnemo/service-kit/testing';
import {
  anonCaller,
  callAs,
  deckAppForFile,
  insertDeck,
  ownerOf,
  registerCaller,
  serviceCaller,
  userCaller,
} from '../../test-support';
import { insertQuestion } from '../questions/questions.test-support';
import { countsAgainstReviewLimit, interdayLearning, intradayLearning } from './daily-limits';
import { createReviewRepository } from './review.repository';
import { LEARN_AHEAD_MS } from './review.service';

/**
 * The due queue's counts read sums kept by triggers (migration 0017: review_card_days per learner,
 * deck and UTC day; deck_new_questions per deck). These tests hold them to what they replace: the
 * kept rows equal a recount of review_cards and questions after every kind of write, and the
 * per-deck counts equal those of the query that walked the cards (the one before 0017), with the
 * limits hit and not hit, on either side of midnight UTC, in several decks and a class's deck.
 */

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
let clock = new Date('2026-04-10T00:20:00Z');
const t = deckAppForFile({ now: () => clock });
const repo = () => createReviewRepository({ db: t.db });

type Caller = ReturnType<typeof anonCaller> | ReturnType<typeof userCaller>;
const answer = (caller: Caller, id: string, response: unknown) =>
  callAs(t, caller, 'POST', `/questions/${id}/evaluate`, { response });

/** The counts as the queue computed them before the kept sums: one walk of the cards per count. */
async function walked(owner: Owner, now: Date, left: { reviewsLeft: number; newLeft: number }, deckId?: string) {
  const mine = owner.userId ? sql`c.owner_user_id = ${owner.userId}` : sql`c.owner_anon_id = ${owner.anonId!}`;
  const at = now.toISOString();
  const r = await t.db.execute(sql`
    select d.id as deck_id,
      (select count(*) from (select 1 from review_cards c where ${mine} and c.deck_id = d.id and c.state = 'review' and c.due <= ${at}
         limit ${left.reviewsLeft}) x) as review,
      (select count(*) from (select 1 from review_cards c where ${mine} and c.deck_id = d.id and ${interdayLearning('c')} and c.due <= ${at}
         limit ${left.reviewsLeft}) x) as interday,
      (select count(*) from review_cards c where ${mine} and c.deck_id = d.id and ${intradayLearning('c')}
         and c.due <= ${new Date(now.getTime() + LEARN_AHEAD_MS).toISOString()}) as intraday,
      case when d.own
        then (select count(*) from (select 1 from questions q where q.deck_id = d.id and not q.studied limit ${left.newLeft}) x)
        else (select count(*) from (select 1 from questions q where q.deck_id = d.id
          and not exists (select 1 from review_cards c where c.question_id = q.id and ${mine}) limit ${left.newLeft}) x)
      end as new
    from ${studiedDecks(owner, deckId)} d`);
  return (r.rows as Record<string, unknown>[]).map((x) => ({
    deckId: x.deck_id as string,
    review: Number(x.review),
    interday: Number(x.interday),
    intraday: Number(x.intraday),
    new: Number(x.new),
  }));
}

const byDeck = <T extends { deckId: string }>(xs: T[]) => [...xs].sort((a, b) => a.deckId.localeCompare(b.deckId));

/** The kept rows equal a recount of the cards (by daily-limits.ts' classes) and of the questions. */
async function expectKeptEqualsRecount() {
  const kept = await t.db.execute(sql`select owner_id, deck_id, interday, day::text as day, n from review_card_days order by 1, 2, 3, 4`);
  const recount = await t.db.execute(sql`
    select coalesce(c.owner_user_id, c.owner_anon_id) as owner_id, c.deck_id, c.state <> 'review' as interday,
      ((c.due at time zone 'UTC')::date)::text as day, count(*)::int as n
    from review_cards c where ${countsAgainstReviewLimit('c')}
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  expect(kept.rows).toEqual(recount.rows);
  const newKept = await t.db.execute(sql`select deck_id, n from deck_new_questions where n <> 0 order by 1`);
  const newRecount = await t.db.execute(sql`
    select deck_id, count(*)::int as n from questions where not studied group by 1 order by 1`);
  expect(newKept.rows).toEqual(newRecount.rows);
}

/** The queue's counts equal the walk's, for each of these limits, over all decks and per deck. */
async function expectCountsEqualWalk(owner: Owner, deckIds: string[]) {
  const at = { now: clock, learnAhead: new Date(clock.getTime() + LEARN_AHEAD_MS) };
  for (const left of [
    { reviewsLeft: 10_000, newLeft: 1000 },
    { reviewsLeft: 3, newLeft: 1 },
    { reviewsLeft: 1, newLeft: 2 },
    { reviewsLeft: 0, newLeft: 0 },
  ]) {
    expect(byDeck(await repo().waitingByDeck(owner, at, left))).toEqual(byDeck(await walked(owner, clock, left)));
    for (const deckId of deckIds)
      expect(await repo().waitingByDeck(owner, at, left, deckId)).toEqual(await walked(owner, clock, left, deckId));
  }
}

/** A card of the learner's for a question, as FSRS could leave it, due `dueInMs` from now. */
const card = (owner: Owner, q: { id: string; deckId: string }, state: 'review' | 'learning' | 'relearning', scheduledDays: number, dueInMs: number) => ({
  ...ownerValues(owner),
  questionId: q.id,
  deckId: q.deckId,
  state,
  due: new Date(clock.getTime() + dueInMs),
  stability: 3,
  difficulty: 5,
  scheduledDays,
  reps: 2,
  lastReview: new Date(clock.getTime() - 3 * DAY),
  lastRating: 'good' as const,
});

async function questionsOf(deckId: string, n: number) {
  const qs = [];
  for (let i = 0; i < n; i++) qs.push(await insertQuestion(t, { deckId, position: i, question: `Question ${i}?` }));
  return qs;
}

describe('the due counts kept by triggers (migration 0017)', () => {
  it('equal the walk over the cards through answers, midnight UTC, deletions and decks of a class', async () => {
    clock = new Date('2026-04-10T00:20:00Z'); // 20 minutes into the UTC day
    const learner = userCaller();
    const owner = ownerOf(learner);
    const a = await insertDeck(t, learner);
    const b = await insertDeck(t, learner);
    const qa = await questionsOf(a.id, 9);
    const qb = await questionsOf(b.id, 6);
    // A class's deck the learner studies: the teacher's deck in the class's space.
    const teacher = userCaller();
    await registerCaller(t, teacher);
    const [space] = await t.db.insert(studySpaces).values({ ...ownerValues(ownerOf(teacher)), title: 'Biology' }).returning();
    const [klass] = await t.db.insert(classes).values({ spaceId: space!.id, joinCode: randomUUID().slice(0, 5).toUpperCase() }).returning();
    await t.db.insert(classMembers).values({ classId: klass!.id, ...ownerValues(owner), displayName: 'Ada' });
    const c = await insertDeck(t, teacher);
    await t.db.update(decks).set({ studySpaceId: space!.id }).where(eq(decks.id, c.id));
    const qc = await questionsOf(c.id, 5);

    await t.db.insert(reviewCards).values([
      card(owner, qa[0]!, 'review', 5, -3 * DAY), // days overdue
      card(owner, qa[1]!, 'review', 5, -DAY - 5 * MIN), // yesterday (UTC)
      card(owner, qa[2]!, 'review', 5, -15 * MIN), // earlier today (UTC): due
      card(owner, qa[3]!, 'review', 5, 10 * MIN), // later today: not yet due
      card(owner, qa[4]!, 'review', 5, 2 * DAY), // in two days
      card(owner, qa[5]!, 'learning', 1, -2 * DAY), // interday learning, overdue
      card(owner, qa[6]!, 'relearning', 0, 10 * MIN), // intraday, within the learn-ahead
      card(owner, qb[0]!, 'review', 5, -10 * DAY),
      card(owner, qb[1]!, 'review', 5, -10 * DAY),
      card(owner, qb[2]!, 'relearning', 1, -10 * MIN), // interday learning, due earlier today
      card(owner, qc[0]!, 'review', 5, -4 * DAY), // the learner's cards in the class's deck
      card(owner, qc[1]!, 'learning', 2, -DAY),
      card(ownerOf(teacher), qc[2]!, 'review', 5, -4 * DAY), // the teacher's own card: not the learner's
    ]);
    // The owner's flag, as the review module sets it with the owner's first card.
    await t.db
      .update(questions)
      .set({ studied: true })
      .where(sql`${questions.id} in (select question_id from review_cards where ${ownedBy(reviewCards, owner)}) and ${questions.deckId} <> ${c.id}`);
    await t.db.update(questions).set({ studied: true }).where(eq(questions.id, qc[2]!.id));
    await expectKeptEqualsRecount();
    await expectCountsEqualWalk(owner, [a.id, b.id, c.id]);
    expect(byDeck(await repo().waitingByDeck(owner, { now: clock, learnAhead: new Date(clock.getTime() + LEARN_AHEAD_MS) }, { reviewsLeft: 100, newLeft: 100 }))).toEqual(
      byDeck([
        { deckId: a.id, review: 3, interday: 1, intraday: 1, new: 2 },
        { deckId: b.id, review: 2, interday: 1, intraday: 0, new: 3 },
        { deckId: c.id, review: 1, interday: 1, intraday: 0, new: 3 },
      ]),
    );

    // Answers move cards (an overdue one, a learning one) and make new ones (a first answer).
    for (const q of [qa[0]!, qa[5]!, qa[7]!, qb[3]!, qc[3]!]) expect((await answer(learner, q.id, 0)).statusCode).toBe(200);
    await expectKeptEqualsRecount();
    await expectCountsEqualWalk(owner, [a.id, b.id, c.id]);

    // Past midnight UTC: what was due "today" is now in the kept days; later, more falls due.
    clock = new Date('2026-04-11T00:05:00Z');
    await expectCountsEqualWalk(owner, [a.id, b.id, c.id]);
    clock = new Date('2026-04-12T23:50:00Z');
    await expectCountsEqualWalk(owner, [a.id, b.id, c.id]);
    expect((await answer(learner, qa[3]!.id, 1)).statusCode).toBe(200);
    await expectKeptEqualsRecount();
    await expectCountsEqualWalk(owner, [a.id, b.id, c.id]);

    // A question deleted takes its card; a deck deleted takes its cards and questions.
    await t.db.delete(questions).where(eq(questions.id, qb[0]!.id));
    await t.db.delete(questions).where(eq(questions.id, qa[8]!.id));
    await expectKeptEqualsRecount();
    await expectCountsEqualWalk(owner, [a.id, b.id, c.id]);
    await t.db.delete(decks).where(eq(decks.id, b.id));
    await expectKeptEqualsRecount();
    await expectCountsEqualWalk(owner, [a.id, c.id]);
  });

  it("follow a guest's cards to the account at sign-up", async () => {
    clock = new Date('2026-04-10T09:00:00Z');
    const guest = anonCaller();
    const deck = await insertDeck(t, guest);
    const qs = await questionsOf(deck.id, 3);
    await t.db.insert(reviewCards).values([card(ownerOf(guest), qs[0]!, 'review', 5, -2 * DAY), card(ownerOf(guest), qs[1]!, 'learning', 1, -DAY)]);
    await t.db.update(questions).set({ studied: true }).where(sql`${questions.id} in (${qs[0]!.id}, ${qs[1]!.id})`);
    await expectCountsEqualWalk(ownerOf(guest), [deck.id]);

    const user = userCaller();
    await registerCaller(t, user);
    const claim = await t.app.inject({
      method: 'POST',
      url: '/internal/claim-anonymous',
      headers: asCaller(serviceCaller()),
      payload: { anonId: guest.anonId, userId: user.userId },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    await expectKeptEqualsRecount();
    await expectCountsEqualWalk(ownerOf(user), [deck.id]);
    expect(await repo().waitingByDeck(ownerOf(user), { now: clock, learnAhead: clock }, { reviewsLeft: 10, newLeft: 10 })).toEqual([
      { deckId: deck.id, review: 1, interday: 1, intraday: 0, new: 1 },
    ]);
    expect(await repo().waitingByDeck(ownerOf(guest), { now: clock, learnAhead: clock }, { reviewsLeft: 10, newLeft: 10 })).toEqual([]);
  });
});
