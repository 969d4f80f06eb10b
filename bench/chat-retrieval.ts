/**
 * Chat retrieval at scale, through the gateway, with the embedded defaults (PGlite + pgvector, the
 * offline AI provider) as `npm start` runs Mnemo:
 *   - one deck of 10,000 then 100,000 chunks of real article text (paragraphs of the web fixtures,
 *     recombined so every chunk differs), embedded by the local hashing embedder;
 *   - POST /api/chat/retrieve-context latency p50/p95 at each size (default body, hybrid);
 *   - the exact scan and the HNSW path of the vector query timed side by side, and the query plans;
 *   - a small deck among the 100,000 chunks: what a plain `ORDER BY embedding <=> q` with a deck
 *     filter returns through the HNSW index, against the exact scan the service uses;
 *   - time to the first streamed token of POST /api/chat/stream/ephemeral on the 10k deck;
 *   - the repository's full-text side against two older ones kept below, interleaved, in-process:
 *     `cappedMatching` (the capped query before the word counts were kept, "before") and
 *     `exhaustiveMatching` (every matching chunk ranked, the reference for recall): time of each,
 *     and recall of the current answers against both, of the full-text side (its 20 candidates) and
 *     of the whole retrieval (the service's chunks with each full-text side).
 * Prints figures with the load average; asserts nothing.
 *
 *   pnpm build && pnpm bench:chat        (needs Redis on 127.0.0.1:6379, like npm start)
 *   BENCH_SIZES=10000,100000 BENCH_REQUESTS=60 to change the sizes or the number of timed calls.
 *   BENCH_TEXT_ONLY=1: the full-text side alone (chunks stored without vectors, no stack), the three
 *   queries in-process; seeds 100,000 chunks in a fraction of the time (BENCH_DATA_DIR keeps them).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { createDb } from '../packages/db/src/client';
import { startEmbeddedPostgres } from '../packages/db/src/embedded';
import { runMigrations } from '../packages/db/src/migrate';
import { decks, sourceChunks, sources } from '../packages/db/src/schema/index';
import { createHashingEmbedder } from '../packages/ai/src/providers/local/index';
import { webFixtureNames } from '../packages/ai/src/providers/local/fixture-text';
import { fixtureParagraphs } from '../apps/chat/src/modules/retrieval/retrieval.test-data';
import {
  ALL_TERMS_CANDIDATES,
  COMMON_TERM_CHUNKS,
  COMMON_TERM_SAMPLE,
  createRetrievalRepository,
  type ChunkScope,
  EXACT_SCAN_MAX_CHUNKS,
  type TextHit,
} from '../apps/chat/src/modules/retrieval/retrieval.repository';
import { createRetrievalService } from '../apps/chat/src/modules/retrieval/retrieval.service';
import type { DeckAccessChecker } from '../apps/chat/src/modules/access/deck-access';
import { untilLauncherReady } from './launcher-ready';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const DIMENSIONS = 384;
const TEXT_ONLY = process.env.BENCH_TEXT_ONLY === '1';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (t: number) => `${t.toFixed(1)} ms`;
const say = (line: string) => process.stdout.write(`${line}\n`);
const load = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`;

say(`Chat retrieval bench — ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);

// --- Text: every paragraph of the web fixtures, recombined into distinct chunks of 150-300 words.
const pool = webFixtureNames().flatMap((name) => fixtureParagraphs(name));
let seed = 0x2545f491;
const random = () => {
  // mulberry32: deterministic, so every run seeds the same text.
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
function nextChunk(): string {
  const parts: string[] = [];
  let words = 0;
  while (words < 150) {
    const p = pool[Math.floor(random() * pool.length)]!;
    const n = p.split(' ').length;
    if (words > 0 && words + n > 300) break;
    parts.push(p);
    words += n;
  }
  return parts.join('\n\n');
}
say(`text pool: ${pool.length} paragraphs of ${webFixtureNames().length} web fixtures`);

// --- The database: embedded PGlite served over the wire, shared with the launched stack.
// BENCH_DATA_DIR keeps the seeded database between runs (text-only mode), so a change of the query
// can be measured again without seeding 100,000 chunks again.
const DATA_DIR = TEXT_ONLY ? process.env.BENCH_DATA_DIR : undefined;
const pg = await startEmbeddedPostgres({ maxConnections: 100, ...(DATA_DIR ? { dataDir: DATA_DIR } : {}) });
const migrateStart = performance.now();
await runMigrations(pg.url, { embeddingDimensions: DIMENSIONS });
// On a kept database (BENCH_DATA_DIR) this includes any new migration, such as 0015 counting the words of every stored chunk.
say(`migrations applied in ${ms(performance.now() - migrateStart)}`);
const { db, close: closeDb } = createDb({ url: pg.url, max: 4 });
const embedder = createHashingEmbedder({ dimensions: DIMENSIONS });
const repository = createRetrievalRepository({ db });

/**
 * The full-text query as it was before its candidates were capped (commit 17086fa): every chunk
 * holding a query word is ranked. Kept here only as the reference the capped query is measured
 * against (time and recall).
 */
