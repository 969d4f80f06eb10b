import { createFileRoute } from '@tanstack/react-router';
import { PlansPage } from '../../features/marketing/plans-page';

export const Route = createFileRoute('/_public/plans')({ component: PlansPage });
