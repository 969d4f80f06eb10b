import fp from 'fastify-plugin';
import { Queue } from 'bullmq';
import { QUEUES, type GenerateQuestionsJobInput } from '@mnemo/contracts/jobs';
import { createRedis } from '@mnemo/service-kit/plugins/redis';

export type GenerateQueue = Queue<GenerateQuestionsJobInput, unknown, 'generate-questions'>;

declare module 'fastify' {
  interface FastifyInstance {
    generateQueue: GenerateQueue;
  }
}

export type GenerateQueuePluginOptions = { redisUrl: string; prefix: string };

/**
 * The producer side of the `generate` queue (question and card generation), on its own Redis
 * connection like the ingest queue, under the deployment's prefix.
 */
export const generateQueuePlugin = fp<GenerateQueuePluginOptions>(
  async (app, { redisUrl, prefix }) => {
    const connection = createRedis(redisUrl);
    const queue: GenerateQueue = new Queue(QUEUES.generate, { connection, prefix });
    app.decorate('generateQueue', queue);
    app.addHook('onClose', async () => {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    });
  },
  { name: 'generate-queue' },
);
