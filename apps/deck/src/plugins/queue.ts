import fp from 'fastify-plugin';
import { Queue } from 'bullmq';
import { QUEUES, type IngestSourceJob } from '@mnemo/contracts/jobs';
import { createRedis } from '@mnemo/service-kit/plugins/redis';

export type IngestQueue = Queue<IngestSourceJob, unknown, 'ingest-source'>;

declare module 'fastify' {
  interface FastifyInstance {
    ingestQueue: IngestQueue;
  }
}

export type QueuePluginOptions = { redisUrl: string; prefix: string };

/**
 * The producer side of the `ingest` queue, on its own Redis connection (BullMQ's settings differ
 * from the service's), under the deployment's prefix so the worker of the same copy consumes it.
 */
export const queuePlugin = fp<QueuePluginOptions>(
  async (app, { redisUrl, prefix }) => {
    const connection = createRedis(redisUrl);
    const queue: IngestQueue = new Queue(QUEUES.ingest, { connection, prefix });
    app.decorate('ingestQueue', queue);
    app.addHook('onClose', async () => {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    });
  },
  { name: 'ingest-queue' },
);
