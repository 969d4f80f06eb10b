import { createFileRoute } from '@tanstack/react-router';
import { JoinClassPage } from '../../../features/classes/join-page';

/** /join: joining a class by typing its code (issue 23); guests may join too. */
export const Route = createFileRoute('/_app/join/')({
  staticData: { access: 'anyone' },
  component: () => <JoinClassPage />,
});
