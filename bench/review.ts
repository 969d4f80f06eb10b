/**
 * Spaced repetition at scale (issue 20) on the embedded database (PGlite, as `npm start` runs it):
 * one learner with 100,000 review cards over 20 decks and 1,000,000 review-log rows spread over the
 * past year, then GET /review/due, /review/due-counts and /review/stats answered by the deck service
 * (built as its tests build it, called in-process with inject: the service and its queries, not the
 * gateway hop). Prints p50/p95 with the load average beside each, and first the queries the day
 * summaries and the studied flag replaced (timed alone, same data); asserts nothing.
 *
 *   pnpm bench:review     (needs Redis on 127.0.0.1:6379, like npm start)
 *   BENCH_CARDS=100000 BENCH_LOGS_PER_CARD=10 BENCH_REQUESTS=40 to change the sizes.
 *   BENCH_LIMITS=10000/1000,200/20 times each pair of daily limits (reviews/new) in turn, one seeding.
 *   BENCH_BEFORE_ROOT=/path/to/another/checkout also builds THAT checkout's deck service on the same
 *     database and times its answers interleaved with this one's (request by request, alternating
 *     which goes first), and checks both answer the same. Its queries read the tables it knows;
 *     the database is migrated by this checkout. The replaced-queries section is skipped then.
 *   BENCH_ANSWERS=20 at the end times that many answers (POST /questions/:id/evaluate) to cards due and
 *     to new questions with the triggers that keep the due counts (migration 0017) on, and as many
 *     with them off, interleaved: what keeping the counts costs each answer.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { asCaller, TEST_INTERNAL_SECRET } from '../packages/service-kit/src/testing';
import { REDIS_URL, startDeckApp } from '../apps/deck/src/test-support';

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const LOGS_PER_CARD = Number(process.env.BENCH_LOGS_PER_CARD ?? 10);
const DECKS = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
// The learner's daily limits: high by default (a heavy learner); 200 reviews and 20 new is Anki's default and ours.
const REVIEWS_PER_DAY = Number(process.env.BENCH_REVIEWS_PER_DAY ?? 10_000);
const NEW_PER_DAY = Number(process.env.BENCH_NEW_PER_DAY ?? 1000);
const LIMITS = (process.env.BENCH_LIMITS ?? `${REVIEWS_PER_DAY}/${NEW_PER_DAY}`).split(',').map((pair) => {
  const [reviews, news] = pair.split('/').map(Number);
  return { reviews: reviews!, news: news! };
});
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT;
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 0);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

say(`Review bench — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
say(`limits (reviews/new per day): ${LIMITS.map((l) => `${l.reviews}/${l.news}`).join(', ')}`);
const now = new Date();
// Service errors are printed (LOG_LEVEL=error), so a failing call shows why.
const t = await startDeckApp({ LOG_LEVEL: 'error' }, { now: () => now });
const userId = randomUUID();
const caller = { kind: 'user' as const, userId, plan: 'free' as const };

let started = performance.now();
await t.db.execute(sql`insert into users (id, email, first_name) values (${userId}, ${`${userId}@example.com`}, 'Bench')`);
await t.db.execute(sql`
  insert into decks (owner_user_id, title, created_at)
  select ${userId}, 'Deck ' || i, now() - (i || ' days')::interval from generate_series(1, ${DECKS}) i`);
// Questions: CARDS reviewed ones, plus 1,000 never studied (the new ones the queue adds).
await t.db.execute(sql`
  insert into questions (deck_id, question, question_type, options, correct_answer_index, correct_answer_text, answer, position, concepts)
  select d.id, 'Question ' || i || '?', 'multiple_choice', '["A","B","C","D"]'::jsonb, 0, 'A', 'A', i,
         array['concept ' || (i % 40)]
  from generate_series(1, ${CARDS + 1000}) i
  join (select id, row_number() over (order by created_at) - 1 as n from decks where owner_user_id = ${userId}) d
    on d.n = i % ${DECKS}`);
// The seeded history ends yesterday, so today's limits are whole: the queue is as long as they allow.
await t.db.execute(sql`
  insert into review_settings (owner_user_id, desired_retention, new_per_day, reviews_per_day, time_zone)
  values (${userId}, 0.9, ${LIMITS[0]!.news}, ${LIMITS[0]!.reviews}, 'Europe/Paris')`);
say(`seeded ${CARDS + 1000} questions in ${((performance.now() - started) / 1000).toFixed(1)} s`);

started = performance.now();
// Cards: mostly in review, due from 60 days ago to 300 days ahead; some in (re)learning.
await t.db.execute(sql`
  insert into review_cards (owner_user_id, question_id, deck_id, state, due, stability, difficulty, scheduled_days, reps, lapses, last_review, last_rating, created_at)
  select ${userId}, q.id, q.deck_id,
    (case when q.position % 50 = 0 then 'learning' when q.position % 97 = 0 then 'relearning' else 'review' end)::card_state,
    ${now.toISOString()}::timestamptz + ((q.position % 360) - 60) * interval '1 day' + (q.position % 1440) * interval '1 minute',
    1 + (q.position % 300), 5, q.position % 300, ${LOGS_PER_CARD}, q.position % 3,
    ${now.toISOString()}::timestamptz - (q.position % 30) * interval '1 day', 'good', ${now.toISOString()}::timestamptz - interval '400 days'
  from (select id, deck_id, position from questions where deck_id in (select id from decks where owner_user_id = ${userId})
        order by position limit ${CARDS}) q`);
say(`seeded ${CARDS} review cards in ${((performance.now() - started) / 1000).toFixed(1)} s`);

started = performance.now();
// The log, in slices so one statement never holds everything: LOGS_PER_CARD answers per card over the past year.
for (let k = 0; k < LOGS_PER_CARD; k++) {
  await t.db.execute(sql`
    insert into review_logs (owner_user_id, question_id, deck_id, kind, rating, state, due, stability, difficulty, response, evaluation, correct, time_taken_ms, reviewed_at, desired_retention)
    select c.owner_user_id, c.question_id, c.deck_id, 'review',
      (case when (c.reps + ${k}) % 9 = 0 then 'again' else 'good' end)::review_rating,
      (case when ${k} = 0 then 'new' else 'review' end)::card_state,
      c.due, c.stability, c.difficulty, '0'::jsonb, '{"multipleChoice":{"isCorrect":true}}'::jsonb, true, 4000,
      ${now.toISOString()}::timestamptz - interval '1 day' - ((hashtext(c.id::text || ${k}) & 2147483647) % (364 * 1440)) * interval '1 minute',
      0.9
    from review_cards c where c.owner_user_id = ${userId}`);
}
// What the review module keeps at write time: the studied flag and the day summaries.
await t.db.execute(sql`update questions set studied = true where id in (select question_id from review_cards)`);
// The day summaries, through the service: a change of time zone recounts them from the log.
for (const timeZone of ['UTC', 'Europe/Paris']) {
  const res = await t.app.inject({ method: 'PUT', url: '/review/settings', headers: asCaller(caller), payload: { timeZone } });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
}
const [{ n: logs } = { n: 0 }] = (await t.db.execute(sql`select count(*)::int as n from review_logs`)).rows as { n: number }[];
say(`seeded ${logs} review-log rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await t.db.execute(sql`analyze`);

/** The other checkout's deck service on the same database and clock (BENCH_BEFORE_ROOT). */
async function startBefore(root: string) {
  // Its own source, resolved through its own node_modules: the service as that commit wrote it.
  const { buildApp } = (await import(`${root}/apps/deck/src/app.ts`)) as typeof import('../apps/deck/src/app');
  const { envSchema } = (await import(`${root}/apps/deck/src/env.ts`)) as typeof import('../apps/deck/src/env');
  const redis = new Redis(REDIS_URL);
  const env = envSchema.parse({
    DATABASE_URL: 'postgres://unused', // the database is given below
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    LOG_LEVEL: 'error',
    REDIS_URL,
    REDIS_PREFIX: `bench-review-before-${randomUUID()}`,
    FILES_DIR: '/tmp',
    BILLING_URL: 'http://127.0.0.1:9',
    YOUTUBE_WATCH_URL: 'http://127.0.0.1:9/watch',
  });
  const app = await buildApp(env, { db: t.db, redis, now: () => now });
  return {
    app,
    close: async () => {
      await app.close();
      await redis.quit();
    },
  };
}
const before = BEFORE_ROOT ? await startBefore(BEFORE_ROOT) : null;
if (before) say(`before: the deck service of ${BEFORE_ROOT}, same database, requests interleaved`);

