import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { migrationsFolder, runMigrations } from './migrate';
import { decks, sourceChunks, sources } from './schema/index';
import { createTestDatabase, type TestDatabase } from './testing';

/**
 * source_term_stats and source_chunk_stats are kept by triggers on source_chunks (migration 0016),
 * each row with its source's deck (0018).
 * Every test compares them with what counting the chunks themselves gives.
 */
type Stats = { terms: string[]; chunks: string[] };

/**
 * The stats tables, and the same figures counted from the chunks, as sorted lines; with `decks`, each
 * line also names the source's deck (migration 0018), which the counts must carry.
 */
async function statsOf(db: Db, decks = true): Promise<{ kept: Stats; counted: Stats }> {
  const lines = async (query: ReturnType<typeof sql>) =>
    (await db.execute<{ line: string }>(query)).rows.map((r) => r.line).sort();
  const keptDeck = decks ? sql.raw(`|| ' ' || deck_id`) : sql``;
  const countedDeck = decks ? sql.raw(`|| ' ' || s.deck_id`) : sql``;
  return {
    kept: {
      terms: await lines(sql`select source_id ${keptDeck} || ' ' || term || ' ' || chunks as line from source_term_stats`),
      chunks: await lines(sql`select source_id ${keptDeck} || ' ' || chunks as line from source_chunk_stats`),
    },
    counted: {
      terms: await lines(sql`
        select c.source_id ${countedDeck} || ' ' || t.term || ' ' || count(*) as line
        from source_chunks c join sources s on s.id = c.source_id, unnest(tsvector_to_array(c.tsv)) as t(term)
        group by c.source_id, s.deck_id, t.term`),
      chunks: await lines(sql`
        select c.source_id ${countedDeck} || ' ' || count(*) as line
        from source_chunks c join sources s on s.id = c.source_id group by c.source_id, s.deck_id`),
    },
  };
}

async function expectStatsMatchChunks(db: Db, decks = true) {
  const { kept, counted } = await statsOf(db, decks);
  expect(kept.chunks).toEqual(counted.chunks);
  expect(kept.terms).toEqual(counted.terms);
}

async function newDeck(db: Db, title: string) {
  const [deck] = await db.insert(decks).values({ ownerAnonId: crypto.randomUUID(), title }).returning();
  return deck!.id;
}
async function newSource(db: Db, deckId: string, title: string) {
  const [source] = await db
    .insert(sources)
    .values({ deckId, type: 'website', title, processingStatus: 'completed' })
    .returning({ id: sources.id });
  return source!.id;
}
async function addChunks(db: Db, deckId: string, sourceId: string, texts: readonly string[], from = 0) {
  await db.insert(sourceChunks).values(
    texts.map((content, i) => ({ sourceId, deckId, chunkIndex: from + i, content, tokenCount: 10 })),
  );
}

const termsOf = async (db: Db, sourceId: string) =>
  Object.fromEntries(
    (
      await db.execute<{ term: string; chunks: number }>(
        sql`select term, chunks from source_term_stats where source_id = ${sourceId}`,
      )
    ).rows.map((r) => [r.term, Number(r.chunks)]),
  );

