import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  'deck_new_questions',
  'decks',
  'email_verification_codes',
  'monthly_usage',
  'password_reset_tokens',
  'questions',
  'review_card_days',
  'review_cards',
  'review_days',
  'review_logs',
  'review_settings',
  'source_chunk_stats',
  'source_chunks',
  'source_term_stats',
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
      // No autovacuum in the embedded database: new chunks' words must not pile up in the GIN
      // index's pending list, which every full-text query reads whole.
      const gin = await c.query<{ def: string }>(
        "select indexdef as def from pg_indexes where indexname = 'source_chunks_tsv_gin'",
      );
      expect(gin.rows[0]!.def).toMatch(/USING gin \(tsv\) WITH \(gin_pending_list_limit='?64'?\)/);
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

describe('migration 0017 (the due counts kept by triggers)', () => {
  it('counts the cards and new questions that exist before it', async () => {
    // The migrations up to 0016 in a folder of their own, data written, then the whole folder.
    const before = mkdtempSync(join(tmpdir(), 'mnemo-migrations-'));
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const upTo = journal.entries.filter((e) => e.idx < 17);
    cpSync(migrationsFolder(), before, { recursive: true });
    writeFileSync(join(before, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: upTo }));
    const old = await startEmbeddedPostgres({ maxConnections: 2 });
    const c = new pg.Client({ connectionString: old.url });
    await c.connect();
    try {
      await runMigrations(old.url, { migrationsFolder: before });
      const user = '00000000-0000-4000-8000-000000000001';
      const guest = '00000000-0000-4000-8000-000000000002';
      await c.query(`insert into users (id, email, first_name) values ($1, 'a@example.com', 'A')`, [user]);
      const deck = (await c.query<{ id: string }>(`insert into decks (owner_user_id, title) values ($1, 'D') returning id`, [user])).rows[0]!.id;
      const qs = (
        await c.query<{ id: string }>(
          `insert into questions (deck_id, question, question_type, studied)
           select $1, 'Q' || i, 'multiple_choice', i <= 4 from generate_series(1, 6) i returning id`,
          [deck],
        )
      ).rows.map((r) => r.id);
      const card = (owner: string, anon: boolean, q: string, state: string, days: number, due: string) =>
        c.query(
          `insert into review_cards (${anon ? 'owner_anon_id' : 'owner_user_id'}, question_id, deck_id, state, due, stability, difficulty, scheduled_days, last_rating)
           values ($1, $2, $3, $4, $5, 3, 5, $6, 'good')`,
          [owner, q, deck, state, due, days],
        );
      await card(user, false, qs[0]!, 'review', 4, '2026-04-01T10:00:00Z');
      await card(user, false, qs[1]!, 'review', 4, '2026-04-01T23:00:00Z');
      await card(user, false, qs[2]!, 'learning', 1, '2026-04-02T01:00:00Z');
      await card(user, false, qs[3]!, 'learning', 0, '2026-04-02T01:00:00Z'); // intraday: not kept
      await card(guest, true, qs[4]!, 'relearning', 2, '2026-04-03T00:00:00Z');

      await runMigrations(old.url);
      const days = await c.query(
        'select owner_id, deck_id, interday, day::text as day, n from review_card_days order by owner_id, interday, day',
      );
      expect(days.rows).toEqual([
        { owner_id: user, deck_id: deck, interday: false, day: '2026-04-01', n: 2 },
        { owner_id: user, deck_id: deck, interday: true, day: '2026-04-02', n: 1 },
        { owner_id: guest, deck_id: deck, interday: true, day: '2026-04-03', n: 1 },
      ]);
      expect((await c.query('select deck_id, n from deck_new_questions')).rows).toEqual([{ deck_id: deck, n: 2 }]);
    } finally {
      await c.end();
      await old.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
