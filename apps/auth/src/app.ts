import type { Redis } from 'ioredis';
import type { Db } from '@mnemo/db/client';
import { createService } from '@mnemo/service-kit';
import { dbPlugin } from '@mnemo/service-kit/plugins/db';
import { redisPlugin } from '@mnemo/service-kit/plugins/redis';
import type { Env } from './env';
import { createAnonymousRepository } from './modules/anonymous/anonymous.repository';
import { createAnonymousService } from './modules/anonymous/anonymous.service';
import { anonymousRoutes } from './modules/anonymous/anonymous.routes';

export type AppDeps = { db?: Db; redis?: Redis };

/** The auth service: accounts, sessions, verification and reset, anonymous sessions. */
export async function buildApp(env: Env, deps: AppDeps = {}) {
  const app = createService({ name: 'auth', logLevel: env.LOG_LEVEL, internalSecret: env.INTERNAL_SECRET });
  await app.register(dbPlugin, deps.db ? { db: deps.db } : { url: env.DATABASE_URL });
  await app.register(redisPlugin, deps.redis ? { client: deps.redis } : { url: env.REDIS_URL });

  await app.register(anonymousRoutes, { service: createAnonymousService({ sessions: createAnonymousRepository({ db: app.db }) }) });
  return app;
}
