import { createFileRoute } from '@tanstack/react-router';
import { ClassesSection } from '../../features/classes/classes-section';
import { LibraryPage } from '../../features/library/library-page';

// The Classes part (classes feature) is handed in: a feature never imports a sibling.
export const Route = createFileRoute('/_app/library')({
  component: () => <LibraryPage classes={<ClassesSection />} />,
});
