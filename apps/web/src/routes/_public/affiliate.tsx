import { createFileRoute } from '@tanstack/react-router';
import { AffiliatePage } from '../../features/marketing/simple-pages';

export const Route = createFileRoute('/_public/affiliate')({ component: AffiliatePage });
