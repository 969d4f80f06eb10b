import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@mnemo/db/testing';
import { decks } from '@mnemo/db/schema';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { findRoute } from '@mnemo/contracts/routes';
import { createHashingEmbedder, createLocalStudyAi } from '@mnemo/ai/providers/local';
import type { ChatTurn, StudyAi } from '@mnemo/ai/types';
import { AiError } from '@mnemo/ai/errors';
import { envSchema } from '../../env';
import { buildApp } from '../../app';
import { estimateTokens } from '@mnemo/contracts/tokens';
import type { DeckAccessChecker } from '../access/deck-access';
import { createRetrievalRepository } from './retrieval.repository';
import { createRetrievalService } from './retrieval.service';
import { analyze, fixtureParagraphs, packChunks, seedSource, type SeededSource } from './retrieval.test-data';

// The real offline embedder, as the worker embeds chunks when no AI provider is configured.
const embedder = createHashingEmbedder({ dimensions: 384 });
const localStudy = createLocalStudyAi();
/** What the app's study AI does: the local one, or what a test puts here. */
let enhance: StudyAi['enhanceQuery'] = (input) => localStudy.enhanceQuery(input);
const study = { ...localStudy, enhanceQuery: (input: Parameters<StudyAi['enhanceQuery']>[0]) => enhance(input) };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

