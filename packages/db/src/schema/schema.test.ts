import { randomUUID } from 'node:crypto';
import { cosineDistance, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing';
import { ownedBy, ownerValues } from '../owner';
import {
  cards,
  chatMessages,
  chats,
  decks,
  EMBEDDING_DIMENSIONS,
  monthlyUsage,
  questions,
  reviewCards,
  reviewLogs,
  sourceChunks,
  sources,
  studySpaces,
  users,
} from './index';

// Drizzle wraps the driver's error; the Postgres error (with its SQLSTATE) is the cause.
const CHECK_VIOLATION = { cause: { code: '23514' } };
const UNIQUE_VIOLATION = { cause: { code: '23505' } };
const TOO_LONG = { cause: { code: '22001' } };

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

/** A unit vector along one axis: its cosine distance to itself is 0 and to any other axis is 1. */
const axis = (i: number) =>
  Array.from({ length: EMBEDDING_DIMENSIONS }, (_, j) => (j === i ? 1 : 0));

async function newDeck(owner: { anonId: string } | { userId: string } = { anonId: randomUUID() }) {
  const [deck] = await t.db
    .insert(decks)
    .values({ ...ownerValues(owner), title: 'Cells' })
    .returning();
  return deck!;
}

async function newSource(deckId: string) {
  const [source] = await t.db
    .insert(sources)
    .values({ deckId, type: 'website', title: 'Mitochondria' })
    .returning();
  return source!;
}

async function count(table: string, deckId: string): Promise<number> {
  const r = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where deck_id = ${deckId}`,
  );
  return r.rows[0]!.n;
}

describe('source chunks', () => {
  it('store 384-dimension embeddings and order by cosine distance', async () => {
    const deck = await newDeck();
    const source = await newSource(deck.id);
    await t.db.insert(sourceChunks).values(
      [0, 1, 2].map((i) => ({
        sourceId: source.id,
        deckId: deck.id,
        chunkIndex: i,
        content: `chunk ${i}`,
        tokenCount: 2,
        embedding: axis(i),
        embeddingModel: 'test',
      })),
    );
    const query = [0, 0.2, 1, ...Array.from({ length: EMBEDDING_DIMENSIONS - 3 }, () => 0)];
    const near = await t.db
      .select({
        chunkIndex: sourceChunks.chunkIndex,
        embedding: sourceChunks.embedding,
        distance: cosineDistance(sourceChunks.embedding, query),
      })
      .from(sourceChunks)
      .where(eq(sourceChunks.deckId, deck.id))
      .orderBy(cosineDistance(sourceChunks.embedding, query));
    expect(near.map((r) => r.chunkIndex)).toEqual([2, 1, 0]);
    expect(Number(near[2]!.distance)).toBeCloseTo(1);
    expect(near[0]!.embedding).toHaveLength(EMBEDDING_DIMENSIONS);
  });

  it('refuse an embedding of another size', async () => {
    const deck = await newDeck();
    const source = await newSource(deck.id);
    await expect(
      t.db.insert(sourceChunks).values({
        sourceId: source.id,
        deckId: deck.id,
        chunkIndex: 0,
        content: 'x',
        tokenCount: 1,
        embedding: [1, 0, 0],
      }),
    ).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/expected 384 dimensions/) },
    });
  });

  it('generate the tsvector from the content, so a full-text query matches stemmed words', async () => {
    const deck = await newDeck();
    const source = await newSource(deck.id);
    await t.db.insert(sourceChunks).values([
      {
        sourceId: source.id,
        deckId: deck.id,
        chunkIndex: 0,
        content: 'Mitochondria produce energy for cells',
        tokenCount: 5,
      },
      {
        sourceId: source.id,
        deckId: deck.id,
        chunkIndex: 1,
        content: 'Photosynthesis happens in chloroplasts',
        tokenCount: 4,
      },
    ]);
    const hits = await t.db
      .select({ chunkIndex: sourceChunks.chunkIndex, tsv: sourceChunks.tsv })
      .from(sourceChunks)
      .where(
        sql`${sourceChunks.deckId} = ${deck.id} and ${sourceChunks.tsv} @@ plainto_tsquery('english', 'producing cell')`,
      );
    expect(hits.map((h) => h.chunkIndex)).toEqual([0]);
    expect(hits[0]!.tsv).toContain("'mitochondria'");

    // Updating the content regenerates it.
    await t.db
      .update(sourceChunks)
      .set({ content: 'Ribosomes build proteins' })
      .where(eq(sourceChunks.sourceId, source.id));
    const after = await t.db
      .select({ chunkIndex: sourceChunks.chunkIndex })
      .from(sourceChunks)
      .where(
        sql`${sourceChunks.deckId} = ${deck.id} and ${sourceChunks.tsv} @@ plainto_tsquery('english', 'protein')`,
      );
    expect(after).toHaveLength(2);
  });

  it('refuse a second chunk with the same index in one source', async () => {
    const deck = await newDeck();
    const source = await newSource(deck.id);
    const chunk = {
      sourceId: source.id,
      deckId: deck.id,
      chunkIndex: 0,
      content: 'a',
      tokenCount: 1,
    };
    await t.db.insert(sourceChunks).values(chunk);
    await expect(t.db.insert(sourceChunks).values(chunk)).rejects.toMatchObject(UNIQUE_VIOLATION);
  });
});

describe('owned rows', () => {
  type Insert = (userId: string | null, anonId: string | null, deckId: string) => SQL;
  const owned: Record<string, Insert> = {
    study_spaces: (u, a) =>
      sql`insert into study_spaces (owner_user_id, owner_anon_id, title) values (${u}, ${a}, 'x')`,
    decks: (u, a) =>
      sql`insert into decks (owner_user_id, owner_anon_id, title) values (${u}, ${a}, 'x')`,
    chats: (u, a, d) =>
      sql`insert into chats (owner_user_id, owner_anon_id, deck_id, title) values (${u}, ${a}, ${d}, 'x')`,
    monthly_usage: (u, a) =>
      sql`insert into monthly_usage (owner_user_id, owner_anon_id, month) values (${u}, ${a}, '2026-01-01')`,
  };

  it.each(Object.keys(owned))('refuse a %s row with both owners or with none', async (table) => {
    const insert = owned[table]!;
    const deck = await newDeck();
    const userId = (
      await t.db
        .insert(users)
        .values({ email: `${randomUUID()}@example.com`, firstName: 'Ada' })
        .returning()
    )[0]!.id;
    await expect(t.db.execute(insert(userId, randomUUID(), deck.id))).rejects.toMatchObject(
      CHECK_VIOLATION,
    );
    await expect(t.db.execute(insert(null, null, deck.id))).rejects.toMatchObject(CHECK_VIOLATION);
    await expect(t.db.execute(insert(null, randomUUID(), deck.id))).resolves.toMatchObject({
      rowCount: 1,
    });
    await expect(t.db.execute(insert(userId, null, deck.id))).resolves.toMatchObject({
      rowCount: 1,
    });
  });

  it('accept an anonymous owner that has no anonymous_sessions row', async () => {
    // No foreign key on purpose: the deck service never writes anonymous_sessions.
    const deck = await newDeck({ anonId: randomUUID() });
    expect(deck.ownerUserId).toBeNull();
  });

  it('keep one usage row per owner and month', async () => {
    const anonId = randomUUID();
    const add = (bytes: number) =>
      t.db
        .insert(monthlyUsage)
        .values({
          ownerAnonId: anonId,
          month: '2026-03-01',
          processedBytes: bytes,
          sourcesProcessed: 1,
        })
        .onConflictDoUpdate({
          target: [monthlyUsage.ownerAnonId, monthlyUsage.month],
          set: {
            processedBytes: sql`${monthlyUsage.processedBytes} + excluded.processed_bytes`,
            sourcesProcessed: sql`${monthlyUsage.sourcesProcessed} + 1`,
          },
        });
    await add(5_000_000_000);
    await add(1);
    const rows = await t.db.select().from(monthlyUsage).where(ownedBy(monthlyUsage, { anonId }));
    expect(rows).toMatchObject([{ processedBytes: 5_000_000_001, sourcesProcessed: 2 }]);
  });
});

describe('deleting', () => {
  it('a deck removes its sources, chunks, questions, cards, chats and messages', async () => {
    const owner = { anonId: randomUUID() };
    const deck = await newDeck(owner);
    const source = await newSource(deck.id);
    const [chunk] = await t.db
      .insert(sourceChunks)
      .values({
        sourceId: source.id,
        deckId: deck.id,
        chunkIndex: 0,
        content: 'a',
        tokenCount: 1,
        embedding: axis(0),
      })
      .returning();
    await t.db.insert(questions).values({
      deckId: deck.id,
      sourceId: source.id,
      chunkId: chunk!.id,
      question: 'Q?',
      questionType: 'free_response',
    });
    await t.db
      .insert(cards)
      .values({ deckId: deck.id, sourceId: source.id, front: 'f', back: 'b' });
    const [chat] = await t.db
      .insert(chats)
      .values({ deckId: deck.id, ...ownerValues(owner), title: 'About cells' })
      .returning();
    await t.db
      .insert(chatMessages)
      .values({ chatId: chat!.id, position: 0, role: 'user', content: 'hi' });

    await t.db.delete(decks).where(ownedBy(decks, owner));

    for (const table of ['sources', 'source_chunks', 'questions', 'cards', 'chats'])
      expect(await count(table, deck.id)).toBe(0);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat!.id))).toEqual(
      [],
    );
  });

  it('a deck removes its review cards and review log (issue 20)', async () => {
    const owner = { anonId: randomUUID() };
    const deck = await newDeck(owner);
    const [q] = await t.db
      .insert(questions)
      .values({ deckId: deck.id, question: 'Q?', questionType: 'free_response', concepts: ['cells'] })
      .returning();
    const now = new Date();
    const base = { ...ownerValues(owner), questionId: q!.id, deckId: deck.id, stability: 1, difficulty: 5, due: now };
    await t.db.insert(reviewCards).values({ ...base, state: 'learning', lastRating: 'good', lastReview: now });
    await t.db.insert(reviewLogs).values({ ...base, state: 'new', rating: 'good', reviewedAt: now, desiredRetention: 0.9, correct: true });
    // A review row says whether it was right (the class dashboard counts it), an override row does not.
    await expect(
      t.db.insert(reviewLogs).values({ ...base, state: 'new', rating: 'good', reviewedAt: now, desiredRetention: 0.9 }),
    ).rejects.toMatchObject(CHECK_VIOLATION);
    // An override row must name what it overrides, and a review row must not.
    await expect(
      t.db.insert(reviewLogs).values({ ...base, state: 'new', rating: 'good', reviewedAt: now, desiredRetention: 0.9, kind: 'override' }),
    ).rejects.toMatchObject(CHECK_VIOLATION);

    await t.db.delete(decks).where(ownedBy(decks, owner));
    for (const table of ['review_cards', 'review_logs']) expect(await count(table, deck.id)).toBe(0);
  });

  it('a source removes its chunks but keeps its questions, unlinked', async () => {
    const deck = await newDeck();
    const source = await newSource(deck.id);
    const [chunk] = await t.db
      .insert(sourceChunks)
      .values({ sourceId: source.id, deckId: deck.id, chunkIndex: 0, content: 'a', tokenCount: 1 })
      .returning();
    await t.db.insert(questions).values({
      deckId: deck.id,
      sourceId: source.id,
      chunkId: chunk!.id,
      question: 'Q?',
      questionType: 'multiple_choice',
      options: ['A', 'B'],
      correctAnswerIndex: 1,
    });

    await t.db.delete(sources).where(eq(sources.id, source.id));

    expect(await count('source_chunks', deck.id)).toBe(0);
    const kept = await t.db.select().from(questions).where(eq(questions.deckId, deck.id));
    expect(kept).toMatchObject([
      { sourceId: null, chunkId: null, options: ['A', 'B'], correctAnswerIndex: 1 },
    ]);
  });

  it('a user removes what they own', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com`, firstName: 'Ada' })
      .returning();
    const [space] = await t.db
      .insert(studySpaces)
      .values({ ownerUserId: user!.id, title: 'Biology' })
      .returning();
    const deck = await newDeck({ userId: user!.id });
    await t.db.delete(users).where(eq(users.id, user!.id));
    expect(await t.db.select().from(studySpaces).where(eq(studySpaces.id, space!.id))).toEqual([]);
    expect(await t.db.select().from(decks).where(eq(decks.id, deck.id))).toEqual([]);
  });
});