async function exhaustiveMatching(scope: ChunkScope, query: string, limit: number, scopeSize: number): Promise<TextHit[]> {
  const common = 1_000;
  const { rows } = await db.execute<{ id: string; all_terms: boolean }>(sql`
    with terms as (
      select t.lexeme, quote_literal(t.lexeme)::tsquery as tq,
             (select count(*) from (
                select 1 from source_chunks c
                where c.deck_id = ${scope.deckId} and c.tsv @@ quote_literal(t.lexeme)::tsquery
                limit ${common}) as capped) as df
      from unnest(tsvector_to_array(to_tsvector('english', ${query}))) as t(lexeme)
    ),
    kept as (
      select * from terms
      where df > 0 and (df < ${common} or not exists (select 1 from terms r where r.df > 0 and r.df < ${common}))
    ),
    q as (
      select websearch_to_tsquery('english', ${query}) as strict,
             (select string_agg(quote_literal(lexeme), ' | ')::tsquery from kept) as loose
    ),
    m as (
      select c.id, (c.tsv @@ q.strict) as all_terms, ts_rank_cd(c.tsv, q.loose, 2) as density,
             (select sum(power(ln(1 + (greatest(${scopeSize}, k.df) - k.df + 0.5) / (k.df + 0.5)), 2))
              from kept k where c.tsv @@ k.tq) as weight
      from source_chunks c, q
      where c.deck_id = ${scope.deckId} and q.loose is not null and c.tsv @@ q.loose
    )
    select id, all_terms from m order by all_terms desc, weight desc, density desc, id limit ${limit}`);
  return rows.map((r, i) => ({ id: r.id, rank: i + 1, allTerms: r.all_terms }));
}
/**
 * The full-text query as it was before the per-source word counts (commit fe0ae3e, issue 25 morning):
 * a capped candidate set, each word's chunks listed from the GIN index up to 1,000 to count its df,
 * and the scope's size counted exactly by the service before both sides. Kept here as the "before"
 * the current query is timed against, and to check that the answers did not change.
 */
