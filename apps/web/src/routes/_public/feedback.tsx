import { createFileRoute } from '@tanstack/react-router';
import { FeedbackPage } from '../../features/marketing/help-pages';

export const Route = createFileRoute('/_public/feedback')({ component: FeedbackPage });
