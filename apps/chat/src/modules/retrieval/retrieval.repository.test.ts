import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@mnemo/db/testing';
import { decks, sourceChunks, sources } from '@mnemo/db/schema';
import type { Db } from '@mnemo/db/client';
import { COMMON_TERM_CHUNKS, COMMON_TERM_SAMPLE, createRetrievalRepository } from './retrieval.repository';
import { analyze } from './retrieval.test-data';

/**
 * The full-text side ranks a capped candidate set read from the GIN index, not every matching
 * chunk. These decks make two words common (each in more chunks than COMMON_TERM_CHUNKS) and put
 * the chunks that answer last, past the first COMMON_TERM_SAMPLE chunks of each word's list, so
 * they are found only if the candidates come from the right lists.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let repository: ReturnType<typeof createRetrievalRepository>;
let deckId: string;
let chunks: string[];
let otherDeckId: string;
let marshDeckId: string;
let emptyDeckId: string;

const COMMON = COMMON_TERM_CHUNKS + 100;
const BOTH = [
  'Willows lined the river bank where the children fished every summer.',
  'The flood reached the bank of the river twice that spring.',
  'A heron waited on the muddy river bank until dusk.',
];
const OTTER = 'An otter swam slowly along the river past the mill at dawn.';
/** A small deck where "heron" is rarer than "marsh", and the marsh chunks say "marsh" more often. */
const HERON_AND_MARSH = 'A grey heron waded through the marsh.';
const HERON = 'The heron lifted off over the reeds.';
const MARSH = Array.from({ length: 6 }, (_, i) => `Marsh ${i}: the marsh was cold, and beyond it lay more marsh.`);
const UNRELATED = ['Trains left the station every hour.', 'The museum opened a new wing in spring.'];

/**
 * A deck with one source of these chunks, stored without vectors: the full-text side reads only the
 * generated tsvector, and thousands of HNSW inserts would only slow the test down.
 */
async function seedDeck(db: Db, title: string, texts: readonly string[]): Promise<string> {
  const [deck] = await db.insert(decks).values({ ownerAnonId: randomUUID(), title }).returning();
  const [source] = await db
    .insert(sources)
    .values({ deckId: deck!.id, type: 'website', title, processingStatus: 'completed' })
    .returning({ id: sources.id });
  for (let start = 0; start < texts.length; start += 500)
    await db.insert(sourceChunks).values(
      texts.slice(start, start + 500).map((content, i) => ({
        sourceId: source!.id,
        deckId: deck!.id,
        chunkIndex: start + i,
        content,
        tokenCount: content.split(' ').length,
      })),
    );
  return deck!.id;
}

beforeAll(async () => {
  expect(COMMON).toBeGreaterThan(COMMON_TERM_SAMPLE);
  database = await createTestDatabase();
  repository = createRetrievalRepository({ db: database.db });
  chunks = [
    ...Array.from({ length: COMMON }, (_, i) => `Reading ${i}: the river ran cold and clear past the old mill.`),
    ...Array.from({ length: COMMON }, (_, i) => `Ledger ${i}: the bank opened its doors early in the morning.`),
    ...BOTH,
    OTTER,
  ];
  deckId = await seedDeck(database.db, 'Rivers and banks', chunks);
  // The same answering text in another deck: never a candidate of this one.
  otherDeckId = await seedDeck(database.db, 'Elsewhere', [...BOTH, OTTER]);
  marshDeckId = await seedDeck(database.db, 'Marshes', [...MARSH, HERON, HERON_AND_MARSH, ...UNRELATED]);
  emptyDeckId = await seedDeck(database.db, 'Stations', UNRELATED);
  await analyze(database.db);
}, 180_000);
afterAll(async () => {
  await database?.close();
});

const contentOf = async (ids: readonly string[]) => {
  const byId = new Map((await repository.details(ids)).map((d) => [d.id, d]));
  return ids.map((id) => byId.get(id)!);
};

