import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@mnemo/db/client';
import type { ChunkPosition } from '@mnemo/db/schema';

/**
 * The queries of retrieval over `source_chunks` (written by the ingest worker, read here). Every
 * query is scoped to one deck and, when given, to some of its sources: a source id of another deck
 * matches no row, so it can neither widen the search nor reveal anything.
 */

export type ChunkScope = {
  deckId: string;
  /** Narrows to these sources of the deck; undefined or empty means the whole deck. */
  sourceIds?: readonly string[] | undefined;
};

/**
 * What the database keeps counted about a scope (source_term_stats, source_chunk_stats): how many
 * chunks it holds (with or without vectors) and, for each distinct word of a query, how many of them
 * hold it. Read once per retrieval, for both sides (see `counts`).
 */
export type ScopeCounts = { size: number; words: Array<{ lexeme: string; df: number }> };

export type RankedChunk = { id: string; rank: number };
export type VectorHit = RankedChunk & { similarity: number };
export type TextHit = RankedChunk & { allTerms: boolean };
export type ChunkDetail = {
  id: string;
  sourceId: string;
  sourceTitle: string;
  chunkIndex: number;
  content: string;
  /** Where the chunk starts in its source (a document's page, a video's second), when known. */
  page?: number;
  startSeconds?: number;
  heading?: string;
};

/** A chunk's stored position as the fields a passage carries (absent ones left out). */
function positionFields(position: ChunkPosition | null): Pick<ChunkDetail, 'page' | 'startSeconds' | 'heading'> {
  return {
    ...(typeof position?.page === 'number' && position.page >= 1 ? { page: position.page } : {}),
    ...(typeof position?.startSeconds === 'number' && position.startSeconds >= 0
      ? { startSeconds: position.startSeconds }
      : {}),
    ...(position?.heading ? { heading: position.heading } : {}),
  };
}

/**
 * Up to this many embedded chunks in the scope, the nearest neighbours are found by an exact scan of
 * the scope (through the deck index). Past it the HNSW index is used with pgvector's iterative scan,
 * which keeps walking the graph until enough rows pass the deck filter. Measured in
 * bench/chat-retrieval.ts (bench/README.md): at 2,000 chunks the exact scan is faster, at 10,000 the
 * index is several times faster; a small deck needs the exact scan anyway (see `nearest`).
 */
export const EXACT_SCAN_MAX_CHUNKS = 5_000;

/** A query word found in this many chunks of the scope is common: see `matching`. */
export const COMMON_TERM_CHUNKS = 1_000;
/** When few chunks hold every query word and all are common, this many chunks of each partial list: see `matching`. */
export const COMMON_TERM_SAMPLE = 200;
/** Each list of chunks holding every (kept) query word is read up to this many: see `matching`. */
export const ALL_TERMS_CANDIDATES = 1_000;
/** At most this many candidates have their words read and are ranked: see `matching`. */
export const RANKED_CANDIDATES = 1_000;

const scopeOf = (scope: ChunkScope): SQL =>
  scope.sourceIds && scope.sourceIds.length > 0
    ? sql`c.deck_id = ${scope.deckId} and c.source_id = any(${toUuidArray(scope.sourceIds)})`
    : sql`c.deck_id = ${scope.deckId}`;

/** The same scope over the per-source counts (`source_term_stats` or `source_chunk_stats` as `st`). */
const statsScopeOf = (scope: ChunkScope): SQL =>
  scope.sourceIds && scope.sourceIds.length > 0
    ? sql`st.deck_id = ${scope.deckId} and st.source_id = any(${toUuidArray(scope.sourceIds)})`
    : sql`st.deck_id = ${scope.deckId}`;

// node-postgres sends a JS array as a Postgres array literal; the cast makes its type explicit.
const toUuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;


const vectorLiteral = (v: readonly number[]) => `[${v.join(',')}]`;

