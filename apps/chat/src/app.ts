import type { Redis } from 'ioredis';
import type { Db } from '@mnemo/db/client';
import { createService } from '@mnemo/service-kit';
import { aiCallMetrics } from '@mnemo/service-kit/metrics';
import { dbPlugin } from '@mnemo/service-kit/plugins/db';
import { redisPlugin } from '@mnemo/service-kit/plugins/redis';
import type { Ai } from '@mnemo/ai/types';
import { createAi } from '@mnemo/ai/create';
import { resolveAiConfig } from '@mnemo/ai/env';
import type { Env } from './env';
import { createChatsRepository } from './modules/chats/chats.repository';
import { createChatsService } from './modules/chats/chats.service';
import { chatsRoutes } from './modules/chats/chats.routes';
import { createFlashcardChatService } from './modules/chats/flashcard.service';
import { createStudyQuestions } from './modules/chats/study-question';
import { createStreamLock } from './modules/chats/stream-lock';
import { claimsRoutes } from './modules/claims/claims.routes';
import { guestsRoutes } from './modules/guests/guests.routes';
import { createDeckAccess } from './modules/access/deck-access';
import { createMessageQuota } from './modules/access/message-quota';
import { createPromptsService } from './modules/prompts/prompts.service';
import { promptsRoutes } from './modules/prompts/prompts.routes';
import { createRetrievalService } from './modules/retrieval/retrieval.service';
import { retrievalRoutes } from './modules/retrieval/retrieval.routes';

export type AppDeps = {
  db?: Db;
  redis?: Redis;
  /** The tutor and the query embedder; built from the environment when not given. */
  ai?: Pick<Ai, 'study' | 'embedder'>;
};

/** The chat service: tutor chats, streaming, retrieval and conversation prompts. */
export async function buildApp(env: Env, deps: AppDeps = {}) {
  const app = createService({
    name: 'chat',
    logLevel: env.LOG_LEVEL,
    internalSecret: env.INTERNAL_SECRET,
    // Nothing here continues a request's trace from the async context (no internal calls, no
    // jobs), so the request's span is not made the active context: AsyncLocalStorage would run a
    // promise hook on every promise of the process, which the launcher shares with auth (issue 25).
    tracing: { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, activeContext: false },
  });
  await app.register(dbPlugin, deps.db ? { db: deps.db } : { url: env.DATABASE_URL });
  await app.register(redisPlugin, deps.redis ? { client: deps.redis } : { url: env.REDIS_URL });

  const ai = deps.ai ?? createAi(resolveAiConfig(env), { logger: app.log, observer: aiCallMetrics(app.metrics) });

  const access = createDeckAccess({ db: app.db });
  const retrieval = createRetrievalService({ db: app.db, embedder: ai.embedder, study: ai.study, access });
  await app.register(retrievalRoutes, { service: retrieval });

  const quota = createMessageQuota({
    redis: app.redis,
    prefix: env.REDIS_PREFIX,
    anonymousPerDay: env.ANONYMOUS_MAX_CHAT_MESSAGES_PER_DAY,
  });
  const questions = createStudyQuestions(app.db);
  const chats = createChatsService({
    chats: createChatsRepository({ db: app.db }),
    access,
    study: ai.study,
    quota,
    lock: createStreamLock({ redis: app.redis, prefix: env.REDIS_PREFIX }),
    streamModels: env.CHAT_STREAM_MODELS,
    questions,
  });
  const flashcards = createFlashcardChatService({ questions, access, study: ai.study, quota });
  await app.register(chatsRoutes, { service: chats, flashcards });
  await app.register(promptsRoutes, { service: createPromptsService({ access, study: ai.study }) });
  await app.register(claimsRoutes, { db: app.db });
  await app.register(guestsRoutes, { quota });
  return app;
}