const stat = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;
/** The answer as data (key order and spacing aside): it must be the same from both services. */
const answerOf = (body: string) => JSON.stringify(JSON.parse(body));

async function time(label: string, url: string) {
  const apps = before ? [{ name: 'before', app: before.app }, { name: 'after', app: t.app }] : [{ name: 'after', app: t.app }];
  const bodies = new Map<string, string>();
  const first = new Map<string, number>();
  for (const { name, app } of apps) {
    const s = performance.now();
    const warm = await app.inject({ method: 'GET', url, headers: asCaller(caller) });
    first.set(name, performance.now() - s);
    if (warm.statusCode !== 200) throw new Error(`${name} ${url}: ${warm.statusCode} ${warm.body}`);
    bodies.set(name, warm.body);
  }
  const times = new Map<string, number[]>(apps.map((a) => [a.name, []]));
  for (let i = 0; i < REQUESTS; i++) {
    // Alternating which goes first, so neither always runs right after the other's work.
    for (const { name, app } of i % 2 ? [...apps].reverse() : apps) {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: asCaller(caller) });
      times.get(name)!.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`${name} ${url}: ${res.statusCode}`);
    }
  }
  for (const { name } of apps)
    say(`${`${label}${before ? ` [${name}]` : ''}`.padEnd(44)} first ${first.get(name)!.toFixed(1)} ms, ${stat(times.get(name)!)} (n=${REQUESTS}, load ${load()})`);
  if (before) {
    const [b, a] = [times.get('before')!, times.get('after')!];
    const same = answerOf(bodies.get('before')!) === answerOf(bodies.get('after')!);
    say(`${''.padEnd(44)} after/before: p50 ${(pct(a, 50) / pct(b, 50)).toFixed(2)}, p95 ${(pct(a, 95) / pct(b, 95)).toFixed(2)}; answers identical: ${same ? 'yes' : 'NO'}`);
    if (!same) process.exitCode = 1;
  }
  return JSON.parse(bodies.get('after')!) as Record<string, unknown>;
}

