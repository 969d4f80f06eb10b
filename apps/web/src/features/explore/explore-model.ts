import { EXPLORE_PAGE_SIZE } from '@mnemo/contracts/api/decks';
import { searchString } from '../../lib/search-params';
import { deckCountLabel } from '../../lib/deck-list';

/** The explore page's words (spec 01 §2.9, §8). */
export const EXPLORE_MESSAGES = {
  title: 'Explore',
  searchPlaceholder: 'Search for decks...',
  recentHeading: 'Recently Published Decks',
  noMatchesTitle: 'No decks match your search',
  noMatchesText: 'Try using different keywords or check back later.',
  noDecksTitle: 'No decks available yet',
  noDecksText: 'Be the first to publish a deck for others to explore!',
  searching: 'Searching decks...',
  loading: 'Loading published decks...',
  loadFailed: 'Failed to load decks. Please try again later.',
} as const;

/** Spec 01 §9: 20 per page, newest first, a window of at most 5 page numbers. */
export const EXPLORE_LIMIT = EXPLORE_PAGE_SIZE;
export const PAGE_WINDOW = 5;
/** Ours: how long the search box waits after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The explore page's address: `?search=term&page=n`; page 1 and an empty term are left out. */
export interface ExploreSearch {
  search?: string;
  page?: number;
}

/** Reads the address's search params, dropping anything that is not a term or a page ≥ 2. */
export function parseExploreSearch(raw: Record<string, unknown>): ExploreSearch {
  const out: ExploreSearch = {};
  const search = searchString(raw.search)?.trim();
  if (search) out.search = search;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  return out;
}

/** 'Recently Published Decks', or 'Search Results for "{term}"' while a term is searched. */
export function exploreHeading(term: string): string {
  const t = term.trim();
  return t === '' ? EXPLORE_MESSAGES.recentHeading : `Search Results for "${t}"`;
}

/** '1 deck found' / 'N decks found'. */
export const decksFoundText = (total: number) => `${deckCountLabel(total)} found`;

/** The loading line: 'Searching decks...' while searching, else 'Loading published decks...'. */
export function exploreLoadingText(term: string): string {
  return term.trim() === '' ? EXPLORE_MESSAGES.loading : EXPLORE_MESSAGES.searching;
}

/** Which empty state shows: a search found nothing, or nothing is published at all. */
export function exploreEmptyState(term: string): { title: string; text: string } {
  return term.trim() === ''
    ? { title: EXPLORE_MESSAGES.noDecksTitle, text: EXPLORE_MESSAGES.noDecksText }
    : { title: EXPLORE_MESSAGES.noMatchesTitle, text: EXPLORE_MESSAGES.noMatchesText };
}

/**
 * The page numbers shown (spec 01 §2.9): at most `size` consecutive numbers around `current`,
 * kept inside 1..totalPages, so the window slides instead of shrinking near either end.
 */
export function pageWindow(
  current: number,
  totalPages: number,
  size: number = PAGE_WINDOW,
): number[] {
  if (totalPages < 1 || size < 1) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), totalPages);
  const count = Math.min(size, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor((count - 1) / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * A card's number of cards (spec 01 §3): the server's `cardCount`, else the length of its `cards`,
 * else 0.
 */
export function publishedCardCount(card: {
  cardCount?: number | null;
  cards?: readonly unknown[] | null;
}): number {
  return card.cardCount ?? card.cards?.length ?? 0;
}

/** 'by {ownerName}', or 'by Anonymous' for a deck published anonymously or without a name. */
export function publishedByText(card: {
  publishedAnonymously: boolean;
  ownerName: string | null;
}): string {
  const name = card.publishedAnonymously ? null : card.ownerName?.trim();
  return `by ${name || 'Anonymous'}`;
}

/** What a card says about its sources: the first source's title, plus how many more there are. */
export function sourcesText(sources: readonly { title: string }[]): string | null {
  const first = sources[0];
  if (!first) return null;
  const title = first.title.trim() || 'Untitled source';
  const more = sources.length - 1;
  return more > 0 ? `${title} + ${more} more` : title;
}