async function cappedMatching(scope: ChunkScope, query: string, limit: number, scopeSize: number): Promise<TextHit[]> {
  const scoped = sql`c.deck_id = ${scope.deckId}`;
  const { rows } = await db.execute<{ id: string; all_terms: boolean }>(sql`
    with words as (
      select distinct t.lexeme, quote_literal(t.lexeme)::tsquery as tq
      from unnest(tsvector_to_array(to_tsvector('english', ${query}))) as t(lexeme)
    ),
    hits as materialized (
      select w.lexeme, h.id, h.n
      from words w cross join lateral (
        select c.id, row_number() over () as n from source_chunks c
        where ${scoped} and c.tsv @@ w.tq
        limit ${COMMON_TERM_CHUNKS}) as h
    ),
    terms as (
      select w.lexeme, w.tq, (select count(*) from hits h where h.lexeme = w.lexeme) as df from words w
    ),
    kept as (
      select * from terms
      where df > 0 and (df < ${COMMON_TERM_CHUNKS}
                        or not exists (select 1 from terms r where r.df > 0 and r.df < ${COMMON_TERM_CHUNKS}))
    ),
    q as (
      select websearch_to_tsquery('english', ${query}) as strict,
             (select string_agg(quote_literal(lexeme), ' | ')::tsquery from kept) as loose
    ),
    every_word as materialized (
      select c.id from source_chunks c, q
      where ${scoped} and c.tsv @@ q.strict and q.loose is not null
      limit ${ALL_TERMS_CANDIDATES}
    ),
    all_but_one as (
      select k.lexeme, (select string_agg(quote_literal(o.lexeme), ' & ')::tsquery
                        from kept o where o.lexeme <> k.lexeme) as tq
      from kept k
      where k.df >= ${COMMON_TERM_CHUNKS} and (select count(*) from every_word) < ${limit}
    ),
    candidates as (
      select h.id from hits h join kept k on k.lexeme = h.lexeme
      where k.df < ${COMMON_TERM_CHUNKS} or h.n <= ${COMMON_TERM_SAMPLE}
      union select id from every_word
      union
      select n.id from all_but_one a cross join lateral (
        select c.id from source_chunks c
        where ${scoped} and a.tq is not null and c.tsv @@ a.tq
        limit ${COMMON_TERM_SAMPLE}) as n
    ),
    m as (
      select c.id, (c.tsv @@ q.strict) as all_terms, ts_rank_cd(c.tsv, q.loose, 2) as density,
             (select sum(power(ln(1 + (greatest(${scopeSize}, k.df) - k.df + 0.5) / (k.df + 0.5)), 2))
              from kept k where c.tsv @@ k.tq) as weight
      from source_chunks c, q
      where c.id = any(array(select id from candidates)) and q.loose is not null and c.tsv @@ q.loose
    )
    select id, all_terms from m
    order by all_terms desc, weight desc, density desc, id
    limit ${limit}`);
  return rows.map((r, i) => ({ id: r.id, rank: i + 1, allTerms: r.all_terms }));
}
// The service in-process (no gateway, no access check), with the capped and with the old full-text side.
const openAccess = { forDeck: async () => ({}) } as unknown as DeckAccessChecker;
const noEnhance = { enhanceQuery: async ({ query }: { query: string }) => query };
/**
 * The service with the current repository, and as it was this morning: an exact count of the scope
 * (run once, its result given to the full-text side) and the capped query; and with the old
 * exhaustive full-text side. `knownSize` is set per deck size below.
 */
let knownSize = 0;
const exactCount: typeof repository.countEmbedded = (scope, model) => repository.countEmbedded(scope, model);
const services = {
  current: createRetrievalService({ db, embedder, study: noEnhance, access: openAccess, repository }),
  capped: createRetrievalService({
    db,
    embedder,
    study: noEnhance,
    access: openAccess,
    repository: { ...repository, countEmbedded: exactCount, matching: (scope, q, limit) => cappedMatching(scope, q, limit, knownSize) },
  }),
  exhaustive: createRetrievalService({
    db,
    embedder,
    study: noEnhance,
    access: openAccess,
    repository: { ...repository, countEmbedded: exactCount, matching: (scope, q, limit) => exhaustiveMatching(scope, q, limit, knownSize) },
  }),
};
const benchOwner = { kind: 'anonymous' as const, anonId: randomUUID(), plan: 'anonymous' as const };
const retrieveBody = (query: string) => ({
  deckId,
  query,
  topK: 5,
  threshold: 0.7,
  useHybridSearch: true,
  maxContextTokens: 3000,
});

// The decks are seeded before the stack runs; they move to the guest the gateway issues below.
let anonId = randomUUID();
const [kept] = DATA_DIR ? await db.select().from(decks).where(eq(decks.title, 'Bench deck')).limit(1) : [];
const [deck] = kept ? [kept] : await db.insert(decks).values({ ownerAnonId: anonId, title: 'Bench deck' }).returning();
const deckId = deck!.id;

