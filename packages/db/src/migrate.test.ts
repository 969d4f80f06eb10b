import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { MAX_INDEXED_DIMENSIONS, migrationsFolder, runMigrations } from './migrate';

const ALL_TABLES = [
  'anonymous_sessions',
  'auth_sessions',
  'cards',
  'chat_messages',
  'chats',
  'class_members',
  'classes',
  'curriculum_imports',
  'decks',
  'email_verification_codes',
  'monthly_usage',
  'password_reset_tokens',
  'questions',
  'review_cards',
  'review_days',
  'review_logs',
  'review_settings',
  'source_chunks',
  'sources',
  'stripe_events',
  'study_spaces',
  'subscriptions',
  'uploads',
  'usage_records',
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

describe('the embedding size follows EMBEDDING_DIMENSIONS', () => {
  const vec = (n: number) => `[${Array.from({ length: n }, (_, i) => (i === 0 ? 1 : 0)).join(',')}]`;

  it('resizes the vector column, clears vectors of the old size for re-embedding, and keeps the index', async () => {
    await runMigrations(server.url);
    const c = new pg.Client({ connectionString: server.url });
    await c.connect();
    try {
      const deck = await c.query<{ id: string }>(
        "insert into decks (owner_anon_id, title) values (gen_random_uuid(), 'Cells') returning id",
      );
      const deckId = deck.rows[0]!.id;
      const source = await c.query<{ id: string }>(
        "insert into sources (deck_id, type, title) values ($1, 'website', 'Mitochondria') returning id",
        [deckId],
      );
      await c.query(
        `insert into source_chunks (source_id, deck_id, chunk_index, content, token_count, embedding, embedding_model)
         values ($1, $2, 0, 'ATP is made in mitochondria', 6, $3, 'mnemo-hash-v1-384')`,
        [source.rows[0]!.id, deckId, vec(384)],
      );

      const first = await runMigrations(server.url, { embeddingDimensions: 8 });
      expect(first.embeddingsReset).toEqual({ from: 384, to: 8, cleared: 1 });
      const chunk = await c.query('select embedding, embedding_model, content from source_chunks');
      expect(chunk.rows[0]).toEqual({ embedding: null, embedding_model: null, content: 'ATP is made in mitochondria' });
      await c.query('update source_chunks set embedding = $1', [vec(8)]);
      await expect(c.query('update source_chunks set embedding = $1', [vec(384)])).rejects.toThrow(/dimensions/);
      const index = await c.query("select 1 from pg_indexes where indexname = 'source_chunks_embedding_hnsw'");
      expect(index.rowCount).toBe(1);

      // The same size again changes nothing and clears nothing.
      expect(await runMigrations(server.url, { embeddingDimensions: 8 })).toEqual({});
      expect((await c.query('select embedding from source_chunks')).rows[0]!.embedding).not.toBeNull();

      // Back to the default, so the file's other tests see the migrated shape.
      expect((await runMigrations(server.url, { embeddingDimensions: 384 })).embeddingsReset?.cleared).toBe(1);
      await c.query('delete from decks where id = $1', [deckId]);
    } finally {
      await c.end();
    }
  });

  it('refuses a size HNSW cannot index, leaving the column as it was', async () => {
    await expect(runMigrations(server.url, { embeddingDimensions: MAX_INDEXED_DIMENSIONS + 1 })).rejects.toThrow(
      /EMBEDDING_DIMENSIONS/,
    );
  });
});
