import type { Redis } from 'ioredis';
import { createService } from '@mnemo/service-kit';
import { createRedis, pingRedis } from '@mnemo/service-kit/plugins/redis';
import { createInternalClient } from '@mnemo/service-kit/internal-client';
import type { Env } from './env';
import { identityPlugin } from './plugins/identity';
import { rateLimitPlugin } from './plugins/rate-limit';
import { sseMetricsPlugin } from './plugins/sse-metrics';
import { createIdentityResolver } from './modules/identity/identity.service';
import { createAnonymousIds } from './modules/identity/anonymous-id';
import { createAddressCounter, createBatchedAddressCounter } from './modules/identity/address-counter';
import { createWindowCounter } from './modules/limits/window-counter';
import { anonymousSessionRoutes } from './modules/identity/anonymous.routes';
import { guestAddressLimitPlugin } from './plugins/guest-address-limit';
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
    // The gateway's port is public: /metrics and /readyz are served on INTERNAL_PORT (server.ts).
    opsEndpoints: 'ops-server',
    // The edge logs one line per call; the services behind it log theirs at debug.
    accessLogLevel: 'info',
    // One line per call: written in blocks, not a write (and a read at the launcher) per line.
    bufferedLogs: true,
    // The request's span is not made the active context: every call here is relayed through
    // promises (undici, reply-from, streams), each of which paid AsyncLocalStorage's promise hook;
    // what continues the trace is handed it (the proxy's traceparent, the plan's and the progress
    // stream's internal calls). Issue 25.
    tracing: { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, activeContext: false },
  });

  const redis = deps.redis ?? createRedis(env.REDIS_URL);
  const subscriber = deps.subscriber ?? createRedis(env.REDIS_URL, { subscriber: true });
  // Rate limits and the guest address limit count here and add in Redis in batches while a caller
  // is far from its limit (modules/limits/window-counter.ts); what is still counted only here is
  // added before the connection closes.
  const counter = createWindowCounter({ redis });
  app.addHook('onClose', async () => {
    await counter.flush().catch(() => undefined);
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

  const plans = createPlanCache({
    billing: createInternalClient({ baseUrl: serviceUrls.billing, secret: env.INTERNAL_SECRET, service: 'gateway', timeoutMs: 3_000 }),
    redis,
    subscriber,
    prefix: env.REDIS_PREFIX,
    log: app.log,
  });
  // Guest ids are issued and signed here; nothing is recorded per request (the auth service makes
  // a guest's row when the guest first needs one).
  const anonymousIds = createAnonymousIds(env.JWT_SECRET);
  await app.register(identityPlugin, {
    resolver: createIdentityResolver({
      jwtSecret: env.JWT_SECRET,
      anonymousIds,
      redis,
      redisPrefix: env.REDIS_PREFIX,
      planOf: plans.planOf,
    }),
  });
  await app.register(rateLimitPlugin, {
    counter,
    redis,
    redisPrefix: env.REDIS_PREFIX,
    perMinute: env.RATE_LIMIT_PER_MINUTE,
    authPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
  });

  await app.register(guestAddressLimitPlugin, {
    perMinute: env.ANONYMOUS_PER_ADDRESS_PER_MINUTE,
    counter: createBatchedAddressCounter({
      counter,
      key: (ip) => `${env.REDIS_PREFIX}:guest-use:${ip}`,
      windowSeconds: 60,
      max: env.ANONYMOUS_PER_ADDRESS_PER_MINUTE,
    }),
  });
  await app.register(anonymousSessionRoutes, {
    ids: anonymousIds,
    perHour: env.ANONYMOUS_SESSIONS_PER_HOUR,
    issued: createAddressCounter({ redis, key: (ip) => `${env.REDIS_PREFIX}:guest-issued:${ip}`, windowSeconds: 3_600 }),
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
