import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../../features/marketing/simple-pages';

export const Route = createFileRoute('/_public/terms')({
  component: () => <LegalPage title="Terms of Service" />,
});
