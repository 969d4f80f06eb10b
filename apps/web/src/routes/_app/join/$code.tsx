import { createFileRoute } from '@tanstack/react-router';
import { JoinClassPage } from '../../../features/classes/join-page';

/** /join/$code: the join link a teacher hands out, with the code filled in (issue 23). */
export const Route = createFileRoute('/_app/join/$code')({
  staticData: { access: 'anyone' },
  component: function JoinCodeRoute() {
    const { code } = Route.useParams();
    return <JoinClassPage key={code} code={code} />;
  },
});