const ownerAnonId = randomUUID();
let deckId: string;
let sre: SeededSource;
let wikipedia: SeededSource;
let chaos: SeededSource;
let bbc: SeededSource;
let stale: SeededSource;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = envSchema.parse({ DATABASE_URL: database.url, INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent' });
  app = await buildApp(env, { db: database.db, redis, ai: { study, embedder } });

  // A deck of four real articles (64 chunks of up to ~200 words), embedded by the local embedder.
  const [deck] = await database.db.insert(decks).values({ ownerAnonId, title: 'Reading list' }).returning();
  deckId = deck!.id;
  sre = await seedSource(database.db, deckId, 'Monitoring Distributed Systems', packChunks(fixtureParagraphs('google-sre-book-1')), embedder);
  wikipedia = await seedSource(database.db, deckId, 'Mozilla - Wikipedia', packChunks(fixtureParagraphs('wikipedia')), embedder);
  chaos = await seedSource(database.db, deckId, 'The Hidden Heroines of Chaos', packChunks(fixtureParagraphs('quanta-1')), embedder);
  bbc = await seedSource(database.db, deckId, 'Obama admits US gun laws are his biggest frustration', packChunks(fixtureParagraphs('bbc-1')), embedder);
  // A source still embedded by another model (re-embedding pending): its vectors must never be compared.
  const text = ['The Webmaker curriculum of the Mozilla Foundation teaches web literacy to learners.'];
  stale = await seedSource(database.db, deckId, 'Old notes', text, embedder, { model: 'text-embedding-3-small', vectors: await embedder.embed(text) });
  await analyze(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await redis.quit();
});

const anon = (anonId = randomUUID()) => ({ kind: 'anonymous' as const, anonId, plan: 'anonymous' as const });
const owner = () => anon(ownerAnonId);

type RetrieveAnswer = {
  chunks: Array<{ content: string; score: number; sourceId: string; sourceTitle: string; chunkIndex: number }>;
  attribution: Array<{ sourceId: string; title: string; chunkIndexes: number[] }>;
  tokenCount: number;
};

async function retrieve(body: Record<string, unknown>, caller = owner()) {
  const res = await app.inject({ method: 'POST', url: '/chat/retrieve-context', headers: asCaller(caller), payload: { deckId, ...body } });
  if (res.statusCode === 200) findRoute('POST', '/chat/retrieve-context')!.response!.parse(res.json());
  return { status: res.statusCode, body: res.json() as RetrieveAnswer };
}

const holding = (answer: RetrieveAnswer, phrase: string) => answer.chunks.findIndex((c) => c.content.includes(phrase));

describe('POST /chat/retrieve-context', () => {
  it('finds the chunk that answers a paraphrased question, with the default body', async () => {
    // The article says "the greatest frustration of his presidency"; the question words it otherwise.
    const { status, body } = await retrieve({ query: 'What frustrated the president most during his time in office?' });
    expect(status).toBe(200);
    expect(body.chunks.length).toBeGreaterThan(0);
    expect(body.chunks.length).toBeLessThanOrEqual(5);
    expect(body.chunks[0]).toMatchObject({ sourceId: bbc.id, sourceTitle: bbc.title });
    expect(body.chunks[0]!.content).toContain('greatest frustration of his presidency');
  });

  it('finds it by meaning alone when hybrid search is off, the threshold calibrated to the embedder', async () => {
    const { body } = await retrieve({ query: 'When did people from Netscape start the Mozilla community?', useHybridSearch: false });
    const at = holding(body, 'Netscape');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(body.chunks[at]!.sourceId).toBe(wikipedia.id);
    // Vector only: the score is the calibrated similarity, best first, over the threshold.
    const scores = body.chunks.map((c) => c.score);
    expect(scores.every((s) => s >= 0.7 && s <= 1)).toBe(true);
  });

  it('finds the one chunk holding a rare keyword, in a question of many words', async () => {
    const only = chaos.chunks.filter((c) => c.includes('Jurassic'));
    expect(only).toHaveLength(1);
    const { body } = await retrieve({ query: 'What role did Jurassic Park play in making chaos theory popular?' });
    expect(body.chunks[0]!.content).toContain('Jurassic Park');
    expect(body.chunks[0]!.sourceId).toBe(chaos.id);
  });

  it('finds a name that occurs once, asked in a few words', async () => {
    const { body } = await retrieve({ query: 'Tell me about Zawinski' });
    expect(body.chunks[0]!.content).toContain('Zawinski');
  });

  it('keeps to the token budget: chunks by score, the last one truncated when more than 100 tokens remain', async () => {
    const query = 'monitoring alerts pages latency errors';
    const { body: full } = await retrieve({ query, topK: 10 });
    const { body } = await retrieve({ query, topK: 10, maxContextTokens: 400 });
    expect(body.tokenCount).toBeLessThanOrEqual(400);
    expect(body.tokenCount).toBe(body.chunks.reduce((n, c) => n + estimateTokens(c.content), 0));
    expect(body.chunks.length).toBeLessThan(full.chunks.length);
    // Every chunk but a truncated last one is whole, as retrieved without a budget.
    const whole = new Set(full.chunks.map((c) => c.content));
    const cut = body.chunks.filter((c) => !whole.has(c.content));
    expect(cut.length).toBeLessThanOrEqual(1);
    if (cut.length === 1) expect(cut[0]!.content.endsWith('…')).toBe(true);
    expect(full.tokenCount).toBeGreaterThan(400);
  });

  it('groups chunks by source and attributes each source with the chunk indexes it gave', async () => {
    const { body } = await retrieve({ query: 'Mozilla Firefox browser monitoring alerts', topK: 10 });
    const order = body.chunks.map((c) => c.sourceId);
    const firstSeen = [...new Set(order)];
    // Grouped: once a source's run ends it does not come back.
    expect(order).toEqual(firstSeen.flatMap((id) => order.filter((o) => o === id)));
    expect(body.attribution.map((a) => a.sourceId)).toEqual(firstSeen);
    for (const a of body.attribution)
      expect(a.chunkIndexes).toEqual(body.chunks.filter((c) => c.sourceId === a.sourceId).map((c) => c.chunkIndex));
    expect(body.attribution.find((a) => a.sourceId === sre.id)?.title).toBe(sre.title);
  });

  it('searches only the given sources of the deck; ids of other decks match nothing', async () => {
    const query = 'What frustrated the president most during his time in office?';
    const { body } = await retrieve({ query, sourceIds: [wikipedia.id, sre.id] });
    expect(body.chunks.length).toBeGreaterThan(0);
    expect(body.chunks.every((c) => c.sourceId === wikipedia.id || c.sourceId === sre.id)).toBe(true);

    const [other] = await database.db.insert(decks).values({ ownerAnonId, title: 'Other' }).returning();
    const foreign = await seedSource(database.db, other!.id, 'Foreign', [bbc.chunks[0]!], embedder);
    const { status, body: none } = await retrieve({ query, sourceIds: [foreign.id] });
    expect(status).toBe(200);
    expect(none.chunks).toEqual([]);
    expect(none.tokenCount).toBe(0);
  });

  it('never compares vectors of another embedding model, while full text still reads those chunks', async () => {
    const { body: vectorOnly } = await retrieve({
      query: 'The Webmaker curriculum of the Mozilla Foundation teaches web literacy to learners.',
      useHybridSearch: false,
      topK: 50,
    });
    expect(vectorOnly.chunks.length).toBeGreaterThan(0);
    expect(vectorOnly.chunks.some((c) => c.sourceId === stale.id)).toBe(false);
    const { body: hybrid } = await retrieve({ query: 'Webmaker curriculum' });
    expect(hybrid.chunks.some((c) => c.sourceId === stale.id)).toBe(true);
  });

  it('drops vector matches under the threshold', async () => {
    const { body } = await retrieve({ query: 'What frustrated the president most?', useHybridSearch: false, threshold: 1 });
    expect(body.chunks).toEqual([]);
  });

  it('lets a viewer of a published deck retrieve, and answers 404 for a private deck of someone else', async () => {
    const { status } = await retrieve({ query: 'Mozilla' }, anon());
    expect(status).toBe(404);

    const [published] = await database.db.insert(decks).values({ ownerAnonId: randomUUID(), title: 'Public', isPublished: true }).returning();
    await seedSource(database.db, published!.id, 'Mozilla', packChunks(fixtureParagraphs('wikipedia')).slice(0, 3), embedder);
    const res = await retrieve({ deckId: published!.id, query: 'Mozilla Netscape' }, anon());
    expect(res.status).toBe(200);
    expect(res.body.chunks.length).toBeGreaterThan(0);
  });
});

describe('GET /chat/sources/:sourceId/passages/:chunkIndex', () => {
  const passages = [
    'Mitochondria make ATP by cellular respiration in the inner membrane.',
    'Chloroplasts capture light energy and store it in sugars during photosynthesis.',
    'Ribosomes translate messenger RNA into proteins, one codon at a time.',
  ];
  let cited: SeededSource;
  let citedDeckId: string;
  beforeAll(async () => {
    // A deck of its own, so the other tests' counts of the reading list stay as they are.
    const [deck] = await database.db.insert(decks).values({ ownerAnonId, title: 'Biology' }).returning();
    citedDeckId = deck!.id;
    cited = await seedSource(database.db, citedDeckId, 'Cell biology handout', passages, embedder, {
      positions: [{ page: 1 }, { page: 2, heading: 'Plants' }, { startSeconds: 95 }],
    });
  });

  const passage = (sourceId: string, index: number | string, caller = owner()) =>
    app.inject({ method: 'GET', url: `/chat/sources/${sourceId}/passages/${index}`, headers: asCaller(caller) });

  it('gives retrieved chunks the page or second they start at', async () => {
    const { body } = await retrieve({ deckId: citedDeckId, query: 'Which organelle captures light energy in photosynthesis?' });
    expect(body.chunks[0]).toMatchObject({ chunkIndex: 1, page: 2 });
  });

  it('answers a cited passage with its text, page, heading and deck', async () => {
    const res = await passage(cited.id, 1);
    expect(res.statusCode).toBe(200);
    const body = findRoute('GET', '/chat/sources/:sourceId/passages/:chunkIndex')!.response!.parse(res.json());
    expect(body).toEqual({
      success: true,
      passage: {
        deckId: citedDeckId,
        sourceId: cited.id,
        sourceTitle: 'Cell biology handout',
        chunkIndex: 1,
        content: passages[1],
        page: 2,
        heading: 'Plants',
      },
    });
    expect((await passage(cited.id, 2)).json().passage).toMatchObject({ startSeconds: 95 });
  });

  it('answers 404 to a caller who may not view the deck, and for an index or source that does not exist', async () => {
    for (const res of [await passage(cited.id, 1, anon()), await passage(cited.id, 99), await passage(randomUUID(), 0)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    // The same answer for someone else's source as for a missing one: nothing to probe.
    expect((await passage(cited.id, 1, anon())).json().message).toBe((await passage(randomUUID(), 0)).json().message);
  });

  it('refuses an index that is not a whole number with 400', async () => {
    for (const bad of ['one', '-1', '1.5']) expect((await passage(cited.id, bad)).statusCode).toBe(400);
  });
});

describe('POST /chat/check-vector-availability', () => {
  const check = async (body: Record<string, unknown>, caller = owner()) => {
    const res = await app.inject({ method: 'POST', url: '/chat/check-vector-availability', headers: asCaller(caller), payload: body });
    if (res.statusCode === 200) findRoute('POST', '/chat/check-vector-availability')!.response!.parse(res.json());
    return res;
  };

  it('counts the chunks embedded by the current model, for the deck or the selected sources', async () => {
    const all = (await check({ deckId })).json();
    expect(all).toEqual({
      success: true,
      available: true,
      chunkCount: sre.chunks.length + wikipedia.chunks.length + chaos.chunks.length + bbc.chunks.length,
    });
    expect((await check({ deckId, sourceIds: [bbc.id] })).json()).toMatchObject({ available: true, chunkCount: bbc.chunks.length });
    // Chunks of another model do not count until they are re-embedded.
    expect((await check({ deckId, sourceIds: [stale.id] })).json()).toMatchObject({ available: false, chunkCount: 0 });
  });

  it('answers 404 for a deck the caller may not see', async () => {
    expect((await check({ deckId }, anon())).statusCode).toBe(404);
  });
});

describe('POST /chat/enhance-query', () => {
  const enhanceCall = async (body: Record<string, unknown>, caller = owner()) => {
    const res = await app.inject({ method: 'POST', url: '/chat/enhance-query', headers: asCaller(caller), payload: { deckId, ...body } });
    if (res.statusCode === 200) findRoute('POST', '/chat/enhance-query')!.response!.parse(res.json());
    return res;
  };
  const history = [
    { role: 'system' as const, content: 'You are a tutor.' },
    { role: 'user' as const, content: 'What is chaos theory?' },
    { role: 'assistant' as const, content: 'Chaos theory studies deterministic systems that look random.' },
    { role: 'user' as const, content: 'Who programmed the LGP-30 for Edward Lorenz?' },
    { role: 'assistant' as const, content: 'Margaret Hamilton and Ellen Fetter programmed the weather simulation.' },
    { role: 'user' as const, content: 'Where did Margaret Hamilton work afterwards?' },
  ];

  it('rewrites a follow-up to stand alone from the last four messages', async () => {
    let seen: readonly ChatTurn[] = [];
    enhance = async (input) => {
      seen = input.history;
      return localStudy.enhanceQuery(input);
    };
    const res = await enhanceCall({ query: 'And why?', chatHistory: history });
    expect(res.statusCode).toBe(200);
    const { enhancedQuery } = res.json();
    expect(enhancedQuery.startsWith('And why?')).toBe(true);
    expect(enhancedQuery.length).toBeGreaterThan('And why?'.length);
    expect(seen).toEqual(history.slice(-4));
  });

  it('answers the original query when the AI fails', async () => {
    enhance = async () => {
      throw new AiError('overloaded', 'provider said 529');
    };
    const res = await enhanceCall({ query: 'And why?', chatHistory: history });
    expect(res.json()).toEqual({ success: true, enhancedQuery: 'And why?' });
  });

  it('answers 404 for a deck the caller may not see', async () => {
    enhance = (input) => localStudy.enhanceQuery(input);
    expect((await enhanceCall({ query: 'What is chaos?' }, anon())).statusCode).toBe(404);
  });
});

describe('the vector query of a large deck', () => {
  it('finds through the HNSW index, with the deck filter, what the exact scan finds', async () => {
    const repository = createRetrievalRepository({ db: database.db });
    const [query] = await embedder.embed(['What are the four golden signals of monitoring?']);
    const scope = { deckId };
    const exact = await repository.nearest(scope, embedder.model, query!, 10, 10);
    // A scope size past the exact-scan limit takes the index path.
    const indexed = await repository.nearest(scope, embedder.model, query!, 10, Number.MAX_SAFE_INTEGER);
    expect(indexed).toHaveLength(10);
    expect(indexed[0]!.id).toBe(exact[0]!.id);
    expect(indexed.map((h) => h.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Only chunks of this deck and of the current model.
    const details = await repository.details(indexed.map((h) => h.id));
    expect(details.every((d) => d.sourceId !== stale.id)).toBe(true);
  });

  it('narrows the index path to the given sources, its settings confined to the call', async () => {
    const [query] = await embedder.embed(['What are the gun laws?']);
    const scope = { deckId, sourceIds: [bbc.id] };
    const exact = await createRetrievalRepository({ db: database.db }).nearest(scope, embedder.model, query!, 5, 5);
    await database.db.transaction(async (tx) => {
      // The transaction's own connection throughout: the embedded database serves one session.
      const inTx = createRetrievalRepository({ db: tx as unknown as typeof database.db });
      const indexed = await inTx.nearest(scope, embedder.model, query!, 5, Number.MAX_SAFE_INTEGER);
      expect(indexed).toHaveLength(exact.length);
      expect(indexed[0]!.id).toBe(exact[0]!.id);
      expect((await inTx.details(indexed.map((h) => h.id))).every((d) => d.sourceId === bbc.id)).toBe(true);
      // The iterative scan and ef_search hold for the index query alone, not for the rest of a
      // transaction the caller may have open.
      const { rows } = await tx.execute<{ scan: string; ef: string }>(
        sql`select current_setting('hnsw.iterative_scan') as scan, current_setting('hnsw.ef_search') as ef`,
      );
      expect(rows[0]).toEqual({ scan: 'off', ef: '40' });
    });
  });

  it('scans exactly when the kept counts say large but few chunks carry the current model', async () => {
    // The kept chunk count covers chunks without vectors or of another model (re-embedding
    // pending): here it claims a large scope, so the index is tried first; it finds fewer than the
    // candidates asked for, so this model's vectors are counted and scanned exactly.
    const real = createRetrievalRepository({ db: database.db });
    const counted: string[] = [];
    const repository = {
      ...real,
      counts: async (scope: Parameters<typeof real.counts>[0], query: string) => ({
        ...(await real.counts(scope, query)),
        size: 1_000_000,
      }),
      countEmbedded: async (...args: Parameters<typeof real.countEmbedded>) => {
        counted.push(args[1]);
        return real.countEmbedded(...args);
      },
    };
    const access = { forDeck: async () => ({}) } as unknown as DeckAccessChecker;
    const body = {
      deckId,
      sourceIds: [bbc.id, stale.id],
      query: 'What are the gun laws?',
      topK: 30,
      threshold: 0,
      useHybridSearch: false,
      maxContextTokens: 100_000,
    };
    const told = await createRetrievalService({ db: database.db, embedder, study, access, repository }).retrieve(owner(), body);
    const plain = await createRetrievalService({ db: database.db, embedder, study, access }).retrieve(owner(), body);
    expect(counted).toEqual([embedder.model]);
    expect(told.chunks.map((c) => c.chunkIndex)).toEqual(plain.chunks.map((c) => c.chunkIndex));
    expect(told.chunks.length).toBeGreaterThan(0);
    expect(told.chunks.every((c) => c.sourceId === bbc.id)).toBe(true);
  });
});
