/**
 * Chat retrieval at scale, through the gateway, with the embedded defaults (PGlite + pgvector with the
 * launcher's buffer pool, the offline AI provider) as `npm start` runs Mnemo:
 *   - one deck of 10,000 then 100,000 chunks of real article text (paragraphs of the web fixtures,
 *     recombined so every chunk differs), embedded by the local hashing embedder;
 *   - POST /api/chat/retrieve-context latency p50/p95 at each size (default body, hybrid);
 *   - the exact scan and the HNSW path of the vector query timed side by side, and the query plans;
 *   - a small deck among the 100,000 chunks: what a plain `ORDER BY embedding <=> q` with a deck
 *     filter returns through the HNSW index, against the exact scan the service uses;
 *   - time to the first streamed token of POST /api/chat/stream/ephemeral on the 10k deck;
 *   - the repository's full-text side against two older ones kept below, interleaved, in-process:
 *     `countedMatching` (the query of the kept word counts before its lists stopped early and its
 *     ranked candidates were capped, "before") and `exhaustiveMatching` (every matching chunk
 *     ranked, the reference for recall, run once per question): time of each, and recall of the
 *     current answers against both, of the full-text side (its 20 candidates) and of the whole
 *     retrieval (the service's chunks with each full-text side).
 * Prints figures with the load average; asserts nothing.
 *
 *   pnpm build && pnpm bench:chat        (needs Redis on 127.0.0.1:6379, like npm start)
 *   BENCH_SIZES=10000,100000 BENCH_REQUESTS=60 to change the sizes or the number of timed calls.
 *   BENCH_TEXT_ONLY=1: the full-text side alone (chunks stored without vectors, no stack), the three
 *   queries in-process; seeds 100,000 chunks in a fraction of the time (BENCH_DATA_DIR keeps them).
 *   BENCH_SEED_ONLY=1 with BENCH_DATA_DIR: seed the largest size (with its indexes) and stop.
 *   BENCH_BEFORE_ROOT=/path/to/an/older/checkout: "before" is that checkout's retrieval repository
 *   (its `matching` and the rest, on this database with this checkout's migrations) instead of
 *   `countedMatching` below.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
  RANKED_CANDIDATES,
  type ChunkScope,
  type TextHit,
} from '../apps/chat/src/modules/retrieval/retrieval.repository';
import { createRetrievalService } from '../apps/chat/src/modules/retrieval/retrieval.service';
import type { DeckAccessChecker } from '../apps/chat/src/modules/access/deck-access';
import { LAUNCHER_ENV } from '../apps/launcher/launch-env.mjs';
import { envSchema as launcherEnvSchema } from '../apps/launcher/src/env';
import { launcherEnvOf, untilLauncherReady } from './launcher-ready';

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
// BENCH_DATA_DIR keeps the seeded database between runs (either mode), so a change of the query can
// be measured again without seeding 100,000 chunks again (~25 min with vectors). A kept deck only
// grows: a rerun measures the sizes at or above what it holds.
const DATA_DIR = process.env.BENCH_DATA_DIR;
// The embedded database as the launcher starts it (apps/launcher/src/main.ts): its buffer pool
// (EMBEDDED_SHARED_BUFFERS_MB, 32 MB by default, read through the launcher's own env schema so the
// two cannot drift) rather than PGlite's default 128 MB, which a 100,000-chunk deck's index pages fit
// in and Mnemo's do not.
const sharedBuffersMb = launcherEnvSchema.shape.EMBEDDED_SHARED_BUFFERS_MB.parse(process.env.EMBEDDED_SHARED_BUFFERS_MB);
const pg = await startEmbeddedPostgres({ maxConnections: 100, sharedBuffersMb, ...(DATA_DIR ? { dataDir: DATA_DIR } : {}) });
say(`embedded database: shared_buffers ${sharedBuffersMb} MB (the launcher's setting)`);
const migrateStart = performance.now();
await runMigrations(pg.url, { embeddingDimensions: DIMENSIONS });
// On a kept database (BENCH_DATA_DIR) this includes any new migration, such as 0015 counting the words of every stored chunk.
say(`migrations applied in ${ms(performance.now() - migrateStart)}`);
const { db, close: closeDb } = createDb({ url: pg.url, max: 4 });
const embedder = createHashingEmbedder({ dimensions: DIMENSIONS });
const repository = createRetrievalRepository({ db });
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT;
/** The older checkout's repository when BENCH_BEFORE_ROOT names one (see the top of this file). */
const beforeRepository: typeof repository | undefined = BEFORE_ROOT
  ? (
      (await import(
        resolve(BEFORE_ROOT, 'apps/chat/src/modules/retrieval/retrieval.repository.ts')
      )) as { createRetrievalRepository: typeof createRetrievalRepository }
    ).createRetrievalRepository({ db })
  : undefined;

