/**
 * Deck exchange through the deck service (issue 24): a 5,000-card deck with a review card and one
 * logged answer per card, exported as .apkg and JSON through GET /decks/:id/export, and each file
 * imported back through POST /decks/import (one transaction, the importer's schedule included),
 * on the embedded test database, called in-process with inject. Prints times with the load
 * average; asserts nothing. Target: export and import each ≤ 3 s.
 *
 *   pnpm exec tsx bench/exchange-service.ts   (needs Redis on 127.0.0.1:6379)
 *   BENCH_CARDS=5000 to change the size.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { asCaller } from '../packages/service-kit/src/testing';
import { startDeckApp } from '../apps/deck/src/test-support';

const CARDS = Number(process.env.BENCH_CARDS ?? 5000);
const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

say(`Exchange service bench — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
const t = await startDeckApp({ LOG_LEVEL: 'error' });
const userId = randomUUID();
const caller = { kind: 'user' as const, userId, plan: 'scholar' as const };
await t.db.execute(sql`insert into users (id, email, first_name) values (${userId}, ${`${userId}@example.com`}, 'Bench')`);
const [space] = (await t.db.execute(sql`insert into study_spaces (owner_user_id, title) values (${userId}, 'Bench') returning id`)).rows as { id: string }[];
const [deck] = (await t.db.execute(sql`insert into decks (owner_user_id, study_space_id, title) values (${userId}, ${space!.id}, 'Bench deck') returning id`)).rows as { id: string }[];
await t.db.execute(sql`
  insert into questions (deck_id, question, question_type, options, correct_answer_index, correct_answer_text, answer, position, concepts, studied)
  select ${deck!.id}, 'Question ' || i || ': what does organelle ' || i || ' make?', 'multiple_choice',
    '["ATP","DNA","Starch","Light"]'::jsonb, 0, 'ATP', 'Mitochondria make ATP.', i, array['Concept ' || (i % 40)], true
  from generate_series(1, ${CARDS}) i`);
await t.db.execute(sql`
  insert into review_cards (owner_user_id, question_id, deck_id, state, due, stability, difficulty, scheduled_days, reps, last_review, last_rating)
  select ${userId}, id, deck_id, 'review', now() + interval '3 days', 4.5, 5.1, 3, 1, now() - interval '1 day', 'good' from questions where deck_id = ${deck!.id}`);
await t.db.execute(sql`
  insert into review_logs (owner_user_id, question_id, deck_id, rating, state, due, stability, difficulty, correct, reviewed_at, desired_retention)
  select ${userId}, id, deck_id, 'good', 'new', now() - interval '1 day', 0, 0, true, now() - interval '1 day', 0.9 from questions where deck_id = ${deck!.id}`);
say(`${CARDS} cards, each with a review card and one logged answer`);

for (const format of ['apkg', 'json'] as const) {
  let started = performance.now();
  const exported = await t.app.inject({ method: 'GET', url: `/decks/${deck!.id}/export?format=${format}`, headers: asCaller(caller) });
  const exportMs = performance.now() - started;
  if (exported.statusCode !== 200) throw new Error(`export ${format}: ${exported.statusCode} ${exported.body.slice(0, 200)}`);
  const form = new FormData();
  form.append('studySpace', space!.id);
  form.append('file', new Blob([new Uint8Array(exported.rawPayload)]), `bench.${format}`);
  started = performance.now();
  const imported = await t.app.inject({ method: 'POST', url: '/decks/import', headers: asCaller(caller), payload: form });
  const importMs = performance.now() - started;
  if (imported.statusCode !== 200) throw new Error(`import ${format}: ${imported.statusCode} ${imported.body.slice(0, 200)}`);
  const { imported: n } = imported.json() as { imported: number };
  say(
    `${format.padEnd(5)} export ${(exportMs / 1000).toFixed(2)} s (${(exported.rawPayload.length / 1024 / 1024).toFixed(1)} MB)` +
      `  import ${(importMs / 1000).toFixed(2)} s (${n} cards)  target ≤ 3 s each  load ${load()}`,
  );
}
await t.close();
