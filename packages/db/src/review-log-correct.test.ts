import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { migrationsFolder, runMigrations } from './migrate';

/**
 * Migration 0015 gives the review log a `correct` column and fills it for the answers already in
 * it, right as `isCorrectAnswer` of contracts reads their evaluation (what the class dashboard
 * counted before the column existed); override rows, which are no answer, keep none.
 */

const BEFORE = '0015_review_log_correct';
let server: EmbeddedPostgres;
let older: string;
beforeAll(async () => {
  server = await startEmbeddedPostgres({ maxConnections: 4 });
  // The committed migrations up to the one before 0015.
  older = mkdtempSync(join(tmpdir(), 'mnemo-migrations-'));
  cpSync(migrationsFolder(), older, { recursive: true });
  const journalFile = join(older, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === BEFORE);
  expect(cut).toBeGreaterThan(0);
  for (const e of journal.entries.slice(cut)) rmSync(join(older, `${e.tag}.sql`));
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  expect(readdirSync(older).some((f) => f.startsWith('0015'))).toBe(false);
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (older) rmSync(older, { recursive: true, force: true });
});

it('fills correct for the answers already logged, as isCorrectAnswer reads them, and none for overrides', async () => {
  await runMigrations(server.url, { migrationsFolder: older });
  const c = new pg.Client({ connectionString: server.url });
  await c.connect();
  try {
    const [user] = (await c.query<{ id: string }>(`insert into users (email, first_name) values ('learner@example.com', 'L') returning id`)).rows;
    const [deck] = (await c.query<{ id: string }>(`insert into decks (owner_user_id, title) values ($1, 'Cells') returning id`, [user!.id])).rows;
    const [question] = (
      await c.query<{ id: string }>(
        `insert into questions (deck_id, question, question_type, options, correct_answer_index, correct_answer_text, answer, position)
         values ($1, 'What holds the DNA?', 'multiple_choice', '["Nucleus","Ribosome","Wall","Vacuole"]', 0, 'Nucleus', 'Nucleus', 0) returning id`,
        [deck!.id],
      )
    ).rows;
    const log = async (label: string, evaluation: unknown, override: string | null = null) =>
      (
        await c.query<{ id: string }>(
          `insert into review_logs (owner_user_id, question_id, deck_id, kind, rating, state, due, stability, difficulty,
             response, evaluation, reviewed_at, desired_retention, overrides_id, overridden_from)
           values ($1, $2, $3, $4, 'good', 'review', now(), 3, 5, $5, $6, now(), 0.9, $7, $8) returning id`,
          [user!.id, question!.id, deck!.id, override ? 'override' : 'review', override ? null : JSON.stringify(label), evaluation === null ? null : JSON.stringify(evaluation), override, override ? 'again' : null],
        )
      ).rows[0]!.id;
    const rows = {
      'option right': await log('option right', { multipleChoice: { isCorrect: true } }),
      'option wrong': await log('option wrong', { multipleChoice: { isCorrect: false } }),
      'free 7': await log('free 7', { freeResponse: { accuracy: 7, completeness: 5, clarity: 5 } }),
      'free 6': await log('free 6', { freeResponse: { accuracy: 6, completeness: 9, clarity: 9 } }),
      'no evaluation': await log('no evaluation', null),
    };
    const overrideId = await log('override', null, rows['option wrong']);

    await runMigrations(server.url);
    const read = await c.query<{ id: string; correct: boolean | null }>('select id, correct from review_logs');
    const correctOf = new Map(read.rows.map((r) => [r.id, r.correct]));
    expect(Object.fromEntries(Object.entries(rows).map(([label, id]) => [label, correctOf.get(id)]))).toEqual({
      'option right': true,
      'option wrong': false,
      'free 7': true,
      'free 6': false,
      'no evaluation': false,
    });
    expect(correctOf.get(overrideId)).toBeNull();
    // From now on a review row must say, and an override row must not.
    await expect(
      c.query(
        `insert into review_logs (owner_user_id, question_id, deck_id, kind, rating, state, due, stability, difficulty, reviewed_at, desired_retention)
         values ($1, $2, $3, 'review', 'good', 'review', now(), 3, 5, now(), 0.9)`,
        [user!.id, question!.id, deck!.id],
      ),
    ).rejects.toThrow(/review_logs_correct_shape/);
  } finally {
    await c.end();
  }
}, 120_000);
