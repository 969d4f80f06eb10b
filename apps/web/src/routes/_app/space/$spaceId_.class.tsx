import { createFileRoute } from '@tanstack/react-router';
import { ClassDashboardPage } from '../../../features/classes/class-dashboard-page';

/** /space/$spaceId/class: the teacher's class dashboard (issue 23). */
export const Route = createFileRoute('/_app/space/$spaceId_/class')({
  component: function ClassDashboardRoute() {
    const { spaceId } = Route.useParams();
    return <ClassDashboardPage spaceId={spaceId} />;
  },
});
