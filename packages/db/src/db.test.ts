import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { cosineDistance, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing';
import { runMigrations } from './migrate';
import { startEmbeddedPostgres } from './embedded';
import { decks, EMBEDDING_DIMENSIONS, questions, sourceChunks, sources, studySpaces } from './schema/index';
import { ownedBy, ownerValues } from './owner';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

const unit = (i: number) => Array.from({ length: EMBEDDING_DIMENSIONS }, (_, j) => (j === i ? 1 : 0));

async function tables(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
  );
  await c.end();
  return r.rows.map((x) => x.table_name);
}

async function newDeck(owner = { anonId: randomUUID() }) {
  const [deck] = await t.db.insert(decks).values({ ...ownerValues(owner), title: 'Cells' }).returning();
  return deck!;
}

describe('migrations', () => {
  it('apply to an empty database and a second run is a no-op', async () => {
    const before = await tables(t.url);
    expect(before).toEqual(
      expect.arrayContaining([
        'users', 'email_verification_codes', 'password_reset_tokens', 'auth_sessions', 'anonymous_sessions',
        'study_spaces', 'decks', 'sources', 'source_chunks', 'questions', 'cards', 'chats', 'chat_messages',
        'subscriptions', 'stripe_events', 'monthly_usage',
      ]),
    );
    await runMigrations(t.url);
    expect(await tables(t.url)).toEqual(before);
  });
});

describe('schema', () => {
  it('stores 384-dimension embeddings and orders chunks by cosine distance', async () => {
    const deck = await newDeck();
    const [source] = await t.db.insert(sources).values({ deckId: deck.id, type: 'website', title: 'Mitochondria' }).returning();
    await t.db.insert(sourceChunks).values(
      [0, 1, 2].map((i) => ({ sourceId: source!.id, deckId: deck.id, chunkIndex: i, content: `chunk ${i}`, tokenCount: 2, embedding: unit(i) })),
    );
    const near = await t.db
      .select({ chunkIndex: sourceChunks.chunkIndex, distance: cosineDistance(sourceChunks.embedding, unit(2)) })
      .from(sourceChunks)
      .where(eq(sourceChunks.deckId, deck.id))
      .orderBy(cosineDistance(sourceChunks.embedding, unit(2)));
    expect(near.map((r) => r.chunkIndex)[0]).toBe(2);
    expect(Number(near[0]!.distance)).toBeCloseTo(0);
  });

  it('generates the tsvector column so full-text search matches stemmed words', async () => {
    const deck = await newDeck();
    const [source] = await t.db.insert(sources).values({ deckId: deck.id, type: 'document' }).returning();
    await t.db.insert(sourceChunks).values([
      { sourceId: source!.id, deckId: deck.id, chunkIndex: 0, content: 'Mitochondria produce energy for cells', tokenCount: 5 },
      { sourceId: source!.id, deckId: deck.id, chunkIndex: 1, content: 'Photosynthesis happens in chloroplasts', tokenCount: 4 },
    ]);
    const hits = await t.db
      .select({ chunkIndex: sourceChunks.chunkIndex })
      .from(sourceChunks)
      .where(sql`${sourceChunks.deckId} = ${deck.id} and ${sourceChunks.tsv} @@ plainto_tsquery('english', 'producing cell')`);
    expect(hits).toEqual([{ chunkIndex: 0 }]);
  });

  it('refuses a row with both owners or with none', async () => {
    await expect(t.db.insert(studySpaces).values({ title: 'x' })).rejects.toThrow();
    await expect(
      t.db.insert(studySpaces).values({ title: 'x', ownerAnonId: randomUUID(), ownerUserId: null }),
    ).resolves.toBeDefined();
    await expect(
      t.db.execute(sql`insert into study_spaces (title, owner_anon_id, owner_user_id) values ('x', ${randomUUID()}, ${randomUUID()})`),
    ).rejects.toThrow();
  });

  it('removes sources, chunks and questions with their deck', async () => {
    const owner = { anonId: randomUUID() };
    const deck = await newDeck(owner);
    const [source] = await t.db.insert(sources).values({ deckId: deck.id, type: 'website' }).returning();
    await t.db.insert(sourceChunks).values({ sourceId: source!.id, deckId: deck.id, chunkIndex: 0, content: 'a', tokenCount: 1 });
    await t.db.insert(questions).values({ deckId: deck.id, sourceId: source!.id, question: 'Q?', questionType: 'free_response' });
    await t.db.delete(decks).where(ownedBy(decks, owner));
    const left = await t.db.execute<{ n: number }>(
      sql`select (select count(*) from sources where deck_id = ${deck.id}) + (select count(*) from source_chunks where deck_id = ${deck.id}) + (select count(*) from questions where deck_id = ${deck.id}) as n`,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it('serves many concurrent pool clients through the embedded server', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => t.pool.query<{ n: number }>('select $1::int as n', [i])));
    expect(results.map((r) => r.rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('embedded Postgres', () => {
  it('keeps its data in the data folder across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mnemo-pg-'));
    try {
      const first = await startEmbeddedPostgres({ dataDir: dir });
      const c1 = new pg.Client({ connectionString: first.url });
      await c1.connect();
      await c1.query('create table kept (v text)');
      await c1.query("insert into kept values ('survives')");
      await c1.end();
      await first.close();

      const second = await startEmbeddedPostgres({ dataDir: dir });
      const c2 = new pg.Client({ connectionString: second.url });
      await c2.connect();
      const r = await c2.query<{ v: string }>('select v from kept');
      await c2.end();
      await second.close();
      expect(r.rows).toEqual([{ v: 'survives' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
