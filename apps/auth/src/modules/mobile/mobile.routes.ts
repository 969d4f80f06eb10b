import { z } from 'zod';
import type { Mailer } from '@mnemo/mailer';
import { publicUrlOf, type RoutesPlugin } from '@mnemo/service-kit';
import { mobileLinkMail } from '../accounts/mails';

/** POST /mobile/send-link: mails the product's address to someone on a phone. */
export const mobileRoutes: RoutesPlugin<{ mailer: Mailer; publicUrl: string | undefined }> = async (app, { mailer, publicUrl }) => {
  app.post(
    '/mobile/send-link',
    { schema: { body: z.object({ email: z.string().trim().max(254).pipe(z.email('Please enter a valid email address')) }) } },
    async (request) => {
      await mailer.send(mobileLinkMail(request.body.email, `${publicUrlOf(request, publicUrl)}/create-flashcards`));
      return { success: true as const, message: 'Link sent' };
    },
  );
};
