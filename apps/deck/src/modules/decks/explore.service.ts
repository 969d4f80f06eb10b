import type { z } from 'zod';
import type { ExploreResponse, exploreQuerySchema } from '@mnemo/contracts/api/decks';
import type { PublishedDeckCard } from '@mnemo/contracts/entities/deck';
import type { ExploreDeckRow, ExplorePage, ExploreRepository, SearchQueries } from './explore.repository';

export type ExploreQuery = z.output<typeof exploreQuerySchema>;

/** More words than anyone types into a search box; the rest are ignored. */
const MAX_SEARCH_WORDS = 12;

/**
 * The words of a search: runs of letters and digits, lower-cased. Everything else (quotes,
 * `&|!:*()`, punctuation) only separates words, so no input can change the query's structure.
 */
export function searchWords(search: string): string[] {
  return (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

/**
 * A search as to_tsquery text, built from its words rather than passing the user's text to
 * to_tsquery: each word quoted (a word has no quote in it), all of them required, the last one a
 * prefix (`:*`) because the user may still be typing it. to_tsquery then stems each word with the
 * 'english' configuration ('cells' finds 'cell') and drops stopwords. The title and
 * title-or-description forms restrict the words to those weights, for the ranking's groups.
 * Null when there is no word at all.
 */
export function searchQueries(search: string): SearchQueries | null {
  const words = searchWords(search);
  if (words.length === 0) return null;
  const build = (weights: string) =>
    words
      .map((word, i) => {
        const label = `${i === words.length - 1 ? '*' : ''}${weights}`;
        return label ? `'${word}':${label}` : `'${word}'`;
      })
      .join(' & ');
  return { any: build(''), title: build('A'), titleOrDescription: build('AB') };
}

/** An Explore card (spec 01 §3): never the raw row. `ownerName` is null when published anonymously. */
function presentCard(
  row: ExploreDeckRow,
  details: Awaited<ReturnType<ExploreRepository['cardDetails']>>,
): PublishedDeckCard {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    // Published decks always have the date; the creation date is a fallback for rows written by hand.
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    cardCount: details.counts.get(row.id) ?? 0,
    sources: (details.sources.get(row.id) ?? []).map((s) => ({ _id: s.id, type: s.type, title: s.title, url: s.url })),
    publishedAnonymously: row.publishedAnonymously,
    ownerName: row.publishedAnonymously || !row.ownerUserId ? null : (details.names.get(row.ownerUserId) ?? null),
  };
}

export function createExploreService({ explore }: { explore: ExploreRepository }) {
  return {
    /**
     * GET /decks/explore: one page of published decks. Without a search, newest published first
     * (or oldest). With one, full-text matches ranked by relevance; when the full text finds
     * nothing at all, the typo fallback on titles (docs/decisions.md).
     */
    async search(query: ExploreQuery): Promise<ExploreResponse> {
      const { page, limit, sort } = query;
      const window = { offset: (page - 1) * limit, limit };
      const text = query.search?.trim() ?? '';
      let found: ExplorePage;
      if (!text) {
        found = await explore.listPublished(sort, window);
      } else {
        const queries = searchQueries(text);
        found = queries ? await explore.searchFullText(queries, sort, window) : { rows: [], total: 0 };
        if (found.total === 0 && queries) {
          found = await explore.searchTitlesBySimilarity(searchWords(text).join(' '), sort, window);
        }
      }
      const details = await explore.cardDetails(found.rows);
      return {
        success: true,
        data: found.rows.map((row) => presentCard(row, details)),
        pagination: { total: found.total, totalPages: Math.ceil(found.total / limit), page, limit },
      };
    },
  };
}
export type ExploreService = ReturnType<typeof createExploreService>;