describe('users', () => {
  it('refuse an email that differs from an existing one only in case', async () => {
    const local = randomUUID();
    await t.db.insert(users).values({ email: `${local}@Example.com`, firstName: 'Ada' });
    await expect(
      t.db.insert(users).values({ email: `${local.toUpperCase()}@example.COM`, firstName: 'Bob' }),
    ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'users_email_lower_uq' } });
  });

  it('allow many accounts without a Google id or a password', async () => {
    await t.db.insert(users).values([
      { email: `${randomUUID()}@example.com`, firstName: 'A' },
      { email: `${randomUUID()}@example.com`, firstName: 'B' },
    ]);
    const sub = randomUUID();
    await t.db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com`, firstName: 'C', googleSub: sub });
    await expect(
      t.db
        .insert(users)
        .values({ email: `${randomUUID()}@example.com`, firstName: 'D', googleSub: sub }),
    ).rejects.toMatchObject(UNIQUE_VIOLATION);
  });

  it('move updated_at forward when drizzle updates a row', async () => {
    const [user] = await t.db
      .insert(users)
      .values({
        email: `${randomUUID()}@example.com`,
        firstName: 'Ada',
        updatedAt: new Date('2020-01-01'),
      })
      .returning();
    const [after] = await t.db
      .update(users)
      .set({ firstName: 'Ada L.' })
      .where(eq(users.id, user!.id))
      .returning();
    expect(after!.updatedAt.getTime()).toBeGreaterThan(new Date('2020-01-01').getTime());
  });
});

describe('decks', () => {
  it('round-trip question types, bigint sizes and key points', async () => {
    const [deck] = await t.db
      .insert(decks)
      .values({
        ownerAnonId: randomUUID(),
        title: 'x',
        questionTypes: ['multiple_choice', 'case_free_response'],
        length: 'short',
      })
      .returning();
    const [source] = await t.db
      .insert(sources)
      .values({
        deckId: deck!.id,
        type: 'document',
        sizeInBytes: 26_214_400,
        keyPoints: ['one', 'two'],
      })
      .returning();
    const loaded = await t.db.query.decks.findFirst({
      where: eq(decks.id, deck!.id),
      with: { sources: true },
    });
    expect(loaded).toMatchObject({
      questionTypes: ['multiple_choice', 'case_free_response'],
      length: 'short',
      sources: [
        {
          id: source!.id,
          sizeInBytes: 26_214_400,
          keyPoints: ['one', 'two'],
          processingStatus: 'pending',
        },
      ],
    });
  });

  it('refuse a source title over 50 characters and custom instructions over 2000', async () => {
    const deck = await newDeck();
    await expect(
      t.db.insert(sources).values({ deckId: deck.id, type: 'website', title: 'x'.repeat(51) }),
    ).rejects.toMatchObject(TOO_LONG);
    await expect(
      t.db
        .update(decks)
        .set({ systemPrompt: 'x'.repeat(2001) })
        .where(eq(decks.id, deck.id)),
    ).rejects.toMatchObject(TOO_LONG);
    await expect(
      t.db
        .update(decks)
        .set({ systemPrompt: 'x'.repeat(2000) })
        .where(eq(decks.id, deck.id)),
    ).resolves.toBeDefined();
  });

  it('list published decks newest first through the partial index', async () => {
    const older = await newDeck();
    const newer = await newDeck();
    await t.db
      .update(decks)
      .set({ isPublished: true, publishedAt: new Date('2026-01-01') })
      .where(eq(decks.id, older.id));
    await t.db
      .update(decks)
      .set({ isPublished: true, publishedAt: new Date('2026-02-01') })
      .where(eq(decks.id, newer.id));
    const rows = await t.db
      .select({ id: decks.id })
      .from(decks)
      .where(eq(decks.isPublished, true))
      .orderBy(sql`${decks.publishedAt} desc`);
    expect(rows.map((r) => r.id)).toEqual([newer.id, older.id]);
  });
});
