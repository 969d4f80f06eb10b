import type { Mailer } from '@mnemo/mailer';
import { contractSchema, publicUrlOf, type RoutesPlugin } from '@mnemo/service-kit';
import { mobileLinkMail } from '../accounts/mails';

/** POST /mobile/send-link: mails the product's address to someone on a phone. */
export const mobileRoutes: RoutesPlugin<{ mailer: Mailer; publicUrl: string | undefined }> = async (app, { mailer, publicUrl }) => {
  app.post(
    '/mobile/send-link',
    { schema: contractSchema('POST /mobile/send-link') },
    async (request) => {
      await mailer.send(mobileLinkMail(request.body.email, `${publicUrlOf(request, publicUrl)}/create-flashcards`));
      return { success: true as const, message: 'Link sent' };
    },
  );
};