export function createRetrievalRepository({ db }: { db: Db }) {
  /**
   * The scope's kept counts for a query (see ScopeCounts), in one statement: one range of the
   * (deck_id, term) index a word, one of the deck index for the size. No chunk is read. `query`
   * may be empty (only the size).
   */
  async function counts(scope: ChunkScope, query: string): Promise<ScopeCounts> {
    const statsScope = statsScopeOf(scope);
    // The size row comes first and alone when the query has no word (left join on true).
    const { rows } = await db.execute<{ lexeme: string | null; df: number; size: number }>(sql`
      with words as (
        select distinct t.lexeme from unnest(tsvector_to_array(to_tsvector('english', ${query}))) as t(lexeme)
      )
      select z.size, w.lexeme,
             coalesce((select sum(st.chunks) from source_term_stats st
                       where ${statsScope} and st.term = w.lexeme), 0)::int as df
      from (select coalesce(sum(st.chunks), 0)::int as size from source_chunk_stats st where ${statsScope}) as z
      left join words w on true`);
    return {
      size: rows[0]?.size ?? 0,
      words: rows.flatMap((r) => (r.lexeme === null ? [] : [{ lexeme: r.lexeme, df: r.df }])),
    };
  }

  return {
    counts,

    /**
     * How many chunks of the scope carry a vector of this embedding model; with `atMost`, counting
     * stops there (an exact count of a 100,000-chunk deck reads every row: ~90 ms).
     */
    async countEmbedded(scope: ChunkScope, model: string, atMost?: number): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from (
          select 1 from source_chunks c
          where ${scopeOf(scope)} and c.embedding_model = ${model} and c.embedding is not null
          ${atMost === undefined ? sql`` : sql`limit ${atMost}`}) as counted`);
      return rows[0]?.n ?? 0;
    },

    /**
     * The `limit` chunks nearest to `vector` by cosine, only among chunks embedded by `model`
     * (vectors of different models are not comparable). `similarity` is 1 - cosine distance.
     * `scopeSize` (from countEmbedded, exact up to EXACT_SCAN_MAX_CHUNKS + 1) picks the exact scan or
     * the index.
     */
    async nearest(
      scope: ChunkScope,
      model: string,
      vector: readonly number[],
      limit: number,
      scopeSize: number,
    ): Promise<VectorHit[]> {
      const q = vectorLiteral(vector);
      if (scopeSize <= EXACT_SCAN_MAX_CHUNKS) {
        // MATERIALIZED keeps the planner from answering the ORDER BY with the HNSW index over the
        // whole table, which filters the deck only after taking ef_search candidates from all decks
        // and so returns too few rows (or none) for a small deck among many.
        const { rows } = await db.execute<{ id: string; distance: number }>(sql`
          with scoped as materialized (
            select c.id, c.embedding <=> ${q}::vector as distance from source_chunks c
            where ${scopeOf(scope)} and c.embedding_model = ${model} and c.embedding is not null
          )
          select id, distance from scoped order by distance, id limit ${limit}`);
        return rows.map((r, i) => ({ id: r.id, rank: i + 1, similarity: 1 - Number(r.distance) }));
      }
      // A large scope: the HNSW index with pgvector's iterative scan (>= 0.8) and an ef_search of
      // its own, both set for this call alone by the function (migration 0020): one statement, where
      // a transaction to set them locally took four round trips, each holding the single-session
      // embedded database. relaxed_order may return rows slightly out of order: sorted again below.
      const efSearch = Math.max(40, Math.min(1000, limit * 2));
      const sourceIds = scope.sourceIds && scope.sourceIds.length > 0 ? toUuidArray(scope.sourceIds) : sql`null::uuid[]`;
      const { rows } = await db.execute<{ id: string; distance: number }>(sql`
        select id, distance from nearest_chunks_hnsw(${scope.deckId}, ${sourceIds}, ${model}, ${q}::vector, ${limit}, ${efSearch})`);
      return rows
        .map((r) => ({ id: r.id, similarity: 1 - Number(r.distance) }))
        .sort((a, b) => b.similarity - a.similarity)
        .map((r, i) => ({ ...r, rank: i + 1 }));
    },

    /**
     * Full-text candidates through the generated `tsv` column (GIN index). A chunk matches when it
     * holds any of the query's words (an OR of its lexemes, so a question phrased in many words still
     * finds the chunk that shares only its key terms). Order: chunks holding all of them (websearch
     * syntax: quoted phrases, -exclusions) first; then the summed rarity of the query words a chunk
     * holds (BM25's idf over the scope, squared as in Lucene's classic scoring, where query and
     * document each weigh a term by it: "Jurassic" outweighs "explain" and "text", which Postgres's
     * own ranking cannot tell apart); then cover density (`ts_rank_cd`, normalised by length).
     *
     * Cost is bounded whatever the deck's size. Each word's chunk count (df) and the scope's size
     * are read from the per-source counts the database keeps as chunks are written
     * (source_term_stats, source_chunk_stats), never counted here. Words in COMMON_TERM_CHUNKS
     * chunks or more are common and left out when the query has rarer ones; words in no chunk are
     * left out too. The candidates are read from the GIN index in lists that stop early, by id
     * (no chunk's words are read to find them), best first:
     * 1. the chunks holding every word of the question (up to ALL_TERMS_CANDIDATES), ranked first;
     * 2. when fewer than `limit` hold them all (or some word is in no chunk), the chunks holding
     *    every kept word: the highest weight, whatever the cover density;
     * 3. when still fewer than `limit`, chunks holding some of the words: each rare word's whole
     *    list (its df is below COMMON_TERM_CHUNKS), so the weights are exact; when every word is
     *    common, up to COMMON_TERM_SAMPLE chunks holding all words but one (for each word), then
     *    (four words or more) up to ALL_TERMS_CANDIDATES chunks holding all words but two, and only
     *    when those are short too the first COMMON_TERM_SAMPLE chunks of each word.
     * Whenever the first lists hold `limit` chunks the later ones are not read: a chunk missing from
     * them ranks below every chunk in them. Only the best RANKED_CANDIDATES candidates by what the
     * lists tell (holding every word, then the weight of the words they were found by, then shorter
     * chunks first, as density divides by length) have their words read and are ranked: the
     * answers are exactly those of ranking every matching chunk as long as the candidates tied at
     * the `limit`-th place number fewer (bench/README.md, chat retrieval). `known`: the scope's
     * counts for this query when the caller already read them (`counts`), else they are read here.
     */
    async matching(scope: ChunkScope, query: string, limit: number, known?: ScopeCounts): Promise<TextHit[]> {
      const { words: counted, size: scopeSize } = known ?? (await counts(scope, query));
      const present = counted.filter((t) => t.df > 0);
      const rare = present.filter((t) => t.df < COMMON_TERM_CHUNKS);
      const kept = rare.length > 0 ? rare : present;
      if (kept.length === 0) return [];
      // idf as before the counts were kept: a word's count stops at COMMON_TERM_CHUNKS, so common
      // words weigh the same, and the answers stay what they were.
      const keptJson = JSON.stringify(kept.map((t) => ({ term: t.lexeme, df: Math.min(t.df, COMMON_TERM_CHUNKS) })));
      const scoped = scopeOf(scope);

      // 3. Chunks holding some of the words, read only when the lists before hold fewer than
      // `limit`. `additive`: the chunk holds that one word (weights add up over the lists it is in);
      // otherwise the list's weight is what the chunk holds at least. Every word common: the
      // all-but-one lists first, each word's first chunks only if those are short too.
      const partial =
        rare.length > 0
          ? sql`
          partial as materialized (
            select h.id, h.token_count, k.w as weight, true as additive
            from kept k, few cross join lateral (
              select c.id, c.token_count from source_chunks c
              where ${scoped} and c.tsv @@ k.tq
              limit ${COMMON_TERM_CHUNKS}) as h
            where few.yes
          )`
          : sql`
          all_but_one as materialized (
            select h.id, h.token_count, t.total - a.w as weight, false as additive
            from (
              select k.w, (select string_agg(quote_literal(o.term), ' & ')::tsquery from kept o where o.term <> k.term) as tq
              from kept k
            ) as a, few, totals t cross join lateral (
              select c.id, c.token_count from source_chunks c
              where ${scoped} and c.tsv @@ a.tq
              limit ${COMMON_TERM_SAMPLE}) as h
            where few.yes and a.tq is not null
          ),
          fewer as (
            select (select count(*) from (
                      select id from every_word union select id from every_kept union select id from all_but_one) as u)
                   < ${limit} as yes
          ),
          -- Every word common: each weighs the same (df stops at COMMON_TERM_CHUNKS), so the next best
          -- chunks hold all words but two. One GIN scan of the OR of those ANDs reads each word's
          -- list once; per-word samples read each whole list into its own bitmap (50 of a question's
          -- ~70 ms CPU at 100,000 chunks, bench/README.md). Only from four words (below, the pairs'
          -- complements are single words: the per-word samples).
          all_but_two as materialized (
            select h.id, h.token_count, t.total - 2 * (select max(w) from kept) as weight, false as additive
            from fewer, totals t, (
              select string_agg('(' || (
                       select string_agg(quote_literal(o.term), ' & ') from kept o where o.term <> a.term and o.term <> b.term
                     ) || ')', ' | ')::tsquery as tq
              from kept a join kept b on a.term < b.term
            ) as p cross join lateral (
              select c.id, c.token_count from source_chunks c
              where ${scoped} and c.tsv @@ p.tq
              limit ${ALL_TERMS_CANDIDATES}) as h
            where fewer.yes and (select count(*) from kept) >= 4
          ),
          fewest as (
            select (select count(*) from (
                      select id from every_word union select id from every_kept union select id from all_but_one
                      union select id from all_but_two) as u)
                   < ${limit} as yes
          ),
          partial as materialized (
            select * from all_but_one
            union all
            select * from all_but_two
            union all
            select h.id, h.token_count, k.w as weight, true as additive
            from kept k, fewest cross join lateral (
              select c.id, c.token_count from source_chunks c
              where ${scoped} and c.tsv @@ k.tq
              limit ${COMMON_TERM_SAMPLE}) as h
            where fewest.yes
          )`;

      const { rows } = await db.execute<{ id: string; all_terms: boolean }>(sql`
        with kept as materialized (
          select k.term, quote_literal(k.term)::tsquery as tq, k.df,
                 power(ln(1 + (greatest(${scopeSize}, k.df) - k.df + 0.5) / (k.df + 0.5)), 2) as w
          from json_to_recordset(${keptJson}::json) as k(term text, df int)
        ),
        totals as (select sum(w) as total from kept),
        q as (
          select websearch_to_tsquery('english', ${query}) as strict,
                 (select string_agg(quote_literal(term), ' | ')::tsquery from kept) as loose,
                 (select string_agg(quote_literal(term), ' & ')::tsquery from kept) as every
        ),
        -- 1. Chunks holding every word of the question.
        every_word as materialized (
          select c.id, c.token_count from source_chunks c, q
          where ${scoped} and c.tsv @@ q.strict
          limit ${ALL_TERMS_CANDIDATES}
        ),
        -- 2. Chunks holding every kept word, when fewer than \`limit\` hold every word.
        every_kept as materialized (
          select c.id, c.token_count from source_chunks c, q
          where (select count(*) from every_word) < ${limit} and ${scoped} and c.tsv @@ q.every
          limit ${ALL_TERMS_CANDIDATES}
        ),
        few as (
          select (select count(*) from (select id from every_word union select id from every_kept) as u) < ${limit} as yes
        ),
        ${partial},
        listed as (
          select e.id, e.token_count, true as all_terms, t.total as weight, false as additive from every_word e, totals t
          union all
          select e.id, e.token_count, false, t.total, false from every_kept e, totals t
          union all
          select id, token_count, false, weight, additive from partial
        ),
        chosen as (
          select id from listed
          group by id
          order by bool_or(all_terms) desc,
                   greatest(max(weight) filter (where not additive), sum(weight) filter (where additive)) desc,
                   min(token_count), id
          limit ${RANKED_CANDIDATES}
        ),
        -- Each chosen chunk's tsvector is decompressed once here (the concatenation makes a plain
        -- copy); ranked below, it is read once per query word and by ts_rank_cd.
        m as materialized (
          select c.id, c.tsv || ''::tsvector as tsv from source_chunks c
          -- By primary key: a join could let the planner scan the deck, reading every tsvector.
          where c.id = any(array(select id from chosen))
        )
        select m.id, (m.tsv @@ q.strict) as all_terms
        from m, q
        where m.tsv @@ q.loose
        order by all_terms desc,
                 (select sum(k.w) from kept k where m.tsv @@ k.tq) desc,
                 ts_rank_cd(m.tsv, q.loose, 2) desc, m.id
        limit ${limit}`);
      return rows.map((r, i) => ({ id: r.id, rank: i + 1, allTerms: r.all_terms }));
    },

    /** Content and source titles of the chosen chunks (any order). */
    async details(ids: readonly string[]): Promise<ChunkDetail[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.execute<{
        id: string;
        source_id: string;
        source_title: string;
        chunk_index: number;
        content: string;
        position: ChunkPosition | null;
      }>(sql`
        select c.id, c.source_id, s.title as source_title, c.chunk_index, c.content, c.position
        from source_chunks c join sources s on s.id = c.source_id
        where c.id = any(${toUuidArray(ids)})`);
      return rows.map((r) => ({
        id: r.id,
        sourceId: r.source_id,
        sourceTitle: r.source_title,
        chunkIndex: r.chunk_index,
        content: r.content,
        ...positionFields(r.position),
      }));
    },

    /** One chunk of a source by its index, with the source's deck (for the access check). */
    async passage(sourceId: string, chunkIndex: number): Promise<(ChunkDetail & { deckId: string }) | null> {
      const { rows } = await db.execute<{
        id: string;
        deck_id: string;
        source_title: string;
        content: string;
        position: ChunkPosition | null;
      }>(sql`
        select c.id, s.deck_id, s.title as source_title, c.content, c.position
        from source_chunks c join sources s on s.id = c.source_id
        where c.source_id = ${sourceId} and c.chunk_index = ${chunkIndex}
        limit 1`);
      const r = rows[0];
      if (!r) return null;
      return {
        id: r.id,
        deckId: r.deck_id,
        sourceId,
        sourceTitle: r.source_title,
        chunkIndex,
        content: r.content,
        ...positionFields(r.position),
      };
    },
  };
}
export type RetrievalRepository = ReturnType<typeof createRetrievalRepository>;
