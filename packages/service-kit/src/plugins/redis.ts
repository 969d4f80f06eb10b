import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis;
  }
}

export type RedisPluginOptions = { url: string } | { client: Redis };

/** One Redis connection per service, checked by /readyz and closed with the app. */
export const redisPlugin = fp<RedisPluginOptions>(
  async (app, options) => {
    const owned = !('client' in options);
    const redis = 'client' in options ? options.client : createRedis(options.url);
    app.decorate('redis', redis);
    app.addReadinessCheck({ name: 'redis', check: async () => void (await redis.ping()) });
    if (owned) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  },
  { name: 'redis' },
);

/**
 * BullMQ needs maxRetriesPerRequest null on connections it blocks on; using it everywhere keeps one
 * way to connect. Commands still fail fast while disconnected thanks to enableOfflineQueue: false
 * only where a caller asks for it.
 */
export function createRedis(url: string, options: { lazyConnect?: boolean } = {}) {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: options.lazyConnect ?? false });
}
