import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decks } from '@mnemo/db/schema';
import { ownerValues } from '@mnemo/db/owner';
import { anonCaller, ownerOf, registerCaller, startDeckApp, type DeckTestApp } from '../../test-support';
import { createTableStatistics } from './table-statistics';

const HOUR = 3_600_000;
const log = { info: () => {} };

/** What the planner believes of the decks table: its row count at the last ANALYZE (-1: never). */
const reltuples = async (t: DeckTestApp) =>
  Number((await t.db.execute<{ n: number }>(sql`select reltuples as n from pg_class where oid = 'decks'::regclass`)).rows[0]!.n);
// A session reports its changed rows to the statistics at most once a second: made immediate here.
const flushStats = async (t: DeckTestApp) => {
  await t.db.execute(sql`select pg_stat_force_next_flush()`);
  await t.db.execute(sql`select 1`);
};
async function addDecks(t: DeckTestApp, count: number) {
  const caller = anonCaller();
  await registerCaller(t, caller);
  await t.db.insert(decks).values(Array.from({ length: count }, (_, i) => ({ ...ownerValues(ownerOf(caller)), title: `Deck ${i}` })));
  await flushStats(t);
}

describe('the embedded tables’ statistics', () => {
  let t: DeckTestApp;
  beforeAll(async () => {
    t = await startDeckApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ANALYZEs the tables never analyzed, then only a table whose changes passed the threshold', async () => {
    const statistics = createTableStatistics({ db: t.db, log });
    expect(await statistics.analyze()).toContain('public.decks');
    await flushStats(t);
    expect(await statistics.analyze()).toEqual([]);

    await addDecks(t, 40); // 40 changed rows: not past 50 + 10% of the table
    expect(await statistics.analyze()).toEqual([]);
    await addDecks(t, 20); // 60
    expect(await statistics.analyze()).toEqual(['public.decks']);
    expect(await reltuples(t)).toBe(60);
  });

  it('is off by default: no schedule, since a Postgres server’s autovacuum does it', async () => {
    expect(await t.app.queues.maintenance.bull.getJobScheduler('analyze-tables')).toBeUndefined();
  });
});

describe('the analyze-tables job scheduler', () => {
  it('keeps one schedule whatever the restarts, and each run ANALYZEs the tables past the threshold', async () => {
    const every = 300;
    const scheduled = await startDeckApp({ TABLE_STATISTICS_INTERVAL_MS: String(every) });
    try {
      const queue = scheduled.app.queues.maintenance.bull;
      const first = await queue.getJobScheduler('analyze-tables');
      expect(first).toMatchObject({ name: 'analyze-tables', every });
      // A second replica (or a restart) keeps the one schedule and its next run.
      await scheduled.app.queues.maintenance.schedule('analyze-tables', {}, { everyMs: every, firstAt: new Date(Date.now() + HOUR) });
      expect((await queue.getJobSchedulers()).filter((s) => s.name === 'analyze-tables')).toHaveLength(1);
      expect((await queue.getJobScheduler('analyze-tables'))?.next).toBe(first?.next);

      // No one calls the analysis here: the scheduler's runs do, first of every table never analyzed,
      // then of the decks once 200 new rows passed the threshold.
      await expect.poll(() => reltuples(scheduled), { timeout: 20_000, interval: 100 }).toBe(0);
      await addDecks(scheduled, 200);
      await expect.poll(() => reltuples(scheduled), { timeout: 20_000, interval: 100 }).toBe(200);
      await expect.poll(async () => (await queue.getJobCounts('completed')).completed, { timeout: 20_000 }).toBeGreaterThan(1);
    } finally {
      await scheduled.close();
    }
  });
});
