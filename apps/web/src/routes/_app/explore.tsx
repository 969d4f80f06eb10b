import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { CloneDialog } from '../../features/deck/clone-dialog';
import { ExplorePage } from '../../features/explore/explore-page';
import { parseExploreSearch } from '../../features/explore/explore-model';

/** /explore: open to anyone as a route; the sidebar asks guests to sign in (spec 01 §2.1, §2.4). */
export const Route = createFileRoute('/_app/explore')({
  staticData: { access: 'anyone' },
  validateSearch: parseExploreSearch,
  component: function ExploreRoute() {
    const { search, page } = Route.useSearch();
    const navigate = Route.useNavigate();
    const onSearch = useCallback(
      (term: string) => void navigate({ search: term ? { search: term } : {}, replace: true }),
      [navigate],
    );
    const onPage = useCallback(
      (next: number) =>
        void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) }),
      [navigate],
    );
    const onReset = useCallback(() => void navigate({ search: {} }), [navigate]);
    return (
      <ExplorePage
        search={search ?? ''}
        page={page ?? 1}
        onSearch={onSearch}
        onPage={onPage}
        onReset={onReset}
        CloneDialog={CloneDialog}
      />
    );
  },
});
