import type { Deck } from '@mnemo/contracts/entities/deck';
import type { SourceType } from '@mnemo/contracts/entities/source';
import { youtubeVideoId } from '@mnemo/contracts/api/sources';

/** Library page size (spec 01 §9). */
export const LIBRARY_PAGE_SIZE = 6;

/** The words of spec 01 §2.7, §2.8 and §8 for the library and study spaces. */
export const LIBRARY_MESSAGES = {
  noDecks: "You don't have any decks yet.",
  noSpaces: "You don't have any study spaces yet.",
  decksFailed: 'Failed to load decks',
  spacesFailed: 'Failed to load study spaces',
  spaceEmpty: 'No decks in this study space yet',
  spaceNotFound: 'Study space not found',
  /** Ours: the spec names no message for these. */
  noMatches: 'No decks match your search',
  spaceFailed: 'Failed to load study space',
  renameFailed: 'Failed to rename the study space. Please try again.',
  titleRequired: 'Please enter a title',
  deleteFailed: 'Failed to delete the study space. Please try again.',
} as const;

/** How many pages `total` items fill; an empty list is still one page ('1 of 1'). */
export function pageCount(total: number, size: number = LIBRARY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** A page number kept within 1..pages (a list that shrank leaves no empty last page). */
export function clampPage(page: number, total: number, size: number = LIBRARY_PAGE_SIZE): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, size));
}

/** The items of one page (pages count from 1). */
export function pageItems<T>(
  items: readonly T[],
  page: number,
  size: number = LIBRARY_PAGE_SIZE,
): T[] {
  const current = clampPage(page, items.length, size);
  return items.slice((current - 1) * size, current * size);
}

/** 'n of m' */
export const pageLabel = (page: number, pages: number) => `${page} of ${pages}`;

/** A deck's number of cards: the server's count, else the length of its cards (spec 01 §3). */
export const deckCardCount = (deck: Pick<Deck, 'cards'> & { cardCount?: number | undefined }) =>
  deck.cardCount ?? deck.cards.length;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
export const cardCountLabel = (n: number) => plural(n, 'card', 'cards');
export const deckCountLabel = (n: number) => plural(n, 'deck', 'decks');

/** A creation date as lists show it: 'Mar 1, 2025'. */
export function formatDeckDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The study-space page's search: decks whose title contains the term, case and spacing aside. */
export function filterDecksByTitle<T extends { title: string }>(
  decks: readonly T[],
  term: string,
): T[] {
  const needle = term.trim().toLocaleLowerCase();
  if (needle === '') return [...decks];
  return decks.filter((deck) => deck.title.toLocaleLowerCase().includes(needle));
}

/**
 * What a deck card shows as its picture (spec 01 §2.8): the thumbnail of its first video source,
 * else an icon for the type of its first source, else a plain deck icon.
 */
export type DeckVisual =
  | { kind: 'video'; videoId: string; thumbnail: string }
  | { kind: 'icon'; type: SourceType | 'deck' };

export function deckVisual(deck: {
  sources: readonly { type: SourceType; url: string | null }[];
}): DeckVisual {
  for (const source of deck.sources) {
    const videoId = source.type === 'youtube' && source.url ? youtubeVideoId(source.url) : null;
    if (videoId) {
      return {
        kind: 'video',
        videoId,
        thumbnail: `https://i.ytimg.com/vi/${videoId}/mqdefault.jpg`,
      };
    }
  }
  const first = deck.sources[0];
  return { kind: 'icon', type: first ? first.type : 'deck' };
}

/** The validated title of an inline title edit (spec 02 §5: trimmed, not empty), or null. */
export function editedTitle(raw: string): string | null {
  const title = raw.trim();
  return title === '' ? null : title;
}