/** Times one SQL statement as the service sends it (for the queries this module no longer runs). */
async function timeSql(label: string, query: ReturnType<typeof sql>) {
  const times: number[] = [];
  for (let i = 0; i < Math.min(REQUESTS, 10); i++) {
    const s = performance.now();
    await t.db.execute(query);
    times.push(performance.now() - s);
  }
  say(`${label.padEnd(34)} p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms (n=${times.length}, load ${load()})`);
}

// Before, in the same run: the queries the due queue and statistics ran until the day summaries
// and the studied flag replaced them (review.repository.ts before 0009_review_queue).
if (!before) {
  say('before (the replaced queries, each alone):');
  await timeSql('  new per deck (anti-join)', sql`
    select q.deck_id, count(*) as n from questions q join decks d on d.id = q.deck_id
    where d.owner_user_id = ${userId}
      and not exists (select 1 from review_cards c where c.question_id = q.id and c.owner_user_id = ${userId})
    group by q.deck_id`);
  await timeSql('  reviews per day, 30 days (log)', sql`
    select to_char((l.reviewed_at at time zone 'Europe/Paris') - interval '4 hours', 'YYYY-MM-DD') as day, count(*)
    from review_logs l where l.owner_user_id = ${userId} and l.reviewed_at >= ${new Date(now.getTime() - 30 * 86_400_000).toISOString()}
    group by 1`);
  await timeSql('  streak days (whole log)', sql`
    select distinct to_char((l.reviewed_at at time zone 'Europe/Paris') - interval '4 hours', 'YYYY-MM-DD') as day
    from review_logs l where l.owner_user_id = ${userId} and l.kind = 'review' order by 1`);
}
say(before ? 'the services, end to end:' : 'after (the service, end to end):');
for (const limits of LIMITS) {
  await t.db.execute(sql`update review_settings set reviews_per_day = ${limits.reviews}, new_per_day = ${limits.news} where owner_user_id = ${userId}`);
  say(`limits ${limits.reviews} reviews/day, ${limits.news} new/day:`);
  const due = await time('GET /review/due (limit 50)', '/review/due');
  say(`  counts ${JSON.stringify(due.counts)}`);
  await time('GET /review/due-counts', '/review/due-counts');
  await time('GET /review/stats?days=30', '/review/stats?days=30');
  await time('GET /review/stats?days=365', '/review/stats?days=365');
}
await before?.close();

if (ANSWERS > 0) {
  // Last: answers change the data. The count triggers are switched off for every other answer
  // (outside the timed call), so both sides run on the same data at the same load.
  const triggers = [
    ['review_cards', 'review_cards_days_insert'],
    ['review_cards', 'review_cards_days_update'],
    ['review_cards', 'review_cards_days_delete'],
    ['questions', 'questions_new_count_insert'],
    ['questions', 'questions_new_count_update'],
    ['questions', 'questions_new_count_delete'],
  ] as const;
  const setTriggers = async (on: boolean) => {
    for (const [table, name] of triggers)
      await t.db.execute(sql.raw(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${name}`));
  };
  const ids = async (query: ReturnType<typeof sql>) => ((await t.db.execute(query)).rows as { id: string }[]).map((r) => r.id);
  const kinds = {
    'a card due (update)': await ids(sql`select question_id as id from review_cards where owner_user_id = ${userId}
      and state = 'review' and due <= ${now.toISOString()} order by due limit ${2 * ANSWERS}`),
    'a new question (insert)': await ids(sql`select id from questions where not studied order by position limit ${2 * ANSWERS}`),
  };
  say(`answers (POST /questions/:id/evaluate), count triggers on and off, interleaved:`);
  for (const [kind, questionIds] of Object.entries(kinds)) {
    const times = { on: [] as number[], off: [] as number[] };
    for (const [i, id] of questionIds.entries()) {
      const on = i % 2 === 0;
      await setTriggers(on);
      const s = performance.now();
      const res = await t.app.inject({ method: 'POST', url: `/questions/${id}/evaluate`, headers: asCaller(caller), payload: { response: 0 } });
      times[on ? 'on' : 'off'].push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`evaluate: ${res.statusCode} ${res.body}`);
    }
    await setTriggers(true);
    say(`  ${kind.padEnd(26)} triggers on: ${stat(times.on)}; off: ${stat(times.off)}; on/off p50 ${(pct(times.on, 50) / pct(times.off, 50)).toFixed(2)} (n=${times.on.length} each, load ${load()})`);
  }
}
await t.close();
