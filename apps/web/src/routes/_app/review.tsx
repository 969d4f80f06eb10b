import { createFileRoute } from '@tanstack/react-router';
import { ReviewAllPage } from '../../features/study/review-all-page';

export const Route = createFileRoute('/_app/review')({ component: ReviewAllPage });
