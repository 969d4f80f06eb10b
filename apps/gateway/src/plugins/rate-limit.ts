import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { FastifyRequest } from 'fastify';
import { isRedisDown } from '@mnemo/service-kit/plugins/redis';
import { errorBody } from '@mnemo/service-kit/errors';
import { createWindowCounter, type WindowCounter } from '../modules/limits/window-counter';

/**
 * @fastify/rate-limit's store interface over a window counter: the same keys (namespace + key) and
 * the same fixed windows as its Redis store, counted without a round trip per request far from
 * the limit (window-counter.ts).
 */
export function windowCounterStore(counter: WindowCounter, nameSpace: string) {
  return class WindowCounterStore {
    // The plugin passes the window and the limit (its typings leave them out); the fallbacks are
    // its own defaults.
    incr(key: string, cb: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number, max?: number) {
      // Far from the limit, answered at once (no promise of ours per request).
      const local = counter.hitLocally(nameSpace + key, max ?? 1000);
      if (local) {
        cb(null, { current: local.count, ttl: local.resetMs });
        return;
      }
      counter.hit(nameSpace + key, timeWindow ?? 60_000, max ?? 1000).then(
        ({ count, resetMs }) => cb(null, { current: count, ttl: resetMs }),
        (error: Error) => cb(error),
      );
    }
    child() {
      // No route has limits of its own: every route shares the global counters.
      return this;
    }
  };
}

const isHealthCall = (req: FastifyRequest) => req.url === '/api/healthz' || req.url.startsWith('/api/healthz?');
/**
 * /api/healthz asks five services each time: counted per address, apart from the API's limits.
 * Generous enough for a monitor and for `npm start`, which polls it four times a second while
 * Mnemo starts.
 */
export const HEALTHZ_PER_MINUTE = 300;

const isAuthCall = (req: FastifyRequest) => req.url.startsWith('/api/auth/') || req.url.startsWith('/api/mobile/');

// Options never use the name `prefix`: Fastify's register() reads it as a route prefix.
/**
 * Per-identity limits on /api, kept in Redis so every gateway replica counts together. Sign-in
 * and reset calls are counted per IP address and more tightly; the auth service adds per-account
 * limits of its own.
 */
export const rateLimitPlugin = fp<{
  redis: Redis;
  redisPrefix: string;
  perMinute: number;
  authPerMinute: number;
  /** Shared with the guest address limit; made here when not given. */
  counter?: WindowCounter;
}>(
  async (app, options) => {
    const counter = options.counter ?? createWindowCounter({ redis: options.redis });
    await app.register(rateLimit, {
      global: true,
      store: windowCounterStore(counter, `${options.redisPrefix}:ratelimit:`),
      timeWindow: '1 minute',
      // While Redis is unreachable the limits are not counted (fail open): calls that need Redis
      // answer 503 on their own, and the others keep working through the outage. Sign-in stays
      // guarded by the auth service's own counters, which need Redis too.
      allowList: (req) =>
        !req.url.startsWith('/api/') || isRedisDown(options.redis),
      skipOnError: true,
      max: (req) => (isHealthCall(req) ? HEALTHZ_PER_MINUTE : isAuthCall(req) ? options.authPerMinute : options.perMinute),
      keyGenerator: (req) => {
        if (isHealthCall(req)) return `healthz:ip:${req.ip}`;
        if (isAuthCall(req)) return `auth:ip:${req.ip}`;
        const id = req.identity;
        if (id?.kind === 'user') return `user:${id.userId}`;
        if (id?.kind === 'anonymous') return `anon:${id.anonId}`;
        return `ip:${req.ip}`;
      },
      errorResponseBuilder: (req, context) => ({
        statusCode: 429,
        ...errorBody('RATE_LIMITED', `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`, req.id),
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['identity'] },
);
