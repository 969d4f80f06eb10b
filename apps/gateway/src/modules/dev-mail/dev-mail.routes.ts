import type { FastifyInstance } from 'fastify';
import { readOutbox, renderOutboxPage } from '@mnemo/mailer';
import { isLoopbackHost } from '@mnemo/service-kit/env';

/**
 * Whether this gateway may show the dev outbox, which holds every verification code and reset link
 * (whoever reads it can take over any account): only while mail goes to the outbox, never with
 * NODE_ENV=production, and only when the gateway listens on a loopback address (npm start's
 * default), so nobody but this machine's user reaches it. Otherwise the reason, for the log.
 */
export function devOutboxServing(env: { MAIL_OUTBOX_DIR?: string | undefined; NODE_ENV: string; HOST: string }):
  | { served: true; dir: string }
  | { served: false; reason: string | null } {
  if (!env.MAIL_OUTBOX_DIR) return { served: false, reason: null };
  if (env.NODE_ENV === 'production') return { served: false, reason: 'NODE_ENV is production' };
  if (!isLoopbackHost(env.HOST)) return { served: false, reason: `HOST ${env.HOST} is not a loopback address` };
  return { served: true, dir: env.MAIL_OUTBOX_DIR };
}

/**
 * The dev outbox, so a person can read verification codes without an SMTP server. Registered only
 * when `devOutboxServing` says so: otherwise these routes do not exist.
 */
export async function devMailRoutes(app: FastifyInstance, { dir }: { dir: string }) {
  app.get('/api/dev/mail', async () => readOutbox(dir, { limit: 100 }));
  app.get('/dev/mail', async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return renderOutboxPage(await readOutbox(dir, { limit: 100 }));
  });
}
