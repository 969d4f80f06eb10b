import { createFileRoute } from '@tanstack/react-router';
import { ClassesSection } from '../../../features/classes/classes-section';

/** /classes: the caller's classes on their own page, for guests too, who have no library (issue 23). */
export const Route = createFileRoute('/_app/classes/')({
  staticData: { access: 'anyone' },
  component: () => (
    <div className="page">
      <ClassesSection level={1} />
    </div>
  ),
});
