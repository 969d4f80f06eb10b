import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../../features/marketing/landing-page';

export const Route = createFileRoute('/_public/')({ component: LandingPage });
