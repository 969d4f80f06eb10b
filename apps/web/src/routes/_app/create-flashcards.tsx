import { createFileRoute } from '@tanstack/react-router';
import { CreatePage, type CreateSearch } from '../../features/create/create-page';
import { searchFlag, searchString } from '../../lib/search-params';

export const Route = createFileRoute('/_app/create-flashcards')({
  staticData: { access: 'anyone' },
  validateSearch: (
    search: Record<string, unknown>,
  ): { 'new-space'?: boolean; spaceId?: string } => {
    const out: { 'new-space'?: boolean; spaceId?: string } = {};
    if (searchFlag(search['new-space'])) out['new-space'] = true;
    const spaceId = searchString(search.spaceId);
    if (spaceId) out.spaceId = spaceId;
    return out;
  },
  component: function CreateRoute() {
    const search = Route.useSearch();
    const props: CreateSearch = { newSpace: search['new-space'] === true };
    if (search.spaceId) props.spaceId = search.spaceId;
    return <CreatePage {...props} />;
  },
});
