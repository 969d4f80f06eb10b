import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../../features/marketing/legal-pages';

export const Route = createFileRoute('/_public/privacy')({ component: PrivacyPage });