/** The older checkout's retrieval service (BENCH_BEFORE_ROOT), which goes with its repository. */
const beforeService: typeof createRetrievalService | undefined = BEFORE_ROOT
  ? (
      (await import(resolve(BEFORE_ROOT, 'apps/chat/src/modules/retrieval/retrieval.service.ts'))) as {
        createRetrievalService: typeof createRetrievalService;
      }
    ).createRetrievalService
  : undefined;

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
 * The full-text query as it was with the per-source word counts (commit f5acb03, issue 25): df and
 * the scope's size read from source_term_stats/source_chunk_stats, the chunks holding every word
 * (up to 1,000) ranked, and when fewer than `limit` hold them all, all-but-one and per-word lists
 * of 200 each ranked too, every candidate's words read. Kept here as the "before" the current query
 * is timed against, and to measure how its answers changed.
 */
async function countedMatching(scope: ChunkScope, query: string, limit: number): Promise<TextHit[]> {
  const scoped = sql`c.deck_id = ${scope.deckId}`;
  const { rows: counted } = await db.execute<{ lexeme: string; df: number; size: number }>(sql`
    with words as (
      select distinct t.lexeme from unnest(tsvector_to_array(to_tsvector('english', ${query}))) as t(lexeme)
    ),
    scoped as (select s.id from sources s where s.deck_id = ${scope.deckId})
    select w.lexeme,
           coalesce((select sum(st.chunks) from source_term_stats st
                     where st.source_id in (select id from scoped) and st.term = w.lexeme), 0)::int as df,
           coalesce((select sum(cs.chunks) from source_chunk_stats cs
                     where cs.source_id in (select id from scoped)), 0)::int as size
    from words w`);
  const present = counted.filter((t) => t.df > 0);
  const rare = present.filter((t) => t.df < COMMON_TERM_CHUNKS);
  const kept = rare.length > 0 ? rare : present;
  if (kept.length === 0) return [];
  const keptJson = JSON.stringify(kept.map((t) => ({ term: t.lexeme, df: Math.min(t.df, COMMON_TERM_CHUNKS) })));
  const scopeSize = counted[0]?.size ?? 0;
  const candidates =
    rare.length === 0
      ? sql`
      every_word as materialized (
        select c.id from source_chunks c, q where ${scoped} and c.tsv @@ q.strict limit ${ALL_TERMS_CANDIDATES}
      ),
      few as (select (select count(*) from every_word) < ${limit} as yes),
      all_but_one as (
        select (select string_agg(quote_literal(o.term), ' & ')::tsquery from kept o where o.term <> k.term) as tq
        from kept k, few where few.yes
      ),
      candidates as (
        select id from every_word
        union
        select n.id from all_but_one a cross join lateral (
          select c.id from source_chunks c where ${scoped} and a.tq is not null and c.tsv @@ a.tq
          limit ${COMMON_TERM_SAMPLE}) as n
        union
        select n.id from kept k, few cross join lateral (
          select c.id from source_chunks c where ${scoped} and c.tsv @@ k.tq limit ${COMMON_TERM_SAMPLE}) as n
        where few.yes
      )`
      : sql`candidates as (select c.id from source_chunks c, q where ${scoped} and c.tsv @@ q.loose)`;
  const { rows } = await db.execute<{ id: string; all_terms: boolean }>(sql`
    with kept as (
      select k.term, quote_literal(k.term)::tsquery as tq, k.df
      from json_to_recordset(${keptJson}::json) as k(term text, df int)
    ),
    q as (
      select websearch_to_tsquery('english', ${query}) as strict,
             (select string_agg(quote_literal(term), ' | ')::tsquery from kept) as loose
    ),
    ${candidates},
    m as materialized (
      select c.id, c.tsv || ''::tsvector as tsv from source_chunks c where c.id = any(array(select id from candidates))
    )
    select m.id, (m.tsv @@ q.strict) as all_terms
    from m, q
    where m.tsv @@ q.loose
    order by all_terms desc,
             (select sum(power(ln(1 + (greatest(${scopeSize}, k.df) - k.df + 0.5) / (k.df + 0.5)), 2))
              from kept k where m.tsv @@ k.tq) desc,
             ts_rank_cd(m.tsv, q.loose, 2) desc, m.id
    limit ${limit}`);
  return rows.map((r, i) => ({ id: r.id, rank: i + 1, allTerms: r.all_terms }));
}
/**
 * The exhaustive answers, each question's computed once per deck size (it takes seconds at 100,000
 * chunks; the bench deck grows from one size to the next, so the size is part of the key).
 */
