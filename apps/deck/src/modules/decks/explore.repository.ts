import { and, asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '@mnemo/db/client';
import { cards, decks, questions, sources, users } from '@mnemo/db/schema';

/** The deck fields an Explore card shows. */
const cardColumns = {
  id: decks.id,
  title: decks.title,
  description: decks.description,
  createdAt: decks.createdAt,
  publishedAt: decks.publishedAt,
  publishedAnonymously: decks.publishedAnonymously,
  ownerUserId: decks.ownerUserId,
};
export type ExploreDeckRow = {
  id: string;
  title: string;
  description: string;
  createdAt: Date;
  publishedAt: Date | null;
  publishedAnonymously: boolean;
  ownerUserId: string | null;
};
export type ExplorePage = { rows: ExploreDeckRow[]; total: number };
export type PageWindow = { offset: number; limit: number };
export type ExploreSort = 'newest' | 'oldest';

/**
 * The three forms of one search (see explore.service.ts `searchQueries`): `any` matches the words
 * anywhere, `title` only in the title (weight A), `titleOrDescription` in either (A or B). Each is
 * text in to_tsquery's syntax built from quoted letters-and-digits words only.
 */
export type SearchQueries = { any: string; title: string; titleOrDescription: string };

/**
 * How alike a typed word and a word of a title must be for the typo fallback (pg_trgm's
 * word_similarity, 0..1). The extension's default of 0.6 misses two typos in one word and a typo
 * in a two-word search ('photosinthesis cycle' is 0.5 against 'Photosynthesis and the Calvin Cycle').
 */
export const TYPO_SIMILARITY = 0.5;

// Every query filters on is_published, which the partial indexes of migration 0006 are built on:
// decks_published_idx (listing, both orders), decks_published_search_gin (full text) and
// decks_published_title_trgm (typos). The ORDER BY of the listing matches the index exactly.
// Written as the bare column, exactly the indexes' predicate, so the planner matches them for sure.
const published = sql`${decks.isPublished}`;

export function createExploreRepository({ db }: { db: Db }) {
  const countWhere = async (tx: DbOrTx, where: SQL | undefined): Promise<number> => {
    const [row] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(decks).where(where);
    return row?.n ?? 0;
  };

  return {
    /** Published decks, newest (or oldest) published first. */
    async listPublished(sort: ExploreSort, { offset, limit }: PageWindow): Promise<ExplorePage> {
      // Exactly the index's order (published_at desc nulls last, id desc nulls last), or its reverse.
      const order =
        sort === 'oldest'
          ? [sql`${decks.publishedAt} asc nulls first`, sql`${decks.id} asc nulls first`]
          : [sql`${decks.publishedAt} desc nulls last`, sql`${decks.id} desc nulls last`];
      const [rows, total] = await Promise.all([
        db.select(cardColumns).from(decks).where(published).orderBy(...order).limit(limit).offset(offset),
        countWhere(db, published),
      ]);
      return { rows, total };
    },

    /**
     * Published decks matching the words, best first: decks whose titles hold every word, then
     * those whose title and description do, then the rest (source titles); within each group by
     * ts_rank_cd, then by publication date in the order asked.
     */
    async searchFullText(queries: SearchQueries, sort: ExploreSort, { offset, limit }: PageWindow): Promise<ExplorePage> {
      const q = sql`to_tsquery('english', ${queries.any})`;
      const matches = and(published, sql`${decks.searchTsv} @@ ${q}`);
      const tier = sql`case when ${decks.searchTsv} @@ to_tsquery('english', ${queries.title}) then 3
        when ${decks.searchTsv} @@ to_tsquery('english', ${queries.titleOrDescription}) then 2 else 1 end`;
      const rows = await db
        .select(cardColumns)
        .from(decks)
        .where(matches)
        .orderBy(
          desc(tier),
          desc(sql`ts_rank_cd(${decks.searchTsv}, ${q})`),
          sort === 'oldest' ? asc(decks.publishedAt) : desc(decks.publishedAt),
          desc(decks.id),
        )
        .limit(limit)
        .offset(offset);
      return { rows, total: await countWhere(db, matches) };
    },

    /**
     * The typo fallback: published decks with a title word like the search (pg_trgm's `<%`, served
     * by the trigram index), most alike first. The threshold is set for this transaction only.
     */
    async searchTitlesBySimilarity(text: string, sort: ExploreSort, { offset, limit }: PageWindow): Promise<ExplorePage> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
        const matches = and(published, sql`${text} <% ${decks.title}`);
        const rows = await tx
          .select(cardColumns)
          .from(decks)
          .where(matches)
          .orderBy(
            desc(sql`word_similarity(${text}, ${decks.title})`),
            sort === 'oldest' ? asc(decks.publishedAt) : desc(decks.publishedAt),
            desc(decks.id),
          )
          .limit(limit)
          .offset(offset);
        return { rows, total: await countWhere(tx, matches) };
      });
    },

    /**
     * What the cards of one page show besides the deck row: the sources (oldest first, no text),
     * how many questions and cards each deck holds, and the owners' first names.
     */
    async cardDetails(rows: ExploreDeckRow[]) {
      const ids = rows.map((r) => r.id);
      const ownerIds = [...new Set(rows.map((r) => r.ownerUserId).filter((id): id is string => id !== null))];
      if (ids.length === 0) return { sources: new Map<string, SourceSummaryRow[]>(), counts: new Map<string, number>(), names: new Map<string, string>() };
      const [sourceRows, questionCounts, cardCounts, nameRows] = await Promise.all([
        db
          .select({ id: sources.id, deckId: sources.deckId, type: sources.type, title: sources.title, url: sources.url })
          .from(sources)
          .where(inArray(sources.deckId, ids))
          .orderBy(asc(sources.createdAt), asc(sources.id)),
        db
          .select({ deckId: questions.deckId, n: sql<number>`count(*)`.mapWith(Number) })
          .from(questions)
          .where(inArray(questions.deckId, ids))
          .groupBy(questions.deckId),
        db
          .select({ deckId: cards.deckId, n: sql<number>`count(*)`.mapWith(Number) })
          .from(cards)
          .where(inArray(cards.deckId, ids))
          .groupBy(cards.deckId),
        ownerIds.length ? db.select({ id: users.id, firstName: users.firstName }).from(users).where(inArray(users.id, ownerIds)) : Promise.resolve([]),
      ]);
      const bySource = new Map<string, SourceSummaryRow[]>();
      for (const s of sourceRows) bySource.set(s.deckId, [...(bySource.get(s.deckId) ?? []), s]);
      const counts = new Map<string, number>();
      for (const c of [...questionCounts, ...cardCounts]) counts.set(c.deckId, (counts.get(c.deckId) ?? 0) + c.n);
      return { sources: bySource, counts, names: new Map(nameRows.map((u) => [u.id, u.firstName])) };
    },
  };
}
export type SourceSummaryRow = { id: string; deckId: string; type: 'website' | 'youtube' | 'document'; title: string; url: string | null };
export type ExploreRepository = ReturnType<typeof createExploreRepository>;
