import { createFileRoute } from '@tanstack/react-router';
import { ClassPanel } from '../../../features/classes/class-panel';
import { SpacePage } from '../../../features/library/space-page';

export const Route = createFileRoute('/_app/space/$spaceId')({
  component: function SpaceRoute() {
    const { spaceId } = Route.useParams();
    // The class panel (classes feature) is handed in: a feature never imports a sibling.
    return <SpacePage spaceId={spaceId} classPanel={<ClassPanel spaceId={spaceId} />} />;
  },
});