const exhaustiveAnswers = new Map<string, Promise<TextHit[]>>();
const exhaustiveOnce = (scope: ChunkScope, query: string, limit: number) => {
  const key = `${scope.deckId} ${knownSize} ${limit} ${query}`;
  if (!exhaustiveAnswers.has(key)) exhaustiveAnswers.set(key, exhaustiveMatching(scope, query, limit, knownSize));
  return exhaustiveAnswers.get(key)!;
};
// The service in-process (no gateway, no access check), with the current, the former and the exhaustive full-text side.
const openAccess = { forDeck: async () => ({}) } as unknown as DeckAccessChecker;
const noEnhance = { enhanceQuery: async ({ query }: { query: string }) => query };
/**
 * The service with the current repository, with the kept-counts query before this change (the
 * service itself is unchanged), and with the exhaustive full-text side. `knownSize` is set per deck
 * size below.
 */
let knownSize = 0;
const services = {
  current: createRetrievalService({ db, embedder, study: noEnhance, access: openAccess, repository }),
  // An older checkout's service with its repository (the two change together), else this service
  // with the kept-counts full-text query.
  before: (beforeService ?? createRetrievalService)({
    db,
    embedder,
    study: noEnhance,
    access: openAccess,
    repository: (beforeRepository ?? { ...repository, matching: countedMatching }) as typeof repository,
  }),
  exhaustive: createRetrievalService({
    db,
    embedder,
    study: noEnhance,
    access: openAccess,
    repository: { ...repository, matching: exhaustiveOnce },
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

/**
 * Bulk loads go faster without the HNSW and GIN indexes; they are rebuilt (and timed) after each
 * load, as the migrations define them (storage parameters too), read before the first drop.
 */
const indexDefinitions = new Map(
  (
    await db.execute<{ name: string; def: string }>(
      sql`select indexname as name, indexdef as def from pg_indexes where indexname in ('source_chunks_embedding_hnsw', 'source_chunks_tsv_gin')`,
    )
  ).rows.map((r) => [r.name, r.def]),
);
const dropIndexes = () =>
  db.execute(sql`drop index if exists source_chunks_embedding_hnsw; drop index if exists source_chunks_tsv_gin`);
async function rebuildIndex() {
  await dropIndexes();
  const t = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
    if (!TEXT_ONLY)
      await tx.execute(
        sql.raw(indexDefinitions.get('source_chunks_embedding_hnsw') ?? 'create index source_chunks_embedding_hnsw on source_chunks using hnsw (embedding vector_cosine_ops)'),
      );
    await tx.execute(sql.raw(indexDefinitions.get('source_chunks_tsv_gin') ?? 'create index source_chunks_tsv_gin on source_chunks using gin (tsv)'));
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

// BENCH_SEED_ONLY=1 (with BENCH_DATA_DIR): seed the largest size with both indexes and stop, so the
// long seed of 100,000 chunks can run while the change it will measure is being written.
if (process.env.BENCH_SEED_ONLY === '1') {
  try {
    const size = Math.max(...SIZES);
    if (seeded < size) {
      await dropIndexes();
      await seedTo(size);
      const buildMs = await rebuildIndex();
      say(`${size} chunks seeded (embedding ${(embedMs / 1000).toFixed(1)} s, inserting ${(insertMs / 1000).toFixed(1)} s); indexes built in ${(buildMs / 1000).toFixed(1)} s; ${load()}`);
    } else say(`${seeded} chunks already kept; nothing seeded`);
    await db.execute(sql`checkpoint`);
  } finally {
    await closeDb();
    await pg.close();
  }
  process.exit(0);
}

// --- The stack, as npm start runs it, on our database.
const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-bench-chat-'));
// BENCH_PORT_BASE=<n>: the launcher listens on n (on a machine shared with others); else a random port.
const port = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
// Both stacks (with BENCH_BEFORE_ROOT) sign with the same secrets, so one guest owns the deck in both.
const sharedSecrets = { JWT_SECRET: randomUUID() + randomUUID(), INTERNAL_SECRET: randomUUID() + randomUUID() };
const launcher = spawn(process.execPath, ['apps/launcher/dist/main.js'], {
  env: { ...process.env, ...LAUNCHER_ENV, ...sharedSecrets, PORT: String(port), HOST: '127.0.0.1', MNEMO_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: pg.url },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await untilLauncherReady(launcher);
/**
 * BENCH_BEFORE_ROOT with a build (apps/launcher/dist): that checkout's Mnemo runs beside this one on
 * the same database, and `retrieve-context` is timed through both gateways in the same loop,
 * alternating which goes first, for a before/after at the same load.
 */
const beforeDataDir = mkdtempSync(join(tmpdir(), 'mnemo-bench-chat-before-'));
const beforeLauncher =
  BEFORE_ROOT && existsSync(join(BEFORE_ROOT, 'apps/launcher/dist/main.js'))
    ? spawn(process.execPath, [join(BEFORE_ROOT, 'apps/launcher/dist/main.js')], {
        env: {
          ...process.env,
          ...(await launcherEnvOf(BEFORE_ROOT)),
          ...sharedSecrets,
          PORT: String(port + 1),
          HOST: '127.0.0.1',
          MNEMO_DATA_DIR: beforeDataDir,
          LOG_LEVEL: 'warn',
          DATABASE_URL: pg.url,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
    : undefined;
if (beforeLauncher) await untilLauncherReady(beforeLauncher);
// Guest ids come from the gateway (clients cannot make their own): take one, give it the deck.
const guest = ((await (await fetch(`${base}/api/auth/anonymous-sessions`, { method: 'POST' })).json()) as { sessionId: string }).sessionId;
// By id: a kept deck (BENCH_DATA_DIR) belongs to an earlier run's guest.
await db.update(decks).set({ ownerAnonId: guest.split('.')[0]! }).where(eq(decks.id, deckId));
anonId = guest.split('.')[0]!;
const headers = { 'x-anonymous-session': guest, 'content-type': 'application/json' };
const postTo = (root: string, path: string, body: unknown) =>
  fetch(`${root}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
const post = (path: string, body: unknown) => postTo(base, path, body);
type Stack = { label: string; base: string; pid: number };
const stacks: Stack[] = [
  { label: 'this checkout', base, pid: launcher.pid! },
  ...(beforeLauncher ? [{ label: `before (${BEFORE_ROOT})`, base: `http://127.0.0.1:${port + 1}`, pid: beforeLauncher.pid! }] : []),
];

/**
 * CPU time (ms) so far of a process and all its descendants, every thread, from Linux's
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds on CPU): with this process's own (PGlite), what one
 * call costs the machine whatever the load, where wall-clock time on a shared machine is mostly
 * waiting for a core. Undefined where /proc has no schedstat.
 */
function treeCpuMs(pid: number): number | undefined {
  try {
    let total = 0;
    const pending = [pid];
    while (pending.length > 0) {
      const p = pending.pop()!;
      for (const tid of readdirSync(`/proc/${p}/task`)) {
        try {
          total += Number(readFileSync(`/proc/${p}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
          pending.push(...readFileSync(`/proc/${p}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
        } catch {
          // a thread that ended meanwhile
        }
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

/** The launcher's children (gateway, services, or a host of several) by app name, with their pid. */
function stackChildren(launcherPid: number): Map<string, number> {
  const found = new Map<string, number>();
  try {
    for (const kid of readFileSync(`/proc/${launcherPid}/task/${launcherPid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)) {
      const apps = [...readFileSync(`/proc/${kid}/cmdline`, 'utf8').matchAll(/apps\/([\w-]+)\/dist\//g)].map((m) => m[1]!);
      const app = apps[0] === 'launcher' && apps.length > 1 ? apps.slice(1).join('+') : (apps[0] ?? String(kid));
      found.set(app, kid);
    }
  } catch {
    // no /proc
  }
  return found;
}
/**
 * CPU (ms) so far of the launcher itself (its own threads), each child's tree, and this process.
 * This process's own is read after the others before a call (`ownLast`) and before them after it, so
 * reading /proc is not counted in the call.
 */
function cpuSplit(stack: Stack, ownLast: boolean): Map<string, number> {
  const ownMs = () => {
    const own = process.cpuUsage();
    return (own.user + own.system) / 1000;
  };
  const split = new Map<string, number>();
  const bench = 'bench (PGlite, client)';
  if (!ownLast) split.set(bench, ownMs());
  let children = 0;
  for (const [app, pid] of stackChildren(stack.pid)) {
    const t = treeCpuMs(pid) ?? Number.NaN;
    split.set(app, t);
    children += t;
  }
  split.set('launcher', (treeCpuMs(stack.pid) ?? Number.NaN) - children);
  if (ownLast) split.set(bench, ownMs());
  return split;
}

async function timeRetrieval(label: string) {
  for (const stack of stacks)
    for (const q of QUESTIONS.slice(0, 4)) await (await postTo(stack.base, '/chat/retrieve-context', { deckId, query: q })).json(); // warm-up
  // What each stack's processes spend with no call at all (timers, queue polling, the launcher's
  // supervision), per second: counted in the CPU of a call too, in proportion to its wall time.
  const idle = new Map<Stack, number>();
  for (const stack of stacks) {
    const c0 = treeCpuMs(stack.pid);
    const t = performance.now();
    await new Promise((r) => setTimeout(r, 3000));
    const c1 = treeCpuMs(stack.pid);
    if (c0 !== undefined && c1 !== undefined) idle.set(stack, (c1 - c0) / ((performance.now() - t) / 1000));
  }
  type Figures = { times: number[]; cpu: number[]; perQuestion: Map<string, number[]>; split: Map<string, number[]>; returned: number };
  const figures = new Map<Stack, Figures>(
    stacks.map((s) => [s, { times: [], cpu: [], perQuestion: new Map(), split: new Map(), returned: 0 }]),
  );
  for (let i = 0; i < REQUESTS; i++) {
    const question = QUESTIONS[i % QUESTIONS.length]!;
    // Which stack goes first alternates, so neither always finds the pages the other just read.
    for (const stack of i % 2 === 0 ? stacks : [...stacks].reverse()) {
      const f = figures.get(stack)!;
      // CPU of the whole path per call: this process (PGlite, and the bench's own client) and the
      // launcher's process tree (gateway, chat service; the others idle).
      const s0 = cpuSplit(stack, true);
      const t = performance.now();
      const res = await postTo(stack.base, '/chat/retrieve-context', { deckId, query: question });
      const body = (await res.json()) as { chunks?: unknown[] };
      if (!res.ok) throw new Error(`retrieve-context (${stack.label}): ${res.status} ${JSON.stringify(body)}`);
      const took = performance.now() - t;
      const s1 = cpuSplit(stack, false);
      f.times.push(took);
      let total = 0;
      for (const [name, c] of s1) {
        const used = c - (s0.get(name) ?? Number.NaN);
        if (Number.isNaN(used)) continue;
        total += used;
        f.split.set(name, [...(f.split.get(name) ?? []), used]);
      }
      f.cpu.push(total);
      f.perQuestion.set(question, [...(f.perQuestion.get(question) ?? []), took]);
      f.returned += body.chunks?.length ?? 0;
    }
  }
  for (const stack of stacks) {
    const { times, cpu, perQuestion, split, returned } = figures.get(stack)!;
    const idleRate = idle.get(stack);
    say(`${label}, ${stack.label}: retrieve-context through the gateway, ${REQUESTS} calls: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}; CPU of the path p50 ${ms(pct(cpu, 50))}, p95 ${ms(pct(cpu, 95))} (${(returned / REQUESTS).toFixed(1)} chunks a call; ${load()})`);
    say(`  CPU a call by process, p50 / p95: ${[...split].map(([name, xs]) => `${name} ${pct(xs, 50).toFixed(1)} / ${pct(xs, 95).toFixed(1)}`).join('; ')} ms`);
    if (idleRate !== undefined)
      say(`  the stack's processes idle: ${idleRate.toFixed(1)} ms CPU a second (at the median wall time, ${((idleRate * pct(times, 50)) / 1000).toFixed(1)} ms of a call's CPU)`);
    const slowest = [...perQuestion].sort((a, b) => pct(b[1], 50) - pct(a[1], 50)).slice(0, 4);
    say(`  slowest questions (median wall): ${slowest.map(([q, xs]) => `"${q.slice(0, 32)}" ${ms(pct(xs, 50))}`).join('; ')}`);
  }
  if (stacks.length === 2) {
    const [a, b] = stacks.map((s) => figures.get(s)!);
    say(`  before / this checkout, ratio of CPU p50s ${(pct(b!.cpu, 50) / pct(a!.cpu, 50)).toFixed(2)}, of CPU p95s ${(pct(b!.cpu, 95) / pct(a!.cpu, 95)).toFixed(2)}, of wall p95s ${(pct(b!.times, 95) / pct(a!.times, 95)).toFixed(2)}`);
  }
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
 * The full-text side three ways on the same questions: the current query (lists that stop early,
 * at most RANKED_CANDIDATES ranked) and the kept-counts query before it ("before"), interleaved,
 * 24 calls each, and the exhaustive one (every match ranked, the reference for recall) once per
 * question; then the whole retrieval in-process with the current and the former query. Prints times
 * (with the load average) and recall: the current answers against the former and against the
 * exhaustive ones (the full-text side's 20 candidates, and the chunks the whole retrieval returns).
 */
async function compareFullText(size: number) {
  const scope = { deckId };
  knownSize = TEXT_ONLY ? size : await repository.countEmbedded(scope, embedder.model);
  const times = {
    current: [] as number[],
    before: [] as number[],
    exhaustive: [] as number[],
    retrieveCurrent: [] as number[],
    retrieveBefore: [] as number[],
  };
  const recall = {
    vsBefore: { kept: 0, total: 0 },
    vsExhaustive: { kept: 0, total: 0 },
    beforeVsExhaustive: { kept: 0, total: 0 },
    chunksVsBefore: { kept: 0, total: 0, identical: 0 },
    chunksVsExhaustive: { kept: 0, total: 0, identical: 0 },
  };
  const tally = (into: { kept: number; total: number }, got: readonly { id: string }[], want: readonly { id: string }[]) => {
    const ids = new Set(got.map((h) => h.id));
    into.kept += want.filter((h) => ids.has(h.id)).length;
    into.total += want.length;
  };
  // PGlite runs in this process: its CPU time per call is the database's work, which the other
  // processes sharing the machine slow down far less than the wall-clock time.
  const cpu = new Map<number[], number[]>();
  const timed = async <T>(into: number[], run: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const c = process.cpuUsage();
    const result = await run();
    into.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.set(into, [...(cpu.get(into) ?? []), (used.user + used.system) / 1000]);
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
  // The exhaustive answers first: run between the others, each would leave them a cold cache.
  for (const question of QUESTIONS) await timed(times.exhaustive, () => exhaustiveOnce(scope, question, 20));
  for (let i = 0; i < 24; i++) {
    const question = QUESTIONS[i % QUESTIONS.length]!;
    // One after the other (PGlite's socket answers one connection's extended protocol at a time),
    // which one first alternating, so neither always finds the pages the other just read.
    const inOrder = async <T>(first: () => Promise<T>, second: () => Promise<T>): Promise<[T, T]> => {
      if (i % 2 === 0) return [await first(), await second()];
      const b = await second();
      return [await first(), b];
    };
    const [current, former] = await inOrder(
      () => timed(times.current, () => repository.matching(scope, question, 20)),
      () => timed(times.before, () => (beforeRepository?.matching ?? countedMatching)(scope, question, 20)),
    );
    const [after, before] = await inOrder(
      () => timed(times.retrieveCurrent, () => services.current.retrieve(benchOwner, retrieveBody(question))),
      () => timed(times.retrieveBefore, () => services.before.retrieve(benchOwner, retrieveBody(question))),
    );
    if (i >= QUESTIONS.length) continue; // recall once per question
    const old = await exhaustiveOnce(scope, question, 20);
    tally(recall.vsBefore, current, former);
    tally(recall.vsExhaustive, current, old);
    tally(recall.beforeVsExhaustive, former, old);
    tallyChunks(recall.chunksVsBefore, after.chunks, before.chunks);
    const reference = await services.exhaustive.retrieve(benchOwner, retrieveBody(question));
    tallyChunks(recall.chunksVsExhaustive, after.chunks, reference.chunks);
  }
  const fig = (xs: number[]) => {
    const c = cpu.get(xs) ?? [];
    return `p50 ${ms(pct(xs, 50))}, p95 ${ms(pct(xs, 95))} (CPU p50 ${ms(pct(c, 50))}, p95 ${ms(pct(c, 95))})`;
  };
  const part = (r: { kept: number; total: number }) => `${r.kept}/${r.total} (${((100 * r.kept) / Math.max(1, r.total)).toFixed(1)}%)`;
  say(`  full-text query of ${size} chunks, 24 calls each, interleaved (${load()}):`);
  say(`    current (early-stopping lists, ≤ ${RANKED_CANDIDATES} ranked) ${fig(times.current)}`);
  say(`    before (${BEFORE_ROOT ? `BENCH_BEFORE_ROOT ${BEFORE_ROOT}` : 'kept word counts'})  ${fig(times.before)}; ratio of p95s ${(pct(times.before, 95) / pct(times.current, 95)).toFixed(1)}x`);
  say(`    exhaustive (every match ranked, 12 calls)   ${fig(times.exhaustive)}`);
  say(`  retrieval in-process (no gateway${TEXT_ONLY ? ', no vectors' : ''}): current ${fig(times.retrieveCurrent)}; before ${fig(times.retrieveBefore)} (${load()})`);
  say(`  recall, ${QUESTIONS.length} questions, the full-text side's 20: current vs before ${part(recall.vsBefore)}; current vs exhaustive ${part(recall.vsExhaustive)}; before vs exhaustive ${part(recall.beforeVsExhaustive)}`);
  say(`  the retrieved chunks: current vs before ${part(recall.chunksVsBefore)}, same order ${recall.chunksVsBefore.identical}/${QUESTIONS.length}; current vs exhaustive ${part(recall.chunksVsExhaustive)}, same order ${recall.chunksVsExhaustive.identical}/${QUESTIONS.length}`);
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
    if (seeded > size) continue;
    // A kept deck of this size with both indexes is measured as it is.
    const { rows: built } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_indexes where indexname in ('source_chunks_embedding_hnsw', 'source_chunks_tsv_gin')`,
    );
    const fresh = seeded < size || built[0]?.n !== 2;
    if (fresh) await dropIndexes();
    await seedTo(size);
    const buildMs = fresh ? await rebuildIndex() : 0;
    say(`\n${size} chunks seeded (embedding ${(embedMs / 1000).toFixed(1)} s, inserting ${(insertMs / 1000).toFixed(1)} s so far); HNSW + GIN indexes built in ${(buildMs / 1000).toFixed(1)} s`);
    await timeRetrieval(`${size} chunks`);
    await timeVectorPaths(size);
    await compareFullText(size);
    if (size === SIZES[0]) await timeFirstToken(size);
  }

  // One deck of the size a user really has, among all those chunks.
  const [keptSmall] = DATA_DIR ? await db.select().from(decks).where(eq(decks.title, 'Small deck')).limit(1) : [];
  const [small] = keptSmall ? [keptSmall] : await db.insert(decks).values({ ownerAnonId: anonId, title: 'Small deck' }).returning();
  const before = seeded;
  if (!keptSmall) await seedTo(before + 200, small!.id);
  seeded = before;
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
  for (const child of [launcher, beforeLauncher]) {
    if (!child || child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await closeDb();
  await pg.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(beforeDataDir, { recursive: true, force: true });
}
