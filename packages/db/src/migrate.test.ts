import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { migrationsFolder, runMigrations } from './migrate';

const ALL_TABLES = [
  'anonymous_sessions',
  'auth_sessions',
  'cards',
  'chat_messages',
  'chats',
  'decks',
  'email_verification_codes',
  'monthly_usage',
  'password_reset_tokens',
  'questions',
  'source_chunks',
  'sources',
  'stripe_events',
  'study_spaces',
  'subscriptions',
  'users',
];

// An empty database, not createTestDatabase's (that one starts from an already migrated template).
let server: EmbeddedPostgres;
beforeAll(async () => {
  server = await startEmbeddedPostgres({ maxConnections: 4 });
});
afterAll(async () => server?.close());

async function state(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const tables = await c.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
    );
    const extensions = await c.query<{ name: string }>(
      'select extname as name from pg_extension order by 1',
    );
    const applied = await c.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations order by id',
    );
    const indexes = await c.query<{ name: string }>(
      "select indexname as name from pg_indexes where schemaname = 'public' order by 1",
    );
    return {
      tables: tables.rows.map((r) => r.name),
      extensions: extensions.rows.map((r) => r.name),
      applied: applied.rows.map((r) => r.hash),
      indexes: indexes.rows.map((r) => r.name),
    };
  } finally {
    await c.end();
  }
}

describe('runMigrations', () => {
  it('finds the committed migrations through the package', () => {
    expect(existsSync(join(migrationsFolder(), 'meta', '_journal.json'))).toBe(true);
  });

  it('creates every table and extension in an empty database, and a second run changes nothing', async () => {
    await runMigrations(server.url);
    const first = await state(server.url);
    expect(first.tables).toEqual(ALL_TABLES);
    expect(first.extensions).toEqual(expect.arrayContaining(['vector', 'pg_trgm']));
    expect(first.indexes).toEqual(
      expect.arrayContaining(['source_chunks_embedding_hnsw', 'source_chunks_tsv_gin']),
    );
    expect(first.applied.length).toBeGreaterThanOrEqual(3);

    await runMigrations(server.url);
    expect(await state(server.url)).toEqual(first);
  });

  it('builds the HNSW cosine index and the stored generated tsvector', async () => {
    const c = new pg.Client({ connectionString: server.url });
    await c.connect();
    try {
      const index = await c.query<{ def: string }>(
        "select indexdef as def from pg_indexes where indexname = 'source_chunks_embedding_hnsw'",
      );
      expect(index.rows[0]!.def).toMatch(/USING hnsw \(embedding vector_cosine_ops\)/);
      const column = await c.query<{ generated: string; expr: string }>(
        `select a.attgenerated as generated, pg_get_expr(d.adbin, d.adrelid) as expr
           from pg_attribute a join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
          where a.attrelid = 'source_chunks'::regclass and a.attname = 'tsv'`,
      );
      expect(column.rows[0]).toEqual({
        generated: 's',
        expr: "to_tsvector('english'::regconfig, content)",
      });
    } finally {
      await c.end();
    }
  });
});
