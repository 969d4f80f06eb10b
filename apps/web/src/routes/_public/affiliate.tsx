import { createFileRoute } from '@tanstack/react-router';
import { AffiliatePage } from '../../features/marketing/affiliate-page';

export const Route = createFileRoute('/_public/affiliate')({ component: AffiliatePage });
