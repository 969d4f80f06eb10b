import type { Redis } from 'ioredis';
import type { Db } from '@mnemo/db/client';
import type { Storage } from '@mnemo/storage';
import { createService } from '@mnemo/service-kit';
import { aiCallMetrics } from '@mnemo/service-kit/metrics';
import { dbPlugin } from '@mnemo/service-kit/plugins/db';
import { redisPlugin } from '@mnemo/service-kit/plugins/redis';
import type { Env } from './env';
import { queuePlugin } from './plugins/queue';
import { maintenancePlugin } from './plugins/maintenance';
import { storageFromEnv, storagePlugin } from './plugins/storage';
import { createSpacesRepository } from './modules/spaces/spaces.repository';
import { createSpacesService } from './modules/spaces/spaces.service';
import { spacesRoutes } from './modules/spaces/spaces.routes';
import { claimsRoutes } from './modules/claims/claims.routes';
import { guestsRoutes } from './modules/guests/guests.routes';
import { createGuestsRepository } from './modules/guests/guests.repository';
import { createUploadsRepository } from './modules/upload/upload.repository';
import { createUploadService } from './modules/upload/upload.service';
import { uploadRoutes } from './modules/upload/upload.routes';
import { createUploadSweep } from './modules/upload/upload-sweep';
import { createTableStatistics } from './modules/table-statistics/table-statistics';
import { createSourcesRepository } from './modules/sources/sources.repository';
import { createSourcesService } from './modules/sources/sources.service';
import { createCaptionsCheck } from './modules/sources/captions-check';
import { createProcessingService } from './modules/sources/processing.service';
import { sourcesRoutes } from './modules/sources/sources.routes';
import { createUsageGuard } from './modules/sources/usage-guard';
import { createInternalClient } from '@mnemo/service-kit/internal-client';
import { createDecksRepository } from './modules/decks/decks.repository';
import { createDecksService } from './modules/decks/decks.service';
import { createDeckRemoval } from './modules/decks/deck-removal';
import { decksRoutes } from './modules/decks/decks.routes';
import { limitsFor } from './modules/decks/limits';
import { createCloneRepository } from './modules/decks/clone.repository';
import { createExploreRepository } from './modules/decks/explore.repository';
import { createExploreService } from './modules/decks/explore.service';
import { createYoutubeService } from './modules/youtube/youtube.service';
import { youtubeRoutes } from './modules/youtube/youtube.routes';
import type { StudyAi } from '@mnemo/ai/types';
import { createAi } from '@mnemo/ai/create';
import { resolveAiConfig } from '@mnemo/ai/env';
import { createQuestionsRepository } from './modules/questions/questions.repository';
import { createQuestionsService } from './modules/questions/questions.service';
import { createGenerationService, createLatestGenerations } from './modules/questions/generation.service';
import { createGrading } from './modules/questions/grading.service';
import { questionsRoutes } from './modules/questions/questions.routes';
import { createCardsRepository } from './modules/cards/cards.repository';
import { createCardsService } from './modules/cards/cards.service';
import { cardsRoutes } from './modules/cards/cards.routes';
import { createReviewRepository } from './modules/review/review.repository';
import { createReviewService } from './modules/review/review.service';
import { reviewRoutes } from './modules/review/review.routes';
import { createClassesRepository } from './modules/classes/classes.repository';
import { createClassesService } from './modules/classes/classes.service';
import { classesRoutes } from './modules/classes/classes.routes';
import { createCurriculumRepository } from './modules/classes/curriculum.repository';
import { createCurriculumService } from './modules/classes/curriculum.service';
import { curriculumRoutes } from './modules/classes/curriculum.routes';
import { createAttemptCounter } from '@mnemo/service-kit/attempts';
import { createExchangeRepository } from './modules/exchange/exchange.repository';
import { createExchangeService } from './modules/exchange/exchange.service';
import { exchangeRoutes } from './modules/exchange/exchange.routes';