describe('per-source word and chunk counts', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('count the chunks holding each word as chunks are inserted, in several statements', async () => {
    const { db } = database;
    const deckId = await newDeck(db, 'Rivers');
    const sourceId = await newSource(db, deckId, 'River notes');
    await addChunks(db, deckId, sourceId, ['The river ran cold.', 'Rivers and banks.']);
    await addChunks(db, deckId, sourceId, ['A bank by the river.'], 2);
    expect(await termsOf(db, sourceId)).toEqual({ river: 3, bank: 2, ran: 1, cold: 1 });
    await expectStatsMatchChunks(db);
  });

  it('follow a source whose chunks are replaced in one transaction, as the worker stores them', async () => {
    const { db } = database;
    const deckId = await newDeck(db, 'Replaced');
    const sourceId = await newSource(db, deckId, 'Draft');
    await addChunks(db, deckId, sourceId, ['Otters swim.', 'Otters sleep.', 'Herons wait.']);
    await db.transaction(async (tx) => {
      await tx.delete(sourceChunks).where(eq(sourceChunks.sourceId, sourceId));
      await addChunks(tx as unknown as Db, deckId, sourceId, ['Herons fish at dawn.']);
    });
    expect(await termsOf(db, sourceId)).toEqual({ heron: 1, fish: 1, dawn: 1 });
    // Some chunks removed: the words only they held are gone, the others counted down.
    await addChunks(db, deckId, sourceId, ['Herons sleep.'], 1);
    await db.delete(sourceChunks).where(sql`${sourceChunks.sourceId} = ${sourceId} and ${sourceChunks.chunkIndex} = 0`);
    expect(await termsOf(db, sourceId)).toEqual({ heron: 1, sleep: 1 });
    await expectStatsMatchChunks(db);
  });

  it('follow a chunk whose text or source changes, and not a re-embedding', async () => {
    const { db } = database;
    const deckId = await newDeck(db, 'Edited');
    const a = await newSource(db, deckId, 'A');
    const b = await newSource(db, deckId, 'B');
    await addChunks(db, deckId, a, ['Mills grind grain.', 'Mills stand still.']);
    await db.update(sourceChunks).set({ content: 'Wheels turn slowly.' }).where(
      sql`${sourceChunks.sourceId} = ${a} and ${sourceChunks.chunkIndex} = 1`,
    );
    expect(await termsOf(db, a)).toEqual({ mill: 1, grind: 1, grain: 1, wheel: 1, turn: 1, slowli: 1 });
    await db.update(sourceChunks).set({ sourceId: b }).where(sql`${sourceChunks.sourceId} = ${a} and ${sourceChunks.chunkIndex} = 0`);
    expect(await termsOf(db, b)).toEqual({ mill: 1, grind: 1, grain: 1 });
    await db.update(sourceChunks).set({ embeddingModel: 'another-model' }).where(eq(sourceChunks.sourceId, b));
    await expectStatsMatchChunks(db);
  });

  it('are deleted with their source and with their deck', async () => {
    const { db } = database;
    const deckId = await newDeck(db, 'Short-lived');
    const kept = await newSource(db, deckId, 'Kept');
    const dropped = await newSource(db, deckId, 'Dropped');
    await addChunks(db, deckId, kept, ['Lanterns glow.']);
    await addChunks(db, deckId, dropped, ['Lanterns flicker.', 'Candles melt.']);
    await db.delete(sources).where(eq(sources.id, dropped));
    expect(await termsOf(db, dropped)).toEqual({});
    expect(await termsOf(db, kept)).toEqual({ lantern: 1, glow: 1 });
    await expectStatsMatchChunks(db);
    await db.delete(decks).where(eq(decks.id, deckId));
    expect(await termsOf(db, kept)).toEqual({});
    await expectStatsMatchChunks(db);
  });

  it('follow a copy of a deck, many sources in one statement', async () => {
    const { db } = database;
    const from = await newDeck(db, 'Original');
    const to = await newDeck(db, 'Copy');
    const s1 = await newSource(db, from, 'One');
    const s2 = await newSource(db, from, 'Two');
    await addChunks(db, from, s1, ['Glaciers carve valleys.']);
    await addChunks(db, from, s2, ['Valleys hold lakes.', 'Lakes freeze.']);
    const c1 = await newSource(db, to, 'One');
    const c2 = await newSource(db, to, 'Two');
    await db.execute(sql`
      insert into source_chunks (source_id, deck_id, chunk_index, content, token_count)
      select case c.source_id when ${s1}::uuid then ${c1}::uuid else ${c2}::uuid end, ${to}, c.chunk_index, c.content, c.token_count
      from source_chunks c where c.deck_id = ${from}`);
    expect(await termsOf(db, c2)).toEqual(await termsOf(db, s2));
    expect(await termsOf(db, c2)).toEqual({ valley: 1, hold: 1, lake: 2, freez: 1 });
    await expectStatsMatchChunks(db);
  });
});