let seeded = kept
  ? ((await db.execute<{ n: number }>(sql`select count(*)::int as n from source_chunks where deck_id = ${deckId}`)).rows[0]?.n ?? 0)
  : 0;
if (kept) say(`reusing ${seeded} chunks of ${DATA_DIR}`);
let embedMs = 0;
let insertMs = 0;
/** Adds chunks to the deck (one source per 1,000 chunks) up to `total`. */
async function seedTo(total: number, target = deckId) {
  while (seeded < total) {
    const n = Math.min(1000, total - seeded);
    const [source] = await db
      .insert(sources)
      .values({ deckId: target, type: 'website', title: `Reading ${seeded / 1000 + 1}`, processingStatus: 'completed' })
      .returning({ id: sources.id });
    const texts = Array.from({ length: n }, nextChunk);
    let t = performance.now();
    const vectors = TEXT_ONLY ? [] : await embedder.embed(texts);
    embedMs += performance.now() - t;
    t = performance.now();
    for (let i = 0; i < n; i += 250)
      await db.insert(sourceChunks).values(
        texts.slice(i, i + 250).map((content, j) => ({
          sourceId: source!.id,
          deckId: target,
          chunkIndex: i + j,
          content,
          tokenCount: Math.ceil(content.split(' ').length / 0.75),
          ...(TEXT_ONLY ? {} : { embedding: vectors[i + j]!, embeddingModel: embedder.model }),
        })),
      );
    insertMs += performance.now() - t;
    seeded += n;
  }
}

/** Bulk loads go faster without the HNSW and GIN indexes; they are rebuilt (and timed) after each load. */
const dropIndexes = () =>
  db.execute(sql`drop index if exists source_chunks_embedding_hnsw; drop index if exists source_chunks_tsv_gin`);
async function rebuildIndex() {
  await dropIndexes();
  const t = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
    if (!TEXT_ONLY)
      await tx.execute(sql`create index source_chunks_embedding_hnsw on source_chunks using hnsw (embedding vector_cosine_ops)`);
    await tx.execute(sql`create index source_chunks_tsv_gin on source_chunks using gin (tsv)`);
  });
  await db.execute(sql`analyze source_chunks`);
  return performance.now() - t;
}

const QUESTIONS = [
  'What frustrated the president most during his time in office?',
  'When did people from Netscape start the Mozilla community?',
  'What are the four golden signals of monitoring?',
  'What role did Jurassic Park play in making chaos theory popular?',
  'Who programmed the computer Lorenz used for weather simulations?',
  'Why should a page be actionable and urgent?',
  'How does the Firefox browser let users customize the toolbar?',
  'What did the IETF say about the protocol design?',
  'Tell me about Zawinski',
  'How is black-box monitoring different from white-box monitoring?',
  'What happened at the cinema in Louisiana?',
  'Which products does Mozilla make besides Firefox?',
];

if (TEXT_ONLY) {
  try {
    for (const size of SIZES) {
      if (seeded > size) continue;
      const fresh = seeded < size;
      if (fresh) await dropIndexes();
      await seedTo(size);
      const buildMs = fresh ? await rebuildIndex() : 0;
      say(`\n${size} chunks seeded without vectors (inserting ${(insertMs / 1000).toFixed(1)} s so far); GIN index built in ${(buildMs / 1000).toFixed(1)} s`);
      await compareFullText(size);
    }
  } finally {
    await closeDb();
    await pg.close();
  }
  process.exit(0);
}

