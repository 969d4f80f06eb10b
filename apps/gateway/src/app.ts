import type { Redis } from 'ioredis';
import { createService } from '@mnemo/service-kit';
import { createRedis, pingRedis } from '@mnemo/service-kit/plugins/redis';
import { createInternalClient } from '@mnemo/service-kit/internal-client';
import { anonymousSeenKey } from '@mnemo/contracts/identity';
import type { Env } from './env';
import { identityPlugin } from './plugins/identity';
import { rateLimitPlugin } from './plugins/rate-limit';
import { sseMetricsPlugin } from './plugins/sse-metrics';
import { createIdentityResolver } from './modules/identity/identity.service';
import { createPlanCache } from './modules/identity/plan.service';
import { proxyRoutes } from './modules/proxy/proxy.routes';
import { createProgressRelay } from './modules/progress/progress.service';
import { progressRoutes } from './modules/progress/progress.routes';
import { createProgressTickets } from './modules/progress/progress-tickets';
import { healthRoutes } from './modules/health/health.routes';
import { devMailRoutes, devOutboxServing } from './modules/dev-mail/dev-mail.routes';
import { webRoutes } from './modules/web/web.routes';
import { queueBoardRoutes } from './modules/admin/queues.routes';
import { QUEUES } from '@mnemo/contracts/jobs';

export type GatewayDeps = { redis?: Redis; subscriber?: Redis };

/** The gateway: identity, rate limits, routing to services, the progress SSE relay, the web app. */
export async function buildApp(env: Env, deps: GatewayDeps = {}) {
  const app = createService({
    name: 'gateway',
    logLevel: env.LOG_LEVEL,
    internalSecret: env.INTERNAL_SECRET,
    trustsNoIdentityHeader: true,
    bodyLimit: env.MAX_UPLOAD_BYTES,
    trustProxy: env.TRUST_PROXY,
    tracing: { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT },
  });

  const redis = deps.redis ?? createRedis(env.REDIS_URL);
  const subscriber = deps.subscriber ?? createRedis(env.REDIS_URL);
  app.addHook('onClose', async () => {
    if (!deps.redis) await redis.quit().catch(() => redis.disconnect());
    if (!deps.subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  });
  app.addReadinessCheck({ name: 'redis', check: () => pingRedis(redis) });

  const services = { auth: env.AUTH_URL, deck: env.DECK_URL, chat: env.CHAT_URL, billing: env.BILLING_URL };
  const strip = (u: string) => u.replace(/\/+$/, '');
  const serviceUrls = {
    auth: strip(services.auth),
    deck: strip(services.deck),
    chat: strip(services.chat),
    billing: strip(services.billing),
  };

  const auth = createInternalClient({ baseUrl: serviceUrls.auth, secret: env.INTERNAL_SECRET, service: 'gateway' });
  const plans = createPlanCache({
    billing: createInternalClient({ baseUrl: serviceUrls.billing, secret: env.INTERNAL_SECRET, service: 'gateway', timeoutMs: 3_000 }),
    redis,
    subscriber,
    prefix: env.REDIS_PREFIX,
    log: app.log,
  });
  await app.register(identityPlugin, {
    resolver: createIdentityResolver({ jwtSecret: env.JWT_SECRET, redis, redisPrefix: env.REDIS_PREFIX, planOf: plans.planOf }),
    // The first time an anonymous session id shows up, the auth service records it (once per day
    // per gateway fleet, thanks to the Redis marker); a failure is retried on the next request.
    onAnonymous: async (anonId) => {
      const key = anonymousSeenKey(env.REDIS_PREFIX, anonId);
      if ((await redis.set(key, '1', 'EX', 86_400, 'NX')) !== 'OK') return;
      try {
        await auth.post(`/internal/anonymous-sessions/${anonId}`, {});
      } catch (err) {
        app.log.warn({ err }, 'could not record the anonymous session');
        await redis.del(key);
      }
    },
  });
  await app.register(rateLimitPlugin, {
    redis,
    redisPrefix: env.REDIS_PREFIX,
    perMinute: env.RATE_LIMIT_PER_MINUTE,
    authPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
  });

  await app.register(sseMetricsPlugin);
  await app.register(healthRoutes, { services: serviceUrls, redis, redisPrefix: env.REDIS_PREFIX });
  const deck = createInternalClient({ baseUrl: serviceUrls.deck, secret: env.INTERNAL_SECRET, service: 'gateway', timeoutMs: 5_000 });
  await app.register(progressRoutes, {
    relay: createProgressRelay({ redis, subscriber, prefix: env.REDIS_PREFIX, deck }),
    tickets: createProgressTickets({ redis, prefix: env.REDIS_PREFIX }),
  });
  const outbox = devOutboxServing(env);
  if (outbox.served) await app.register(devMailRoutes, { dir: outbox.dir });
  else if (outbox.reason) app.log.warn(`the dev mail outbox is not served at /api/dev/mail: ${outbox.reason}`);
  // The BullMQ dashboard, for admins only; without admins it is not mounted at all (plain 404).
  if (env.ADMIN_USER_IDS.length > 0) {
    await app.register(queueBoardRoutes, {
      redisUrl: env.REDIS_URL,
      redisPrefix: env.REDIS_PREFIX,
      queues: Object.values(QUEUES),
      adminUserIds: env.ADMIN_USER_IDS,
    });
  }
  // Proxying streams request bodies, so it lives in its own scope with its own content parser.
  await app.register(proxyRoutes, {
    services: serviceUrls,
    internalSecret: env.INTERNAL_SECRET,
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
  });
  if (env.WEB_DIST_DIR) await app.register(webRoutes, { dir: env.WEB_DIST_DIR });

  return app;
}
