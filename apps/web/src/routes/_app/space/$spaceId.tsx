import { createFileRoute } from '@tanstack/react-router';
import { SpacePage } from '../../../features/library/space-page';

export const Route = createFileRoute('/_app/space/$spaceId')({
  component: function SpaceRoute() {
    const { spaceId } = Route.useParams();
    return <SpacePage spaceId={spaceId} />;
  },
});
