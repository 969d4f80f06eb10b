import type { Redis } from 'ioredis';
import type { Db } from '@mnemo/db/client';
import { createService } from '@mnemo/service-kit';
import { dbPlugin } from '@mnemo/service-kit/plugins/db';
import { redisPlugin } from '@mnemo/service-kit/plugins/redis';
import type { Env } from './env';
import { createSpacesRepository } from './modules/spaces/spaces.repository';
import { createSpacesService } from './modules/spaces/spaces.service';
import { spacesRoutes } from './modules/spaces/spaces.routes';
import { claimsRoutes } from './modules/claims/claims.routes';

export type AppDeps = { db?: Db; redis?: Redis };

/** The deck service: spaces, decks, sources, questions and cards. */
export async function buildApp(env: Env, deps: AppDeps = {}) {
  const app = createService({ name: 'deck', logLevel: env.LOG_LEVEL, internalSecret: env.INTERNAL_SECRET });
  await app.register(dbPlugin, deps.db ? { db: deps.db } : { url: env.DATABASE_URL });
  await app.register(redisPlugin, deps.redis ? { client: deps.redis } : { url: env.REDIS_URL });

  const spaces = createSpacesService({ spaces: createSpacesRepository({ db: app.db }) });
  await app.register(spacesRoutes, { service: spaces });
  await app.register(claimsRoutes, { db: app.db });
  return app;
}
