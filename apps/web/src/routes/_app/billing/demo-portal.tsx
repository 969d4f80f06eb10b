import { createFileRoute } from '@tanstack/react-router';
import { DemoPortalPage } from '../../../features/billing/demo-portal-page';

export const Route = createFileRoute('/_app/billing/demo-portal')({ component: DemoPortalPage });
