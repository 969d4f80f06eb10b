import type { FastifyInstance } from 'fastify';
import { readOutbox, renderOutboxPage } from '@mnemo/mailer';

/**
 * The dev outbox, so a person can read verification codes without an SMTP server. Registered only
 * while mail goes to the outbox: with SMTP configured these routes do not exist.
 */
export async function devMailRoutes(app: FastifyInstance, { dir }: { dir: string }) {
  app.get('/api/dev/mail', async () => readOutbox(dir, { limit: 100 }));
  app.get('/dev/mail', async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return renderOutboxPage(await readOutbox(dir, { limit: 100 }));
  });
}