describe('the full-text side of a deck where the query words are common', () => {
  it('ranks first the chunks holding every word, though each word is in more chunks than the cap', async () => {
    const hits = await repository.matching({ deckId }, 'river bank', 20);
    expect(hits).toHaveLength(20);
    expect(hits.map((h) => h.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const top = await contentOf(hits.slice(0, 3).map((h) => h.id));
    expect(top.map((d) => d.content).sort()).toEqual([...BOTH].sort());
    expect(hits.slice(0, 3).every((h) => h.allTerms)).toBe(true);
    expect(hits.slice(3).every((h) => !h.allTerms)).toBe(true);
    // Every candidate is of this deck.
    expect((await contentOf(hits.map((h) => h.id))).every((d) => chunks.includes(d.content))).toBe(true);
  });

  it('finds the one chunk holding a rare word of the question, after the common words', async () => {
    const hits = await repository.matching({ deckId }, 'Where did the otter go along the river?', 20);
    // The common words are left out when a rarer one is asked: only the otter chunk matches.
    const found = await contentOf(hits.map((h) => h.id));
    expect(found.map((d) => d.content)).toEqual([OTTER]);
  });

  it('fills the candidates with chunks holding some of the words when few hold them all', async () => {
    const hits = await repository.matching({ deckId }, 'river bank mill', 10);
    expect(hits).toHaveLength(10);
    // No chunk holds all three words; the ones holding two ("river ... mill", "river bank") rank first.
    expect(hits.every((h) => !h.allTerms)).toBe(true);
    const found = await contentOf(hits.map((h) => h.id));
    const wordsHeld = (text: string) => ['river', 'bank', 'mill'].filter((w) => text.toLowerCase().includes(w)).length;
    expect(found.every((d) => wordsHeld(d.content) >= 2)).toBe(true);
  });

  it('answers nothing for words no chunk of the deck holds', async () => {
    const hits = await repository.matching({ deckId }, 'zeppelin quasar', 20);
    expect(hits).toEqual([]);
    const other = await repository.matching({ deckId: otherDeckId }, 'river bank', 20);
    expect((await contentOf(other.map((h) => h.id))).map((d) => d.content).sort()).toEqual([...BOTH, OTTER].sort());
  });
});

describe('the full-text side of a small deck', () => {
  it('ranks a chunk holding the rarer word above chunks saying a commoner word more often', async () => {
    const hits = await repository.matching({ deckId: marshDeckId }, 'heron marsh', 20);
    const found = (await contentOf(hits.map((h) => h.id))).map((d) => d.content);
    // Both words first; then "heron" (in 2 chunks) outweighs "marsh" (in 7), though each marsh
    // chunk says "marsh" twice in fewer words.
    expect(found[0]).toBe(HERON_AND_MARSH);
    expect(hits[0]!.allTerms).toBe(true);
    expect(found[1]).toBe(HERON);
    expect(found.slice(2).sort()).toEqual([...MARSH].sort());
    expect(hits.slice(1).every((h) => !h.allTerms)).toBe(true);
  });

  it('leaves out a word no chunk holds: the chunks holding every other word rank first', async () => {
    const hits = await repository.matching({ deckId }, 'river bank zeppelin', 20);
    expect(hits).toHaveLength(20);
    // No chunk holds every word of the question, so none is marked as holding them all.
    expect(hits.every((h) => !h.allTerms)).toBe(true);
    const top = await contentOf(hits.slice(0, 3).map((h) => h.id));
    expect(top.map((d) => d.content).sort()).toEqual([...BOTH].sort());
  });

  it('answers nothing in a deck where no chunk holds the words, though other decks do', async () => {
    expect(await repository.matching({ deckId: emptyDeckId }, 'otter river bank', 20)).toEqual([]);
    expect(await repository.matching({ deckId: emptyDeckId }, 'heron', 20)).toEqual([]);
  });

  it('gives the order of ranking every matching chunk when few chunks match', async () => {
    // The reference: every chunk holding a word ranked by (every word, summed idf², cover density).
    const reference = async (query: string) => {
      const { rows } = await database.db.execute<{ id: string }>(sql`
        with words as (
          select t.lexeme, quote_literal(t.lexeme)::tsquery as tq,
                 (select count(*) from source_chunks c where c.deck_id = ${marshDeckId}
                    and c.tsv @@ quote_literal(t.lexeme)::tsquery)::int as df
          from unnest(tsvector_to_array(to_tsvector('english', ${query}))) as t(lexeme)
        ),
        kept as (select * from words where df > 0),
        size as (select count(*)::int as n from source_chunks where deck_id = ${marshDeckId}),
        q as (select websearch_to_tsquery('english', ${query}) as strict,
                     (select string_agg(quote_literal(lexeme), ' | ')::tsquery from kept) as loose)
        select c.id from source_chunks c, q, size
        where c.deck_id = ${marshDeckId} and c.tsv @@ q.loose
        order by (c.tsv @@ q.strict) desc,
                 (select sum(power(ln(1 + (size.n - k.df + 0.5) / (k.df + 0.5)), 2)) from kept k where c.tsv @@ k.tq) desc,
                 ts_rank_cd(c.tsv, q.loose, 2) desc, c.id`);
      return rows.map((r) => r.id);
    };
    for (const query of ['heron marsh', 'Where did the heron go?', 'marsh reeds museum', 'cold marsh station'])
      expect((await repository.matching({ deckId: marshDeckId }, query, 20)).map((h) => h.id)).toEqual(await reference(query));
  });
});

describe('the full-text side when every word is common and no chunk holds all but one of them', () => {
  const WORDS = ['walnut', 'pepper', 'cinnamon', 'ginger'];
  const PAIRS = ['Cake with walnut and pepper.', 'Bread with cinnamon and ginger.', 'Tea with pepper and ginger.'];
  let spiceDeckId: string;
  beforeAll(async () => {
    // Each word alone in more chunks than the cap, the chunks holding two of them stored last, so
    // none is among the first COMMON_TERM_SAMPLE chunks of any word's list.
    spiceDeckId = await seedDeck(database.db, 'Spices', [
      ...WORDS.flatMap((word) => Array.from({ length: COMMON }, (_, i) => `Jar ${i}: ${word}.`)),
      ...PAIRS,
    ]);
    await analyze(database.db);
  }, 180_000);

  it('ranks first the chunks holding all the words but two', async () => {
    const hits = await repository.matching({ deckId: spiceDeckId }, WORDS.join(' '), 10);
    // Three chunks hold two words, then the per-word samples fill the rest (one word each).
    expect(hits).toHaveLength(10);
    expect((await contentOf(hits.slice(0, 3).map((h) => h.id))).map((d) => d.content).sort()).toEqual([...PAIRS].sort());
  });
});
