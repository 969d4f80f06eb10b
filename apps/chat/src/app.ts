import type { Redis } from 'ioredis';
import type { Db } from '@mnemo/db/client';
import { createService } from '@mnemo/service-kit';
import { dbPlugin } from '@mnemo/service-kit/plugins/db';
import { redisPlugin } from '@mnemo/service-kit/plugins/redis';
import type { Env } from './env';
import { createChatsRepository } from './modules/chats/chats.repository';
import { createChatsService } from './modules/chats/chats.service';
import { chatsRoutes } from './modules/chats/chats.routes';
import { claimsRoutes } from './modules/claims/claims.routes';

export type AppDeps = { db?: Db; redis?: Redis };

/** The chat service: tutor chats, streaming, retrieval and conversation prompts. */
export async function buildApp(env: Env, deps: AppDeps = {}) {
  const app = createService({ name: 'chat', logLevel: env.LOG_LEVEL, internalSecret: env.INTERNAL_SECRET });
  await app.register(dbPlugin, deps.db ? { db: deps.db } : { url: env.DATABASE_URL });
  await app.register(redisPlugin, deps.redis ? { client: deps.redis } : { url: env.REDIS_URL });

  await app.register(chatsRoutes, { service: createChatsService({ chats: createChatsRepository({ db: app.db }) }) });
  await app.register(claimsRoutes, { db: app.db });
  return app;
}
