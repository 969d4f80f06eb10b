import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../../features/marketing/simple-pages';

export const Route = createFileRoute('/_public/privacy')({
  component: () => <LegalPage title="Privacy Policy" />,
});
