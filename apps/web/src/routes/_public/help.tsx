import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../../features/marketing/help-pages';

export const Route = createFileRoute('/_public/help')({ component: HelpPage });
