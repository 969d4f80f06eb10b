import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../../features/marketing/legal-pages';

export const Route = createFileRoute('/_public/terms')({ component: TermsPage });
