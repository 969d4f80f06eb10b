import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { collectGarbageWhenIdle } from './memory';

/**
 * Listens, then closes gracefully on SIGTERM/SIGINT: Fastify stops accepting connections, waits
 * for in-flight requests, and runs onClose hooks (database pools, Redis, queues) before exit.
 */
export async function runService(
  app: FastifyInstance,
  { port, host, graceMs = 10_000 }: { port: number; host: string; graceMs?: number },
  onClose: () => Promise<void> = async () => {},
) {
  // What starting left, and later what each burst of requests leaves, is collected once the
  // process goes quiet rather than kept resident while it idles (issue 25, idle memory).
  const idleCollector = collectGarbageWhenIdle();
  const close = async () => {
    idleCollector.stop();
    await app.close();
    await onClose();
  };
  // Past graceMs the process exits anyway (code 1): a worker sets it just under its pod's grace period.
  closeWithGrace({ delay: graceMs }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'shutting down');
    await close();
  });
  // Started by a supervisor over IPC (npm start's launcher): if it goes away, so do we.
  if (process.send) {
    process.once('disconnect', () => {
      app.log.warn('supervisor went away: shutting down');
      void close().finally(() => process.exit(0));
    });
  }
  await app.listen({ port, host });
  return app;
}