describe('migration 0016 (chunk_term_stats) on a database that already has chunks', () => {
  it('counts the chunks stored before it', async () => {
    // A migrated test database brought back to before 0016 (its objects dropped, its record
    // forgotten), given chunks, then migrated again with the journal up to 0016.
    const all = migrationsFolder();
    const upTo0016 = mkdtempSync(join(tmpdir(), 'mnemo-migrations-'));
    const database = await createTestDatabase();
    try {
      const { db } = database;
      await db.execute(sql`
        drop trigger source_chunks_stats_insert on source_chunks;
        drop trigger source_chunks_stats_delete on source_chunks;
        drop trigger source_chunks_stats_update on source_chunks;
        drop function source_chunks_stats(); drop function source_stats_apply(uuid[], tsvector[], integer);
        drop table source_term_stats; drop table source_chunk_stats;`);
      const journal = JSON.parse(readFileSync(join(all, 'meta', '_journal.json'), 'utf8')) as {
        entries: Array<{ tag: string; when: number }>;
      };
      const at = journal.entries.findIndex((e) => e.tag.endsWith('_chunk_term_stats'));
      // drizzle runs the migrations newer than the newest one recorded.
      await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${journal.entries[at]!.when}`);
      cpSync(all, upTo0016, { recursive: true });
      writeFileSync(
        join(upTo0016, 'meta', '_journal.json'),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, at + 1) }),
      );

      const deckId = await newDeck(db, 'Old deck');
      const sourceId = await newSource(db, deckId, 'Old source');
      await addChunks(db, deckId, sourceId, ['Owls hunt at night.', 'Owls nest in barns.']);
      await runMigrations(database.url, { migrationsFolder: upTo0016 });
      expect(await termsOf(db, sourceId)).toEqual({ owl: 2, hunt: 1, night: 1, nest: 1, barn: 1 });
      // Up to 0016 only: the counts carry no deck yet (0018 adds it).
      await expectStatsMatchChunks(db, false);
      // And the triggers count from then on.
      await addChunks(db, deckId, sourceId, ['Owls are quiet.'], 2);
      await expectStatsMatchChunks(db, false);
    } finally {
      await database.close();
      rmSync(upTo0016, { recursive: true, force: true });
    }
  });
});

describe('migration 0018 (source_stats_deck) on a database that already has counts', () => {
  it("gives every count its source's deck, and the triggers keep writing it", async () => {
    // A migrated test database brought back to before 0018: its columns and indexes dropped, 0016's
    // function back (taken from that migration), its record forgotten; then counts written the old
    // way, and the migrations run again.
    const all = migrationsFolder();
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const statements = readFileSync(join(all, '0016_chunk_term_stats.sql'), 'utf8').split('--> statement-breakpoint');
      const oldApply = statements.find((s) => s.includes('CREATE FUNCTION source_stats_apply'));
      expect(oldApply).toBeDefined();
      await db.execute(sql`
        drop index source_term_stats_deck_term_idx; drop index source_chunk_stats_deck_idx;
        alter table source_term_stats drop column deck_id; alter table source_chunk_stats drop column deck_id;`);
      await db.execute(sql.raw(oldApply!.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')));
      const journal = JSON.parse(readFileSync(join(all, 'meta', '_journal.json'), 'utf8')) as {
        entries: Array<{ tag: string; when: number }>;
      };
      const at = journal.entries.findIndex((e) => e.tag.endsWith('_source_stats_deck'));
      await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${journal.entries[at]!.when}`);

      const first = await newDeck(db, 'First');
      const second = await newDeck(db, 'Second');
      const a = await newSource(db, first, 'A');
      const b = await newSource(db, second, 'B');
      await addChunks(db, first, a, ['Foxes dig dens.', 'Foxes hunt mice.']);
      await addChunks(db, second, b, ['Badgers dig setts.']);
      await runMigrations(database.url);
      await expectStatsMatchChunks(db);
      expect(
        (await db.execute<{ n: number }>(sql`select count(*)::int as n from source_term_stats where deck_id = ${second}`)).rows[0]?.n,
      ).toBe(3);
      // And the triggers write the deck from then on.
      await addChunks(db, second, b, ['Badgers sleep by day.'], 1);
      await expectStatsMatchChunks(db);
    } finally {
      await database.close();
    }
  });
});
