import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from '@mnemo/service-kit/queue';
import { createRedis } from '@mnemo/service-kit/plugins/redis';

/** The queues the deck service enqueues on: the worker's ingest and generate, and its own maintenance. */
export type DeckQueues = {
  ingest: JobQueue<'ingest'>;
  generate: JobQueue<'generate'>;
  maintenance: JobQueue<'maintenance'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    queues: DeckQueues;
  }
}

export type QueuePluginOptions = { redisUrl: string; prefix: string };

/**
 * The producer side of the deck's queues, typed by the contracts' job map, on one Redis connection
 * of their own (BullMQ's settings differ from the service's), under the deployment's prefix so the
 * worker of the same copy consumes them.
 */
export const queuePlugin = fp<QueuePluginOptions>(
  async (app, { redisUrl, prefix }) => {
    const connection = createRedis(redisUrl);
    const queues: DeckQueues = {
      ingest: createJobQueue('ingest', { connection, prefix }),
      generate: createJobQueue('generate', { connection, prefix }),
      maintenance: createJobQueue('maintenance', { connection, prefix }),
    };
    app.decorate('queues', queues);
    app.addHook('onClose', async () => {
      await Promise.all(Object.values(queues).map((q) => q.close()));
      await connection.quit().catch(() => connection.disconnect());
    });
  },
  { name: 'queues' },
);
