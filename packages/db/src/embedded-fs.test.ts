import fs, { mkdtempSync, rmSync, statSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepFileSizes } from './embedded-fs';

// The sizes PGlite's Postgres sees must stay those of the files on disk through everything that
// grows, shrinks or replaces a relation's file; and once kept, a scan no longer asks the file system.
describe('data files sizes kept in memory (embedded-fs.ts)', () => {
  let dir: string;
  let db: PGlite;
  let fstats = 0;
  const realFstat = fs.fstatSync;
  beforeAll(async () => {
    // Counted through the module PGlite's file system imports (its ESM view synced from this one).
    fs.fstatSync = ((...args: Parameters<typeof realFstat>) => {
      fstats++;
      return realFstat(...args);
    }) as typeof realFstat;
    syncBuiltinESMExports();
    dir = mkdtempSync(join(tmpdir(), 'mnemo-embedded-fs-'));
    db = await PGlite.create({ dataDir: dir });
    expect(keepFileSizes(db)).toBe(true);
    // Patching twice would count each write twice in the kept size: the second call does nothing.
    expect(keepFileSizes(db)).toBe(false);
    await db.exec('create table t (id int primary key, pad text not null)');
  });
  afterAll(async () => {
    fs.fstatSync = realFstat;
    syncBuiltinESMExports();
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** What Postgres says the table's size is (an lseek to its end) against the file on disk. */
  async function sizes() {
    const r = await db.query<{ size: number; path: string; n: number }>(
      "select pg_relation_size('t')::int as size, pg_relation_filepath('t') as path, (select count(*)::int from t) as n",
    );
    const row = r.rows[0]!;
    return { seen: row.size, onDisk: statSync(join(dir, row.path)).size, rows: row.n };
  }

  it('follows the file as rows are added in many small writes and in large ones', async () => {
    for (let i = 0; i < 20; i++) {
      await db.query(
        "insert into t select g, repeat('x', 300) from generate_series($1::int, $1::int + 99) g",
        [i * 100],
      );
      await db.exec('checkpoint');
      const s = await sizes();
      expect(s.seen).toBe(s.onDisk);
      expect(s.rows).toBe((i + 1) * 100);
    }
    await db.exec(
      "insert into t select g, repeat('y', 500) from generate_series(2000, 11999) g; checkpoint",
    );
    const s = await sizes();
    expect(s).toEqual({ seen: s.onDisk, onDisk: s.onDisk, rows: 12000 });
    expect(s.seen).toBeGreaterThan(4_000_000);
  });

  it('follows a VACUUM that cuts the end of the file, a VACUUM FULL that writes a new one, and a TRUNCATE', async () => {
    const grown = (await sizes()).seen;
    await db.exec('delete from t where id >= 6000');
    await db.exec('vacuum t');
    await db.exec('checkpoint');
    const cut = await sizes();
    expect(cut.rows).toBe(6000);
    expect(cut.seen).toBe(cut.onDisk);
    expect(cut.seen).toBeLessThan(grown);

    await db.exec('delete from t where id % 2 = 0');
    await db.exec('vacuum full t');
    await db.exec('checkpoint');
    const rewritten = await sizes();
    expect(rewritten.rows).toBe(3000);
    expect(rewritten.seen).toBe(rewritten.onDisk);
    expect(rewritten.seen).toBeLessThan(cut.seen);

    await db.exec("truncate t; insert into t values (1, 'one'); checkpoint");
    const truncated = await sizes();
    expect(truncated).toEqual({ seen: 8192, onDisk: 8192, rows: 1 });
  });

  it('answers repeated scans without asking the file system for sizes', async () => {
    await db.query('select count(*) from t');
    const before = fstats;
    for (let i = 0; i < 20; i++) await db.query('select count(*) from t');
    expect(fstats - before).toBe(0);
  });

  it('leaves a data folder that a PGlite without kept sizes reads the same', async () => {
    await db.exec("insert into t select g, 'z' from generate_series(2, 500) g");
    await db.close();
    const reopened = await PGlite.create({ dataDir: dir });
    try {
      const r = await reopened.query<{ n: number; ids: number }>(
        'select count(*)::int as n, sum(id)::int as ids from t',
      );
      expect(r.rows[0]).toEqual({ n: 500, ids: 125250 });
      // Without kept sizes, every scan asks (what the previous test's zero is measured against).
      const before = fstats;
      for (let i = 0; i < 5; i++) await reopened.query('select count(*) from t');
      expect(fstats - before).toBeGreaterThanOrEqual(5);
    } finally {
      await reopened.close();
      db = await PGlite.create({ dataDir: dir });
    }
  });
});
