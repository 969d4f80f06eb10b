import { createFileRoute } from '@tanstack/react-router';
import { MobileInvitePage } from '../../features/marketing/mobile-invite-page';

export const Route = createFileRoute('/_public/mobile-invite')({ component: MobileInvitePage });
