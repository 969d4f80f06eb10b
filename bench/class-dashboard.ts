/**
 * The teacher's class dashboard at scale (issue 23) on the embedded database (PGlite, as
 * `npm start` runs it): a class of 200 students × 40 concepts (4 decks of 20 questions, two
 * questions per concept), every student with a review card per question and 3 answers each in the
 * log, then GET /classes/:id/dashboard answered by the deck service (built as its tests build it,
 * called in-process with inject). Prints p50/p95 with the load average; asserts nothing.
 * Target: p95 ≤ 200 ms.
 *
 *   pnpm bench:class-dashboard     (needs Redis on 127.0.0.1:6379, like npm start)
 *   BENCH_STUDENTS=200 BENCH_CONCEPTS=40 BENCH_ANSWERS=3 BENCH_REQUESTS=40 to change the sizes.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { asCaller } from '../packages/service-kit/src/testing';
import { startDeckApp } from '../apps/deck/src/test-support';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200);
const CONCEPTS = Number(process.env.BENCH_CONCEPTS ?? 40);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 3);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const DECKS = 4;
const QUESTIONS = CONCEPTS * 2;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

say(`Class dashboard bench — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
say(`${STUDENTS} students × ${CONCEPTS} concepts (${QUESTIONS} questions in ${DECKS} decks), ${ANSWERS} answers per student and question`);
const now = new Date();
const t = await startDeckApp({ LOG_LEVEL: 'error' }, { now: () => now });
const teacherId = randomUUID();
const teacher = { kind: 'user' as const, userId: teacherId, plan: 'free' as const };
const at = now.toISOString();

let started = performance.now();
await t.db.execute(sql`insert into users (id, email, first_name) values (${teacherId}, ${`${teacherId}@example.com`}, 'Teacher')`);
const [space] = (await t.db.execute(sql`insert into study_spaces (owner_user_id, title) values (${teacherId}, 'Biology 7B') returning id`)).rows as { id: string }[];
const [klass] = (await t.db.execute(sql`insert into classes (space_id, join_code) values (${space!.id}, 'BENCH') returning id`)).rows as { id: string }[];
await t.db.execute(sql`
  insert into decks (owner_user_id, study_space_id, title, created_at)
  select ${teacherId}, ${space!.id}, 'Chapter ' || i, now() - (i || ' minutes')::interval from generate_series(1, ${DECKS}) i`);
await t.db.execute(sql`
  insert into questions (deck_id, question, question_type, options, correct_answer_index, correct_answer_text, answer, position, concepts)
  select d.id, 'Question ' || g.i || '?', 'multiple_choice', '["Right","Wrong A","Wrong B","Wrong C"]'::jsonb, 0, 'Right', 'Right', g.i,
    array['Concept ' || ((d.n * ${QUESTIONS / DECKS} + g.i) % ${CONCEPTS})]
  from (select id, row_number() over (order by created_at) - 1 as n from decks where study_space_id = ${space!.id}) d
  cross join generate_series(0, ${QUESTIONS / DECKS - 1}) g(i)`);
// The students: signed-in users, each a member of the class.
await t.db.execute(sql`
  insert into users (id, email, first_name)
  select gen_random_uuid(), 'student' || i || '-' || ${teacherId} || '@example.com', 'Student' from generate_series(1, ${STUDENTS}) i`);
await t.db.execute(sql`
  insert into class_members (class_id, owner_user_id, display_name)
  select ${klass!.id}, id, 'Student ' || row_number() over (order by id) from users where email like ${`student%-${teacherId}@example.com`}`);
// A card per student and question, stabilities spread so mastery varies by student and concept.
await t.db.execute(sql`
  insert into review_cards (owner_user_id, question_id, deck_id, state, due, stability, difficulty, scheduled_days, reps, lapses, last_review, last_rating)
  select m.owner_user_id, q.id, q.deck_id, 'review', ${at}::timestamptz + interval '2 days',
    1 + (hashtext(m.id::text || q.id::text) & 255) / 8.0, 5, 3, ${ANSWERS}, 0,
    ${at}::timestamptz - ((hashtext(q.id::text || m.id::text) & 15) * interval '1 day'), 'good'
  from class_members m cross join questions q join decks d on d.id = q.deck_id
  where m.class_id = ${klass!.id} and d.study_space_id = ${space!.id}`);
for (let k = 0; k < ANSWERS; k++) {
  await t.db.execute(sql`
    insert into review_logs (owner_user_id, question_id, deck_id, kind, rating, state, due, stability, difficulty, response, evaluation, correct, time_taken_ms, reviewed_at, desired_retention)
    select c.owner_user_id, c.question_id, c.deck_id, 'review',
      (case when (hashtext(c.id::text || ${k}) & 3) = 0 then 'again' else 'good' end)::review_rating,
      (case when ${k} = 0 then 'new' else 'review' end)::card_state, c.due, c.stability, c.difficulty,
      to_jsonb(case when (hashtext(c.id::text || ${k}) & 3) = 0 then 1 + (hashtext(c.id::text) & 1) else 0 end),
      jsonb_build_object('multipleChoice', jsonb_build_object('isCorrect', (hashtext(c.id::text || ${k}) & 3) <> 0)),
      (hashtext(c.id::text || ${k}) & 3) <> 0,
      4000, ${at}::timestamptz - (${sql.raw(String(ANSWERS - k))} * interval '3 days'), 0.9
    from review_cards c join decks d on d.id = c.deck_id where d.study_space_id = ${space!.id}`);
}
const count = async (table: string) =>
  ((await t.db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`)).rows as { n: number }[])[0]!.n;
say(`seeded ${await count('review_cards')} review cards and ${await count('review_logs')} log rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await t.db.execute(sql`analyze`);

// The member-cards read as it was before (c05d5b2: whole columns a card, 16,000 rows), kept here to
// time it beside today's (one JSON array of the fields mastery reads a member).
const { classMembers, decks, reviewCards } = await import('../packages/db/src/schema/index');
const { and, eq } = await import('drizzle-orm');
  const memberCardsBefore = () =>
  t.db
    .select({
      memberId: classMembers.id,
      card: {
        questionId: reviewCards.questionId, state: reviewCards.state, due: reviewCards.due, stability: reviewCards.stability,
        difficulty: reviewCards.difficulty, elapsedDays: reviewCards.elapsedDays, scheduledDays: reviewCards.scheduledDays,
        learningSteps: reviewCards.learningSteps, reps: reviewCards.reps, lapses: reviewCards.lapses, lastReview: reviewCards.lastReview,
      },
    })
    .from(reviewCards)
    .innerJoin(decks, eq(decks.id, reviewCards.deckId))
    .innerJoin(classMembers, and(eq(classMembers.classId, klass!.id), sql`(${classMembers.ownerUserId} = ${reviewCards.ownerUserId} or ${classMembers.ownerAnonId} = ${reviewCards.ownerAnonId})`))
    .where(eq(decks.studySpaceId, space!.id));
// The answer-stats read as it was before the log kept `correct` (main at fe0ae3e): right read out
// of each row's evaluation JSON, members joined on `user = user or anon = anon`; the same shaping.
const { FREE_RESPONSE_CORRECT_ACCURACY } = await import('../packages/contracts/src/entities/question');
const { COMMON_WRONG_ANSWERS } = await import('../packages/contracts/src/api/classes');
const answerStatsBefore = async (classId: string, spaceId: string) => {
  const r = await t.db.execute(sql`
    with answers as (
      select l.question_id, l.response,
        coalesce((l.evaluation -> 'multipleChoice' ->> 'isCorrect')::boolean,
                 coalesce((l.evaluation -> 'freeResponse' ->> 'accuracy')::numeric, 0) >= ${FREE_RESPONSE_CORRECT_ACCURACY}) as correct
      from review_logs l
      join decks d on d.id = l.deck_id
      join class_members m on m.class_id = ${classId}
        and (m.owner_user_id = l.owner_user_id or m.owner_anon_id = l.owner_anon_id)
      where d.study_space_id = ${spaceId} and l.kind = 'review'
    ),
    totals as (
      select question_id, count(*) as answered, count(*) filter (where correct) as right_count
      from answers group by question_id
    ),
    wrong as (
      select question_id,
        case when jsonb_typeof(response) = 'number' then response #>> '{}' else lower(btrim(response #>> '{}')) end as answer,
        jsonb_typeof(response) = 'number' as is_option,
        count(*) as n
      from answers where not correct and response is not null
      group by 1, 2, 3
    ),
    ranked as (
      select *, row_number() over (partition by question_id order by n desc, answer) as rank from wrong
    )
    select t.question_id, t.answered, t.right_count,
      coalesce(json_agg(json_build_object('answer', r.answer, 'isOption', r.is_option, 'count', r.n) order by r.rank)
        filter (where r.rank is not null), '[]') as wrong
    from totals t
    left join ranked r on r.question_id = t.question_id and r.rank <= ${COMMON_WRONG_ANSWERS}
    group by t.question_id, t.answered, t.right_count`);
  return (r.rows as Array<{ question_id: string; answered: unknown; right_count: unknown; wrong: Array<{ answer: string; isOption: boolean; count: unknown }> }>).map(
    (x) => ({
      questionId: x.question_id,
      answered: Number(x.answered),
      right: Number(x.right_count),
      wrong: x.wrong.map((w) => ({ answer: w.answer, isOption: w.isOption, count: Number(w.count) })),
    }),
  );
};

// Each read of the dashboard alone (where the time goes), interleaved.
if (process.env.BENCH_PARTS) {
  const { createClassesRepository } = await import('../apps/deck/src/modules/classes/classes.repository');
  const repo = createClassesRepository({ db: t.db } as never) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const { createReviewRepository } = await import('../apps/deck/src/modules/review/review.repository');
  const reviewRepo = createReviewRepository({ db: t.db } as never);
  const parts: Array<[string, () => Promise<unknown>]> = [
    ['members', () => repo.members!(klass!.id)],
    ['spaceQuestions', () => repo.spaceQuestions!(space!.id)],
    ['memberCards before', memberCardsBefore],
    ['memberCards', () => repo.memberCards!(klass!.id, space!.id)],
    ['memberRetention', () => repo.memberRetention!(klass!.id)],
    // What the dashboard read to find untagged questions before it looked in its own question read
    // (the space's decks, then each deck's questions, on every call); now nothing beyond spaceQuestions.
    ['tag check before', async () => {
      for (const d of (await repo.decksOfSpaces!([space!.id])) as Array<{ id: string }>) await reviewRepo.deckQuestions(d.id);
    }],
    ['answerStats before', () => answerStatsBefore(klass!.id, space!.id)],
    ['answerStats', () => repo.answerStats!(klass!.id, space!.id)],
  ];
  const ts = new Map<string, number[]>();
  for (let i = 0; i < 9; i++) {
    for (const [name, f] of parts) { const s = performance.now(); await f(); (ts.get(name) ?? ts.set(name, []).get(name)!).push(performance.now() - s); }
  }
  for (const [name, xs] of ts) say(`  ${name.padEnd(20)} p50 ${pct(xs, 50).toFixed(1)} ms`);
  const before = pct(ts.get('memberCards before')!, 50);
  const after = pct(ts.get('memberCards')!, 50);
  say(`  memberCards after/before ${(after / before).toFixed(2)} (${(before / after).toFixed(1)}× faster; load ${load()})`);
  // The same recall figures from both reads: ts-fsrs' get_retrievability on the whole card as
  // before, the dashboard's retrievability on the slim one now.
  const { createScheduler, retrievability, toCard } = await import('../apps/deck/src/modules/review/scheduler');
  const sched = createScheduler(0.9);
  const at = new Date(now.getTime() + 5 * 86_400_000 + 12_345);
  const old = new Map((await memberCardsBefore()).map((r) => [`${r.memberId} ${r.card.questionId}`, sched.get_retrievability(toCard(r.card), at, false)]));
  let same = 0;
  let differ = 0;
  for (const m of (await repo.memberCards!(klass!.id, space!.id)) as Array<{ memberId: string; cards: Array<{ questionId: string } & Parameters<typeof retrievability>[1]> }>) {
    for (const c of m.cards) (old.get(`${m.memberId} ${c.questionId}`) === retrievability(sched, c, at) ? same++ : differ++);
  }
  say(`  recall of every card, before vs after: ${same} equal, ${differ} different (of ${old.size})`);
  const statsBefore = pct(ts.get('answerStats before')!, 50);
  const statsAfter = pct(ts.get('answerStats')!, 50);
  say(`  answerStats after/before ${(statsAfter / statsBefore).toFixed(2)} (load ${load()})`);
}
// The dashboard as the service computes it with the answer-stats read of before and of now,
// interleaved in this one process (the same database, the same other reads; tagging is left out
// on both sides, every question has its concept), and whether both give the same answer.
{
  const { createClassesRepository } = await import('../apps/deck/src/modules/classes/classes.repository');
  const { createClassesService } = await import('../apps/deck/src/modules/classes/classes.service');
  const repo = createClassesRepository({ db: t.db });
  const service = (classes: typeof repo) =>
    createClassesService({ classes, review: { tagUntagged: async () => {} }, attempts: null as never, limits: null as never, now: () => now });
  const sides = {
    before: service({ ...repo, answerStats: answerStatsBefore }),
    after: service(repo),
  };
  const owner = { userId: teacherId, anonId: null } as never;
  const a = JSON.stringify(await sides.before.dashboard(owner, klass!.id));
  const b = JSON.stringify(await sides.after.dashboard(owner, klass!.id));
  say(`service answer before vs after: ${a === b ? 'identical' : 'DIFFERENT'} (${(b.length / 1024).toFixed(0)} KiB)`);
  // Wall time and this process's CPU time: PGlite runs in this process, so the CPU time is the
  // database's work and the service's together, and moves much less with the machine's load.
  const ts: Record<'before' | 'after', number[]> = { before: [], after: [] };
  const cpu: Record<'before' | 'after', number[]> = { before: [], after: [] };
  for (let i = 0; i < REQUESTS / 2; i++) {
    for (const side of ['before', 'after'] as const) {
      const c = process.cpuUsage();
      const s = performance.now();
      await sides[side].dashboard(owner, klass!.id);
      ts[side].push(performance.now() - s);
      const used = process.cpuUsage(c);
      cpu[side].push((used.user + used.system) / 1000);
    }
  }
  const f = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;
  say(`service dashboard, interleaved (n=${REQUESTS / 2} each): before ${f(ts.before)}; after ${f(ts.after)}; after/before p50 ${(pct(ts.after, 50) / pct(ts.before, 50)).toFixed(2)}, p95 ${(pct(ts.after, 95) / pct(ts.before, 95)).toFixed(2)} (load ${load()})`);
  say(`  CPU time of the process: before ${f(cpu.before)}; after ${f(cpu.after)}; after/before p50 ${(pct(cpu.after, 50) / pct(cpu.before, 50)).toFixed(2)}`);
}
const url = `/classes/${klass!.id}/dashboard`;
started = performance.now();
const first = await t.app.inject({ method: 'GET', url, headers: asCaller(teacher) });
const firstMs = performance.now() - started;
if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
const body = first.json() as { students: unknown[]; concepts: unknown[]; questions: unknown[] };
say(`answer: ${body.students.length} students, ${body.concepts.length} concepts, ${body.questions.length} questions, ${(first.body.length / 1024).toFixed(0)} KiB`);
const times: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  const s = performance.now();
  const res = await t.app.inject({ method: 'GET', url, headers: asCaller(teacher) });
  times.push(performance.now() - s);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
}
say(
  `GET /classes/:id/dashboard           first ${firstMs.toFixed(1)} ms, p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms (n=${REQUESTS}, load ${load()}; target p95 ≤ 200 ms)`,
);
await t.close();
process.exit(0);