// --- The stack, as npm start runs it, on our database.
const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-bench-chat-'));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const launcher = spawn(process.execPath, ['apps/launcher/dist/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MNEMO_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: pg.url },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await untilLauncherReady(launcher);
// Guest ids come from the gateway (clients cannot make their own): take one, give it the deck.
const guest = ((await (await fetch(`${base}/api/auth/anonymous-sessions`, { method: 'POST' })).json()) as { sessionId: string }).sessionId;
await db.update(decks).set({ ownerAnonId: guest.split('.')[0]! }).where(eq(decks.ownerAnonId, anonId));
anonId = guest.split('.')[0]!;
const headers = { 'x-anonymous-session': guest, 'content-type': 'application/json' };
const post = (path: string, body: unknown) => fetch(`${base}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

async function timeRetrieval(label: string) {
  for (const q of QUESTIONS.slice(0, 4)) await (await post('/chat/retrieve-context', { deckId, query: q })).json(); // warm-up
  const times: number[] = [];
  let returned = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await post('/chat/retrieve-context', { deckId, query: QUESTIONS[i % QUESTIONS.length] });
    const body = (await res.json()) as { chunks?: unknown[] };
    if (!res.ok) throw new Error(`retrieve-context: ${res.status} ${JSON.stringify(body)}`);
    times.push(performance.now() - t);
    returned += body.chunks?.length ?? 0;
  }
  say(`${label}: retrieve-context through the gateway, ${REQUESTS} calls: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))} (${(returned / REQUESTS).toFixed(1)} chunks a call; ${load()})`);
}

/** The vector query alone, both paths, in-process against the same database. */
async function timeVectorPaths(size: number) {
  const scope = { deckId };
  for (const [label, scopeSize] of [['exact scan', 0], ['HNSW + iterative scan', Number.MAX_SAFE_INTEGER]] as const) {
    const times: number[] = [];
    for (let i = 0; i < 24; i++) {
      const [v] = await embedder.embed([QUESTIONS[i % QUESTIONS.length]!]);
      const t = performance.now();
      await repository.nearest(scope, embedder.model, v!, 20, scopeSize);
      times.push(performance.now() - t);
    }
    say(`  vector query, ${label} of ${size} chunks: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}`);
  }
}

/**
 * The full-text side three ways, interleaved on the same questions: the current query (per-source
 * word counts, a capped candidate set), this morning's capped query ("before", df counted from the
 * GIN index per query, exact scope count) and the exhaustive one (every match ranked, the reference
 * for recall); then the whole retrieval in-process with the current and the morning's repository.
 * Prints times and recall: the current answers against the morning's and against the exhaustive
 * ones (the full-text side's 20 candidates, and the chunks the whole retrieval returns).
 */
async function compareFullText(size: number) {
  const scope = { deckId };
  knownSize = await repository.countEmbedded(scope, embedder.model);
  if (TEXT_ONLY) knownSize = size; // no vectors: the morning's service counted the embedded chunks
  const times = {
    current: [] as number[],
    capped: [] as number[],
    exhaustive: [] as number[],
    count: [] as number[],
    boundedCount: [] as number[],
    retrieveCurrent: [] as number[],
    retrieveCapped: [] as number[],
  };
  const recall = {
    vsCapped: { kept: 0, total: 0 },
    vsExhaustive: { kept: 0, total: 0 },
    cappedVsExhaustive: { kept: 0, total: 0 },
    chunksVsCapped: { kept: 0, total: 0, identical: 0 },
    chunksVsExhaustive: { kept: 0, total: 0, identical: 0 },
  };
  const tally = (into: { kept: number; total: number }, got: readonly { id: string }[], want: readonly { id: string }[]) => {
    const ids = new Set(got.map((h) => h.id));
    into.kept += want.filter((h) => ids.has(h.id)).length;
    into.total += want.length;
  };
  const timed = async <T>(into: number[], run: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await run();
    into.push(performance.now() - t);
    return result;
  };
  type Chunks = Awaited<ReturnType<typeof services.current.retrieve>>['chunks'];
  const key = (c: { sourceId: string; chunkIndex: number }) => `${c.sourceId}:${c.chunkIndex}`;
  const tallyChunks = (into: { kept: number; total: number; identical: number }, got: Chunks, want: Chunks) => {
    const ids = new Set(got.map(key));
    into.kept += want.filter((c) => ids.has(key(c))).length;
    into.total += want.length;
    if (got.map(key).join() === want.map(key).join()) into.identical++;
  };
  for (let i = 0; i < 24; i++) {
    const question = QUESTIONS[i % QUESTIONS.length]!;
    await timed(times.count, () => repository.countEmbedded(scope, embedder.model));
    await timed(times.boundedCount, () => repository.countEmbedded(scope, embedder.model, EXACT_SCAN_MAX_CHUNKS + 1));
    const current = await timed(times.current, () => repository.matching(scope, question, 20));
    const capped = await timed(times.capped, () => cappedMatching(scope, question, 20, knownSize));
    const old = await timed(times.exhaustive, () => exhaustiveMatching(scope, question, 20, knownSize));
    // One after the other: PGlite's socket answers one connection's extended protocol at a time.
    const after = await timed(times.retrieveCurrent, () => services.current.retrieve(benchOwner, retrieveBody(question)));
    const before = await timed(times.retrieveCapped, () => services.capped.retrieve(benchOwner, retrieveBody(question)));
    if (i >= QUESTIONS.length) continue; // recall once per question
    tally(recall.vsCapped, current, capped);
    tally(recall.vsExhaustive, current, old);
    tally(recall.cappedVsExhaustive, capped, old);
    tallyChunks(recall.chunksVsCapped, after.chunks, before.chunks);
    const reference = await services.exhaustive.retrieve(benchOwner, retrieveBody(question));
    tallyChunks(recall.chunksVsExhaustive, after.chunks, reference.chunks);
  }
  const fig = (xs: number[]) => `p50 ${ms(pct(xs, 50))}, p95 ${ms(pct(xs, 95))}`;
  const part = (r: { kept: number; total: number }) => `${r.kept}/${r.total} (${((100 * r.kept) / Math.max(1, r.total)).toFixed(1)}%)`;
  say(`  full-text query of ${size} chunks, 24 calls each, interleaved (${load()}):`);
  say(`    current (kept word counts)      ${fig(times.current)}`);
  say(`    before (capped, df per query)   ${fig(times.capped)}; ratio of p95s ${(pct(times.capped, 95) / pct(times.current, 95)).toFixed(1)}x`);
  say(`    exhaustive (every match ranked) ${fig(times.exhaustive)}`);
  say(`  scope count: exact ${fig(times.count)}; stopping at ${EXACT_SCAN_MAX_CHUNKS + 1} ${fig(times.boundedCount)}`);
  say(`  retrieval in-process (no gateway${TEXT_ONLY ? ', no vectors' : ''}): current ${fig(times.retrieveCurrent)}; before ${fig(times.retrieveCapped)}`);
  say(`  recall, ${QUESTIONS.length} questions, the full-text side's 20: current vs before ${part(recall.vsCapped)}; current vs exhaustive ${part(recall.vsExhaustive)}; before vs exhaustive ${part(recall.cappedVsExhaustive)}`);
  say(`  the retrieved chunks: current vs before ${part(recall.chunksVsCapped)}, same order ${recall.chunksVsCapped.identical}/${QUESTIONS.length}; current vs exhaustive ${part(recall.chunksVsExhaustive)}, same order ${recall.chunksVsExhaustive.identical}/${QUESTIONS.length}`);
}

