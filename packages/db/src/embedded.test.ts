import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text)).rows;
  } finally {
    await c.end();
  }
}

describe('embedded Postgres, in memory', () => {
  let server: EmbeddedPostgres;
  let pool: pg.Pool;
  beforeAll(async () => {
    server = await startEmbeddedPostgres();
    pool = new pg.Pool({ connectionString: server.url, max: 5 });
    await pool.query('create table items (id int primary key, owner text not null)');
  });
  afterAll(async () => {
    await pool?.end();
    await server?.close();
  });

  it('listens on the port it reports, with pgvector and pg_trgm available', async () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toContain(`:${server.port}/`);
    await pool.query(
      'create extension if not exists vector; create extension if not exists pg_trgm',
    );
    const r = await pool.query<{ d: number; s: number }>(
      "select '[1,0]'::vector <=> '[0,1]'::vector as d, similarity('mitochondria', 'mitochondira') as s",
    );
    expect(r.rows[0]!.d).toBe(1);
    expect(r.rows[0]!.s).toBeGreaterThan(0.3);
  });

  it('answers 10 parallel parameterised queries through a pool of 5 connections, each with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        pool.query<{ n: number; s: string }>('select $1::int as n, $2::text as s, pg_sleep(0.01)', [
          i,
          `q${i}`,
        ]),
      ),
    );
    expect(results.map((r) => [r.rows[0]!.n, r.rows[0]!.s])).toEqual(
      Array.from({ length: 10 }, (_, i) => [i, `q${i}`]),
    );
    expect(pool.totalCount).toBe(5);
  });

  it('keeps concurrent transactions on different connections apart', async () => {
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('insert into items values ($1, $2)', [i, `client ${i}`]);
          await new Promise((r) => setTimeout(r, 5));
          await client.query(i % 2 === 0 ? 'commit' : 'rollback');
        } finally {
          client.release();
        }
      }),
    );
    const rows = await pool.query<{ id: number }>('select id from items order by id');
    expect(rows.rows.map((r) => r.id)).toEqual([0, 2, 4]);
  });

  it('reports a failed query to its own caller only', async () => {
    const [bad, good] = await Promise.allSettled([
      pool.query('select 1 / $1::int', [0]),
      pool.query('select $1::int as n', [7]),
    ]);
    expect(bad.status).toBe('rejected');
    expect(good.status === 'fulfilled' && good.value.rows[0]).toEqual({ n: 7 });
  });
});

describe('embedded Postgres with a data folder', () => {
  it('keeps its data across close and reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mnemo-pg-'));
    try {
      const first = await startEmbeddedPostgres({ dataDir: dir });
      await query(first.url, "create table kept (v text); insert into kept values ('survives')");
      await first.close();
      await first.close(); // a second close is harmless

      const second = await startEmbeddedPostgres({ dataDir: dir });
      try {
        expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'survives' }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded Postgres with a password', () => {
  let server: EmbeddedPostgres;
  const password = 'a generated password / with: odd characters';
  beforeAll(async () => {
    server = await startEmbeddedPostgres({ password, maxConnections: 10 });
  });
  afterAll(async () => {
    await server?.close();
  });
  const withPassword = (given: string) => {
    const url = new URL(server.url);
    url.password = encodeURIComponent(given);
    return url.toString();
  };

  it('admits the password it was given, through the URL it reports, with a pool of connections', async () => {
    expect(server.url).toContain(encodeURIComponent(password));
    const pool = new pg.Pool({ connectionString: server.url, max: 4 });
    try {
      const rows = await Promise.all(
        Array.from({ length: 8 }, (_, i) => pool.query<{ n: number }>('select $1::int as n', [i])),
      );
      expect(rows.map((r) => r.rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    } finally {
      await pool.end();
    }
  });

  it('refuses a wrong password, and no password, with the Postgres error for it', async () => {
    for (const url of [withPassword('postgres'), withPassword(`${password}x`)]) {
      const err = await query(url, 'select 1').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as { code?: string }).code).toBe('28P01');
      expect((err as Error).message).toBe('password authentication failed for user "postgres"');
    }
    // The server still serves the right password afterwards.
    expect(await query<{ one: number }>(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
  });
});
