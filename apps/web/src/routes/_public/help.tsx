import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../../features/marketing/simple-pages';

export const Route = createFileRoute('/_public/help')({ component: HelpPage });
