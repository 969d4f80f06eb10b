import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '@mnemo/service-kit/errors';
import { createRedis } from '@mnemo/service-kit/plugins/redis';

export const QUEUE_BOARD_PATH = '/api/admin/queues';

/**
 * bull-board on the BullMQ queues, for the user ids in ADMIN_USER_IDS only. Everyone else (guests,
 * other users, nobody) gets the same 404 as for a route that does not exist, so the board is not
 * advertised. The identity comes from the gateway's usual bearer token (identity plugin, /api/*).
 */
export async function queueBoardRoutes(
  app: FastifyInstance,
  options: { redisUrl: string; redisPrefix: string; queues: readonly string[]; adminUserIds: readonly string[] },
) {
  const admins = new Set(options.adminUserIds);
  const connection = createRedis(options.redisUrl);
  const queues = options.queues.map((name) => new Queue(name, { connection, prefix: options.redisPrefix }));
  app.addHook('onClose', async () => {
    await Promise.all(queues.map((q) => q.close()));
    await connection.quit().catch(() => connection.disconnect());
  });

  // Answered here, not thrown: bull-board's plugin has an error handler of its own that would
  // reshape the error, and the 404 must look like the gateway's for any unknown route.
  app.addHook('onRequest', async (request, reply) => {
    const id = request.identity;
    if (id?.kind === 'user' && admins.has(id.userId)) return;
    const message = `Route ${request.method} ${request.url.split('?')[0]} not found`;
    return reply.code(404).send(errorBody('NOT_FOUND', message, request.id));
  });

  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q)), serverAdapter });
  await app.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
}
