import type { Redis } from 'ioredis';
import type { Db } from '@mnemo/db/client';
import { createService } from '@mnemo/service-kit';
import { dbPlugin } from '@mnemo/service-kit/plugins/db';
import { redisPlugin } from '@mnemo/service-kit/plugins/redis';
import type { Env } from './env';
import { createUsageRepository } from './modules/usage/usage.repository';
import { createUsageService } from './modules/usage/usage.service';
import { usageRoutes } from './modules/usage/usage.routes';

export type AppDeps = { db?: Db; redis?: Redis };

/** The billing service: plans, Stripe checkout and webhooks, monthly usage. */
export async function buildApp(env: Env, deps: AppDeps = {}) {
  const app = createService({ name: 'billing', logLevel: env.LOG_LEVEL, internalSecret: env.INTERNAL_SECRET });
  await app.register(dbPlugin, deps.db ? { db: deps.db } : { url: env.DATABASE_URL });
  await app.register(redisPlugin, deps.redis ? { client: deps.redis } : { url: env.REDIS_URL });

  await app.register(usageRoutes, { service: createUsageService({ usage: createUsageRepository({ db: app.db }) }) });
  return app;
}