async function explain(label: string, query: ReturnType<typeof sql>) {
  const { rows } = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, costs off) ${query}`);
  const lines = rows.map((r) => `    ${r['QUERY PLAN'].replace(/'\[[^\]]*\]'::vector/g, "'[query vector]'::vector")}`);
  say(`  plan, ${label}:\n${lines.join('\n')}`);
}

/**
 * A chat question as the spec's client asks it: retrieve-context, then the ephemeral stream with the
 * chunks as vectorContext. Times the stream call to its first `event: chunk`, and the whole path.
 */
async function timeFirstToken(size: number) {
  const stream: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < 7; i++) {
    const question = QUESTIONS[i % QUESTIONS.length]!;
    const t0 = performance.now();
    const context = (await (await post('/chat/retrieve-context', { deckId, query: question })).json()) as { chunks: unknown[] };
    const t1 = performance.now();
    const res = await post('/chat/stream/ephemeral', { deckId, message: question, vectorContext: context.chunks });
    if (!res.ok || !res.body) {
      say(`  stream/ephemeral answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      return;
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let first: number | undefined;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      if (first === undefined && buffer.includes('event: chunk')) first = performance.now();
    }
    if (first === undefined) {
      say(`  stream/ephemeral sent no chunk event: ${buffer.slice(0, 200)}`);
      return;
    }
    if (i === 0) continue; // the first call warms the offline tutor
    stream.push(first - t1);
    whole.push(first - t0);
  }
  say(`${size} chunks: time to first streamed token, POST /api/chat/stream/ephemeral with the retrieved chunks (offline tutor), ${stream.length} calls: p50 ${ms(pct(stream, 50))}, p95 ${ms(pct(stream, 95))}; retrieve-context + stream: p50 ${ms(pct(whole, 50))}, p95 ${ms(pct(whole, 95))}`);
}

