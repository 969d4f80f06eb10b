import { searchFlag, searchString } from '../../lib/search-params';

/** The deck area's tabs, in the order the tab bar shows them (spec 02 §2). */
export const DECK_TABS = ['manage', 'summary', 'flashcards', 'edit'] as const;
export type DeckTab = (typeof DECK_TABS)[number];

export const DECK_TAB_LABELS: Record<DeckTab, string> = {
  manage: 'Manage',
  summary: 'Summary',
  flashcards: 'Flashcards',
  edit: 'Edit',
};

/** A known tab name, or 'summary' (the default) for anything else. */
export function resolveDeckTab(tab: unknown): DeckTab {
  return (DECK_TABS as readonly unknown[]).includes(tab) ? (tab as DeckTab) : 'summary';
}

/** Deck pages that are not tabs: the header's buttons open them, and no tab is current there. */
const DECK_PAGES_WITHOUT_TAB: readonly string[] = ['quiz'];

/**
 * The active tab from the address (spec 02 §2: derived from the path, summary by default):
 * /deck/{id}/{tab}; a page that is no tab (the summary quiz) has none; anything else (no tab, an
 * unknown one) is summary.
 */
export function deckTabFromPath(pathname: string): DeckTab | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'deck') return 'summary';
  const page = segments[2];
  if (page !== undefined && DECK_PAGES_WITHOUT_TAB.includes(page)) return null;
  return resolveDeckTab(page);
}

export interface DeckEditSearch {
  sourceFilter?: string;
  cardFilter?: string;
  isGenerating?: boolean;
}

export function parseDeckEditSearch(search: Record<string, unknown>): DeckEditSearch {
  const out: DeckEditSearch = {};
  const sourceFilter = searchString(search.sourceFilter);
  const cardFilter = searchString(search.cardFilter);
  if (sourceFilter) out.sourceFilter = sourceFilter;
  if (cardFilter) out.cardFilter = cardFilter;
  if (searchFlag(search.isGenerating)) out.isGenerating = true;
  return out;
}
