/**
 * Spaced repetition at scale (issue 20) on the embedded database (PGlite, as `npm start` runs it):
 * one learner with 100,000 review cards over 20 decks and 1,000,000 review-log rows spread over the
 * past year, then GET /review/due, /review/due-counts and /review/stats answered by the deck service
 * (built as its tests build it, called in-process with inject: the service and its queries, not the
 * gateway hop). Prints p50/p95 with the load average beside each; asserts nothing.
 *
 *   pnpm bench:review     (needs Redis on 127.0.0.1:6379, like npm start)
 *   BENCH_CARDS=100000 BENCH_LOGS_PER_CARD=10 BENCH_REQUESTS=40 to change the sizes.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { asCaller } from '../packages/service-kit/src/testing';
import { startDeckApp } from '../apps/deck/src/test-support';

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const LOGS_PER_CARD = Number(process.env.BENCH_LOGS_PER_CARD ?? 10);
const DECKS = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

say(`Review bench — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
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
// Limits high enough that the seeded history (thousands of answers a day) leaves today's queue open.
await t.db.execute(sql`
  insert into review_settings (owner_user_id, desired_retention, new_per_day, reviews_per_day, time_zone)
  values (${userId}, 0.9, 1000, 10000, 'Europe/Paris')`);
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
    insert into review_logs (owner_user_id, question_id, deck_id, kind, rating, state, due, stability, difficulty, response, evaluation, time_taken_ms, reviewed_at)
    select c.owner_user_id, c.question_id, c.deck_id, 'review',
      (case when (c.reps + ${k}) % 9 = 0 then 'again' else 'good' end)::review_rating,
      (case when ${k} = 0 then 'new' else 'review' end)::card_state,
      c.due, c.stability, c.difficulty, '0'::jsonb, '{"multipleChoice":{"isCorrect":true}}'::jsonb, 4000,
      ${now.toISOString()}::timestamptz - ((hashtext(c.id::text || ${k}) & 2147483647) % (365 * 1440)) * interval '1 minute'
    from review_cards c where c.owner_user_id = ${userId}`);
}
const [{ n: logs } = { n: 0 }] = (await t.db.execute(sql`select count(*)::int as n from review_logs`)).rows as { n: number }[];
say(`seeded ${logs} review-log rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await t.db.execute(sql`analyze`);

async function time(label: string, url: string) {
  const first = performance.now();
  const warm = await t.app.inject({ method: 'GET', url, headers: asCaller(caller) });
  const firstMs = performance.now() - first;
  if (warm.statusCode !== 200) throw new Error(`${url}: ${warm.statusCode} ${warm.body}`);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const s = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers: asCaller(caller) });
    times.push(performance.now() - s);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  }
  say(
    `${label.padEnd(34)} first ${firstMs.toFixed(1)} ms, p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms (n=${REQUESTS}, load ${load()})`,
  );
  return warm.json() as Record<string, unknown>;
}

const due = await time('GET /review/due (limit 50)', '/review/due');
say(`  counts ${JSON.stringify(due.counts)}`);
await time('GET /review/due-counts', '/review/due-counts');
await time('GET /review/stats?days=30', '/review/stats?days=30');
await time('GET /review/stats?days=365', '/review/stats?days=365');
await t.close();
