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
    app.addReadinessCheck({ name: 'redis', check: () => pingRedis(redis) });
    if (owned) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  },
  { name: 'redis' },
);

/**
 * How long one command may wait for Redis: a request that needs Redis during an outage answers
 * 503 after this, instead of hanging until Redis returns (ioredis' default queues commands
 * forever). Well above a healthy Redis' latency, well below an HTTP client's patience.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/**
 * A connection for commands a request waits on (the services' and the gateway's). Once it has
 * been ready, a command while Redis is unreachable fails at once (no offline queue: a request
 * would otherwise wait for Redis to come back, minutes in the outage this was written for), and
 * each command is bounded by REDIS_COMMAND_TIMEOUT_MS for a Redis that is reachable but stuck.
 * Until the first connection is made commands do queue, so a service that starts beside Redis
 * does not refuse its first requests. Reconnection is retried at least every second, so service
 * comes back within about a second of Redis.
 *
 * `blocking: true` is BullMQ's kind (workers): BullMQ requires maxRetriesPerRequest null on
 * connections it blocks on, and a blocking read must not time out.
 *
 * `subscriber: true` is for a connection that SUBSCRIBEs (the gateway's progress relay and plan
 * invalidations): it skips ioredis' ready check. In ioredis 5.8.2 and later a SUBSCRIBE sent while
 * the connection is still starting can reach Redis before the check's INFO, which Redis then
 * refuses in subscriber mode; ioredis takes that as a failed connection and reconnects, and the
 * subscription delivers nothing (redis/ioredis#2037, fixed in 6.0). The check only waits out a
 * Redis loading its data set, and SUBSCRIBE is allowed while it loads, so a subscriber loses nothing
 * without it.
 */
export function createRedis(
  url: string,
  options: { lazyConnect?: boolean; blocking?: boolean; subscriber?: boolean } = {},
) {
  const lazyConnect = options.lazyConnect ?? false;
  if (options.blocking) return new Redis(url, { maxRetriesPerRequest: null, lazyConnect });
  const client = new Redis(url, {
    lazyConnect,
    ...(options.subscriber ? { enableReadyCheck: false } : {}),
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  // An outage shows in /readyz and in 503s; without a listener ioredis prints every failed
  // reconnection (one a second) to the console.
  client.on('error', () => {});
  // ioredis reads this option at each command, so it can change once the connection is up.
  client.once('ready', () => {
    client.options.enableOfflineQueue = false;
  });
  return client;
}

/**
 * Whether a command on this connection would be refused at once: it was connected once (see
 * createRedis) and is not now. Before its first connection, commands wait for it instead.
 */
export function isRedisDown(redis: Redis): boolean {
  return redis.status !== 'ready' && redis.options.enableOfflineQueue === false;
}

/**
 * A readiness probe of a connection: down at once while it is not connected (no command is
 * queued behind a dead socket), else a PING within the command timeout.
 */
export async function pingRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') throw new Error(`Redis is unreachable (connection ${redis.status})`);
  await redis.ping();
}

/**
 * Whether an error means Redis could not be reached (timed out, connection closed or not
 * writable, reconnection given up): a 503 for the caller, not a 500.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  return /^(Command timed out|Connection is closed\.?|Stream isn't writeable)/.test(error.message);
}