try {
  for (const size of SIZES) {
    await dropIndexes();
    await seedTo(size);
    const buildMs = await rebuildIndex();
    say(`\n${size} chunks seeded (embedding ${(embedMs / 1000).toFixed(1)} s, inserting ${(insertMs / 1000).toFixed(1)} s so far); HNSW + GIN indexes built in ${(buildMs / 1000).toFixed(1)} s`);
    await timeRetrieval(`${size} chunks`);
    await timeVectorPaths(size);
    await compareFullText(size);
    if (size === SIZES[0]) await timeFirstToken(size);
  }

  // One deck of the size a user really has, among all those chunks.
  const [small] = await db.insert(decks).values({ ownerAnonId: anonId, title: 'Small deck' }).returning();
  const before = seeded;
  await seedTo(before + 200, small!.id);
  await db.execute(sql`analyze source_chunks`);
  const [v] = await embedder.embed([QUESTIONS[0]!]);
  const q = `[${v!.join(',')}]`;
  say(`\nA deck of 200 chunks among ${before} others:`);
  const naive = await db.execute(sql`
    select c.id from source_chunks c where c.deck_id = ${small!.id} and c.embedding_model = ${embedder.model}
    order by c.embedding <=> ${q}::vector limit 20`);
  const exact = await repository.nearest({ deckId: small!.id }, embedder.model, v!, 20, 200);
  say(`  plain ORDER BY embedding <=> q with the deck filter returned ${naive.rows.length} of 20 rows; the service's exact scan ${exact.length}`);
  await explain('plain ORDER BY with the deck filter (small deck)', sql`
    select c.id from source_chunks c where c.deck_id = ${small!.id} and c.embedding_model = ${embedder.model}
    order by c.embedding <=> ${q}::vector limit 20`);
  await explain('service, exact scan (small deck)', sql`
    with scoped as materialized (
      select c.id, c.embedding <=> ${q}::vector as distance from source_chunks c
      where c.deck_id = ${small!.id} and c.embedding_model = ${embedder.model} and c.embedding is not null)
    select id, distance from scoped order by distance, id limit 20`);
  await explain(`plain ORDER BY, the ${before}-chunk deck`, sql`
    select c.id from source_chunks c where c.deck_id = ${deckId} and c.embedding_model = ${embedder.model}
    order by c.embedding <=> ${q}::vector limit 20`);
  await explain(`full text, the ${before}-chunk deck`, sql`
    select c.id from source_chunks c
    where c.deck_id = ${deckId} and c.tsv @@ replace(plainto_tsquery('english', ${QUESTIONS[0]!})::text, ' & ', ' | ')::tsquery
    order by ts_rank_cd(c.tsv, replace(plainto_tsquery('english', ${QUESTIONS[0]!})::text, ' & ', ' | ')::tsquery, 2) desc limit 20`);
} finally {
  launcher.kill('SIGTERM');
  await new Promise((r) => launcher.once('exit', r));
  await closeDb();
  await pg.close();
  rmSync(dataDir, { recursive: true, force: true });
}
