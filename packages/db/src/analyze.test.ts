import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeStaleTables } from './analyze';

describe('analyzeStaleTables (a database without autovacuum)', () => {
  let db: PGlite;
  // A session reports its row counts to the statistics at most once a second: made immediate here,
  // so what the counts say does not depend on the test's timing.
  const flushStats = async () => {
    await db.query('select pg_stat_force_next_flush()');
    await db.query('select 1');
  };
  const reltuples = async () =>
    Object.fromEntries(
      (await db.query<{ relname: string; reltuples: number }>(`select relname, reltuples from pg_class where relname in ('decks', 'Odd "name"')`)).rows.map(
        (r) => [r.relname, r.reltuples],
      ),
    );

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`create table decks (id int primary key);
      create table "Odd ""name""" (id int primary key, deck_id int not null);
      create index on "Odd ""name"""(deck_id);
      insert into decks select generate_series(1, 300);
      insert into "Odd ""name""" select g, g % 30 from generate_series(1, 300) g;`);
    await flushStats();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('analyzes every table never analyzed, quoting names, and then none until they change', async () => {
    expect(await reltuples()).toEqual({ decks: -1, 'Odd "name"': -1 });
    expect(await analyzeStaleTables(db)).toEqual(['public.Odd "name"', 'public.decks']);
    expect(await reltuples()).toEqual({ decks: 300, 'Odd "name"': 300 });
    await flushStats();
    expect(await analyzeStaleTables(db)).toEqual([]);
  });

  it('analyzes a table again once more than 50 rows + 10% of it changed since', async () => {
    await db.exec('insert into decks select generate_series(301, 380)'); // 80 changes: not past 50 + 30
    await flushStats();
    expect(await analyzeStaleTables(db)).toEqual([]);
    await db.exec('delete from decks where id = 380'); // 81
    await flushStats();
    expect(await analyzeStaleTables(db)).toEqual(['public.decks']);
    expect((await reltuples()).decks).toBe(379);
  });
});
