import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { isRedisDown } from '@mnemo/service-kit/plugins/redis';
import { errorBody } from '@mnemo/service-kit/errors';
import { createWindowCounter, type WindowCounter } from '../modules/limits/window-counter';

const isHealthCall = (req: FastifyRequest) => req.url === '/api/healthz' || req.url.startsWith('/api/healthz?');
/**
 * /api/healthz asks five services each time: counted per address, apart from the API's limits.
 * Generous enough for a monitor and for `npm start`, which polls it four times a second while
 * Mnemo starts.
 */
export const HEALTHZ_PER_MINUTE = 300;

const isAuthCall = (req: FastifyRequest) => req.url.startsWith('/api/auth/') || req.url.startsWith('/api/mobile/');

const WINDOW_MS = 60_000;

/**
 * The caller's limit, what is left and when the window resets, on every counted answer; past the
 * limit also retry-after, and the 429 (through the error handler, as a thrown error). These are the
 * headers and the answer @fastify/rate-limit gave, which this plugin replaces.
 */
function answer(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction, max: number, count: number, resetMs: number) {
  const resetSeconds = Math.ceil(resetMs / 1000);
  reply.header('x-ratelimit-limit', max);
  if (count <= max) {
    reply.header('x-ratelimit-remaining', Math.max(0, max - count));
    reply.header('x-ratelimit-reset', resetSeconds);
    done();
    return;
  }
  reply.header('x-ratelimit-remaining', 0);
  reply.header('x-ratelimit-reset', resetSeconds);
  reply.header('retry-after', resetSeconds);
  // Fastify's hook runner sends whatever a hook hands to done() as the error, as it did for the
  // object @fastify/rate-limit threw: the error handler answers 429 RATE_LIMITED with this message.
  done({
    statusCode: 429,
    ...errorBody('RATE_LIMITED', `Too many requests. Please try again in ${resetSeconds} seconds.`, request.id),
  } as unknown as Error);
}

// Options never use the name `prefix`: Fastify's register() reads it as a route prefix.
/**
 * Per-identity limits on /api, kept in Redis so every gateway replica counts together (fixed
 * windows of a minute, window-counter.ts). Sign-in and reset calls are counted per IP address and
 * more tightly; the auth service adds per-account limits of its own.
 *
 * A callback hook of our own rather than @fastify/rate-limit (whose keys, windows, headers and 429
 * it keeps): that plugin's hook is async, with five awaits and a promise per call whatever its
 * store does, on every call through the gateway, where a caller far from its limit is counted here
 * without Redis and needs no promise at all (issue 25). Like that plugin, the hook is added to the
 * routes made after it (onRoute), so createService's own routes are not counted.
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
    const nameSpace = `${options.redisPrefix}:ratelimit:`;
    const limit: onRequestHookHandler = (request, reply, done) => {
      // While Redis is unreachable the limits are not counted (fail open): calls that need Redis
      // answer 503 on their own, and the others keep working through the outage. Sign-in stays
      // guarded by the auth service's own counters, which need Redis too.
      if (!request.url.startsWith('/api/') || isRedisDown(options.redis)) {
        done();
        return;
      }
      let key: string;
      let max: number;
      if (isHealthCall(request)) {
        key = `healthz:ip:${request.ip}`;
        max = HEALTHZ_PER_MINUTE;
      } else if (isAuthCall(request)) {
        key = `auth:ip:${request.ip}`;
        max = options.authPerMinute;
      } else {
        const id = request.identity;
        key = id?.kind === 'user' ? `user:${id.userId}` : id?.kind === 'anonymous' ? `anon:${id.anonId}` : `ip:${request.ip}`;
        max = options.perMinute;
      }
      // Far from the limit, counted here and answered at once.
      const local = counter.hitLocally(nameSpace + key, max);
      if (local) {
        answer(request, reply, done, max, local.count, local.resetMs);
        return;
      }
      counter.hit(nameSpace + key, WINDOW_MS, max).then(
        ({ count, resetMs }) => answer(request, reply, done, max, count, resetMs),
        // A failed count lets the call through (as @fastify/rate-limit's skipOnError did: nothing
        // counted, the whole limit left).
        () => answer(request, reply, done, max, 0, 0),
      );
    };
    app.addHook('onRoute', (route) => {
      const hooks = route.onRequest;
      route.onRequest = hooks === undefined ? [limit] : Array.isArray(hooks) ? [...hooks, limit] : [hooks, limit];
    });
  },
  { name: 'rate-limit', dependencies: ['identity'] },
);
