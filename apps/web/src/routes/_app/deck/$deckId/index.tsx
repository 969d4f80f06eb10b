import { createFileRoute, redirect } from '@tanstack/react-router';
import { resolveDeckTab } from '../../../../features/deck/deck-tabs';
import { searchString } from '../../../../lib/search-params';

/**
 * /deck/$deckId opens the summary tab; the older form /deck/$deckId?tab=edit&sourceFilter=... (used
 * after adding sources) opens the matching tab, keeping the source filter for edit.
 */
export const Route = createFileRoute('/_app/deck/$deckId/')({
  validateSearch: (search: Record<string, unknown>): { tab?: string; sourceFilter?: string } => {
    const out: { tab?: string; sourceFilter?: string } = {};
    const tab = searchString(search.tab);
    const sourceFilter = searchString(search.sourceFilter);
    if (tab) out.tab = tab;
    if (sourceFilter) out.sourceFilter = sourceFilter;
    return out;
  },
  beforeLoad: ({ params, search }) => {
    switch (resolveDeckTab(search.tab)) {
      case 'edit':
        throw redirect({
          to: '/deck/$deckId/edit',
          params,
          search: search.sourceFilter ? { sourceFilter: search.sourceFilter } : {},
          replace: true,
        });
      case 'manage':
        throw redirect({ to: '/deck/$deckId/manage', params, replace: true });
      case 'flashcards':
        throw redirect({ to: '/deck/$deckId/flashcards', params, replace: true });
      case 'summary':
        throw redirect({ to: '/deck/$deckId/summary', params, replace: true });
    }
  },
});
