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

describe('embedded Postgres with its buffer pool set', () => {
  it('runs with the shared_buffers asked for, its own start parameters kept', async () => {
    const server = await startEmbeddedPostgres({ sharedBuffersMb: 16 });
    try {
      expect(await query(server.url, 'show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      // PGlite's own start parameters still apply beside it.
      expect(await query(server.url, 'show max_parallel_workers')).toEqual([{ max_parallel_workers: '0' }]);
    } finally {
      await server.close();
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

describe('embedded Postgres: statements', () => {
  let server: EmbeddedPostgres;
  let pool: pg.Pool;
  beforeAll(async () => {
    // A small cache, so that eviction happens within the test.
    server = await startEmbeddedPostgres({ maxConnections: 10, statementCache: 3 });
    pool = new pg.Pool({ connectionString: server.url, max: 4 });
  });
  afterAll(async () => {
    await pool?.end();
    await server?.close();
  });
  const prepared = async () =>
    (await pool.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  it('lets two connections prepare a statement of the same name, each with its own text', async () => {
    const a = await pool.connect();
    const b = await pool.connect();
    try {
      const [ra, rb] = await Promise.all([
        a.query<{ v: string }>({ name: 'same', text: "select 'a:' || $1::text as v", values: ['x'] }),
        b.query<{ v: string }>({ name: 'same', text: "select 'b:' || $1::int::text as v", values: [7] }),
      ]);
      expect([ra.rows[0]!.v, rb.rows[0]!.v]).toEqual(['a:x', 'b:7']);
      // Executed again (node-postgres skips the Parse the second time): still each its own.
      const again = await a.query<{ v: string }>({ name: 'same', text: "select 'a:' || $1::text as v", values: ['y'] });
      expect(again.rows[0]!.v).toBe('a:y');
    } finally {
      a.release(true);
      b.release(true);
    }
    // A closed connection's statements are deallocated.
    await expect.poll(async () =>
      (await pool.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where name like 'c%'")).rows[0]!.n,
    ).toBe(0);
  });

  it('answers a repeated query text with each call’s own parameters, on every connection', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pool.query<{ n: number; s: string }>('select $1::int as n, $2::text as s', [i, `q${i}`])),
    );
    expect(results.map((r) => [r.rows[0]!.n, r.rows[0]!.s])).toEqual(Array.from({ length: 20 }, (_, i) => [i, `q${i}`]));
  });

  it('keeps at most the cache size of statements prepared, answering every text right', async () => {
    for (let round = 0; round < 3; round++) {
      for (let k = 0; k < 8; k++) {
        const r = await pool.query<{ v: number }>(`select $1::int + ${k} as v`, [round]);
        expect(r.rows[0]!.v).toBe(round + k);
      }
    }
    // The cache's 3, plus statements the pool's other connections still stand on.
    expect(await prepared()).toBeLessThanOrEqual(3 + 4);
  });

  it('answers a text first seen inside a failed transaction once the transaction is over', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await expect(client.query('select 1 / $1::int', [0])).rejects.toThrow();
      // Refused: the transaction is failed, so this text is not prepared.
      await expect(client.query('select $1::int * 3 as v', [2])).rejects.toMatchObject({ code: '25P02' });
      await client.query('rollback');
      expect((await client.query<{ v: number }>('select $1::int * 3 as v', [2])).rows[0]!.v).toBe(6);
    } finally {
      client.release();
    }
    expect((await pool.query<{ v: number }>('select $1::int * 3 as v', [5])).rows[0]!.v).toBe(15);
  });

  it('reports a query that fails to parse, and the next of the same text again', async () => {
    for (let i = 0; i < 2; i++) await expect(pool.query('select from where $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect((await pool.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);
  });
});
