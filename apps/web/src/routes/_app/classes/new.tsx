import { createFileRoute } from '@tanstack/react-router';
import { CurriculumPage } from '../../../features/classes/curriculum-page';
import { searchString } from '../../../lib/search-params';

/** /classes/new: "Create a class space" from course material (issue 23); `space` follows one being made. */
export const Route = createFileRoute('/_app/classes/new')({
  validateSearch: (search: Record<string, unknown>): { space?: string } => {
    const space = searchString(search.space);
    return space ? { space } : {};
  },
  component: function CurriculumRoute() {
    const { space } = Route.useSearch();
    return <CurriculumPage spaceId={space} />;
  },
});