export type AppDeps = {
  db?: Db;
  redis?: Redis;
  storage?: Storage;
  /** The AI that grades answers; built from the environment when not given. */
  study?: StudyAi;
  /** The clock of the review schedule; tests move it. */
  now?: () => Date;
};

/** The deck service: spaces, decks, sources, questions and cards. */
export async function buildApp(env: Env, deps: AppDeps = {}) {
  const app = createService({
    name: 'deck',
    logLevel: env.LOG_LEVEL,
    internalSecret: env.INTERNAL_SECRET,
    // Requests' spans stay out of the async context (AsyncLocalStorage's promise hook on every
    // promise, issue 25): what continues a request's trace is handed it (Caller.trace, the
    // process-source route's trace, the usage check's internal call).
    tracing: { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, activeContext: false },
  });
  await app.register(dbPlugin, deps.db ? { db: deps.db } : { url: env.DATABASE_URL });
  await app.register(redisPlugin, deps.redis ? { client: deps.redis } : { url: env.REDIS_URL });
  await app.register(storagePlugin, { storage: deps.storage ?? storageFromEnv(env) });
  await app.register(queuePlugin, { redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX });

  const uploadsRepository = createUploadsRepository({ db: app.db });
  const upload = createUploadService({ storage: app.storage, uploads: uploadsRepository, log: app.log });
  await app.register(uploadRoutes, { service: upload, storage: app.storage });
  const uploadSweep = createUploadSweep({
    db: app.db,
    storage: app.storage,
    retentionMs: env.UPLOAD_RETENTION_HOURS * 3_600_000,
    log: app.log,
  });
  const tableStatistics = createTableStatistics({ db: app.db, log: app.log });
  await app.register(maintenancePlugin, {
    redisUrl: env.REDIS_URL,
    prefix: env.REDIS_PREFIX,
    jobs: {
      'sweep-uploads': { everyMs: env.UPLOAD_SWEEP_INTERVAL_MS, run: () => uploadSweep.sweep() },
      'analyze-tables': { everyMs: env.TABLE_STATISTICS_INTERVAL_MS, run: () => tableStatistics.analyze() },
    },
  });

  const sourcesRepository = createSourcesRepository({ db: app.db });
  const usage = createUsageGuard({
    billing: createInternalClient({ baseUrl: env.BILLING_URL, secret: env.INTERNAL_SECRET, service: 'deck' }),
    log: app.log,
  });
  const processing = createProcessingService({
    sources: sourcesRepository,
    queue: app.queues.ingest,
    redis: app.redis,
    prefix: env.REDIS_PREFIX,
    storage: app.storage,
    log: app.log,
    usage,
  });
  const sources = createSourcesService({
    sources: sourcesRepository,
    uploads: uploadsRepository,
    storage: app.storage,
    onRemoved: (source) => processing.forget(source),
    log: app.log,
    fetchAllowlist: env.SOURCE_FETCH_ALLOWLIST,
    captionsCheck: createCaptionsCheck({
      config: {
        watchUrl: env.YOUTUBE_WATCH_URL,
        playerUrl: env.YOUTUBE_PLAYER_URL,
        timeoutMs: env.YOUTUBE_CAPTION_CHECK_TIMEOUT_MS,
      },
      log: app.log,
    }),
  });
  await app.register(sourcesRoutes, { sources, processing });
  await app.register(claimsRoutes, {
    db: app.db,
    onClaimed: ({ anonId, userId, sourceIds }) => processing.handOver({ anonId }, { userId }, sourceIds),
  });
  await app.register(guestsRoutes, { guests: createGuestsRepository({ db: app.db }) });

  const limitsOf = limitsFor({
    studySpaces: env.ANONYMOUS_MAX_SPACES,
    decksPerSpace: env.ANONYMOUS_MAX_DECKS,
    cardsPerDeck: env.ANONYMOUS_MAX_CARDS_PER_DECK,
  });
  const decksRepository = createDecksRepository({ db: app.db });
  const deckRemoval = createDeckRemoval({
    sources: sourcesRepository,
    storage: app.storage,
    onSourceRemoved: (source) => processing.forget(source),
    log: app.log,
  });
  const spaces = createSpacesService({
    spaces: createSpacesRepository({ db: app.db }),
    decks: decksRepository,
    removal: deckRemoval,
    limitsOf,
  });
  await app.register(spacesRoutes, { service: spaces });
  const decks = createDecksService({
    decks: decksRepository,
    sources,
    storage: app.storage,
    limitsOf,
    removal: deckRemoval,
    clones: createCloneRepository({ db: app.db }),
    log: app.log,
  });
  const explore = createExploreService({ explore: createExploreRepository({ db: app.db }) });
  await app.register(decksRoutes, { service: decks, explore });
  // Export and import with Anki, Quizlet and spreadsheets (issue 24), under the decks' limits.
  const reviewsRepository = createReviewRepository({ db: app.db });
  const exchange = createExchangeService({
    exchange: createExchangeRepository({ db: app.db }),
    reviews: reviewsRepository,
    decks: decksRepository,
    deckViews: decks,
    limitsOf,
  });
  await app.register(exchangeRoutes, { exchange });

  const youtube = createYoutubeService({
    config: {
      apiKey: env.YOUTUBE_API_KEY,
      baseUrl: env.YOUTUBE_API_BASE_URL,
      timeoutMs: env.YOUTUBE_TIMEOUT_MS,
      cacheSeconds: env.YOUTUBE_CACHE_SECONDS,
      redisPrefix: env.REDIS_PREFIX,
    },
    redis: app.redis,
    log: app.log,
  });
  await app.register(youtubeRoutes, { service: youtube });

  // Questions and the plain-card fallback; generation runs in the worker (queue `generate`).
  const study = deps.study ?? createAi(resolveAiConfig(env), { logger: app.log, observer: aiCallMetrics(app.metrics) }).study;
  const grading = createGrading({ study });
  const questionsRepository = createQuestionsRepository({ db: app.db });
  const generation = createGenerationService({
    decks: sourcesRepository,
    sources: sourcesRepository,
    questions: questionsRepository,
    queue: app.queues.generate,
    limitsOf,
    latest: createLatestGenerations({ redis: app.redis, prefix: env.REDIS_PREFIX }),
  });
  // Spaced repetition lives beside the questions it schedules (docs/architecture.md).
  const review = createReviewService({ reviews: reviewsRepository, decks: sourcesRepository, now: deps.now });
  await app.register(reviewRoutes, { review });
  // Classes (issue 23): members study the class's decks through the calls above (deck-access).
  const classes = createClassesService({
    classes: createClassesRepository({ db: app.db }),
    review,
    attempts: createAttemptCounter({ redis: app.redis, prefix: env.REDIS_PREFIX }),
    limits: {
      failuresPerAddress: env.CLASS_JOIN_FAILURES_PER_ADDRESS,
      attemptsPerCode: env.CLASS_JOIN_ATTEMPTS_PER_CODE,
      windowSeconds: env.CLASS_JOIN_WINDOW_SECONDS,
    },
    now: deps.now,
  });
  await app.register(classesRoutes, { classes });
  // Curriculum to space: the worker's split-curriculum job makes the decks (docs/adr/0007).
  const curriculum = createCurriculumService({
    curriculum: createCurriculumRepository({ db: app.db }),
    uploads: uploadsRepository,
    spaces,
    queue: app.queues.ingest,
    redis: app.redis,
    prefix: env.REDIS_PREFIX,
    limitsOf,
    usage,
    generation,
    log: app.log,
  });
  await app.register(curriculumRoutes, { curriculum });
  const questions = createQuestionsService({ questions: questionsRepository, decks: sourcesRepository, grading, review });
  await app.register(questionsRoutes, { questions, generation });
  const cards = createCardsService({ cards: createCardsRepository({ db: app.db }), decks: sourcesRepository, grading, generation });
  await app.register(cardsRoutes, { cards });
  return app;
}
