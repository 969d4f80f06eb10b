import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db } from '@mnemo/db/client';
import { createMailer, type Mailer } from '@mnemo/mailer';
import { createService } from '@mnemo/service-kit';
import { mailTransportOf } from '@mnemo/service-kit/env';
import { createInternalClient } from '@mnemo/service-kit/internal-client';
import { dbPlugin } from '@mnemo/service-kit/plugins/db';
import { redisPlugin } from '@mnemo/service-kit/plugins/redis';
import { PLAN_LIMITS } from '@mnemo/contracts/limits';
import type { Env } from './env';
import { createAnonymousRepository } from './modules/anonymous/anonymous.repository';
import { createAnonymousService } from './modules/anonymous/anonymous.service';
import { createAnonymousUsage } from './modules/anonymous/anonymous-usage';
import { anonymousRoutes } from './modules/anonymous/anonymous.routes';
import { createAccountsRepository } from './modules/accounts/accounts.repository';
import { createAccountsService } from './modules/accounts/accounts.service';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createAttemptCounter } from '@mnemo/service-kit/attempts';
import { createGoogleVerifier } from './modules/accounts/google';
import { mobileRoutes } from './modules/mobile/mobile.routes';

export type AppDeps = { db?: Db; redis?: Redis; mailer?: Mailer };

export function mailerFromEnv(env: Env, log?: Parameters<typeof createMailer>[1]) {
  const mail = mailTransportOf(env);
  // env.ts refuses a setup without a transport (production without SMTP); this is for callers
  // that build an Env some other way.
  if ('error' in mail) throw new Error(mail.error);
  if (mail.transport === 'disabled') return createMailer({ transport: 'disabled' });
  if (mail.transport === 'outbox') return createMailer({ transport: 'outbox', dir: env.MAIL_OUTBOX_DIR, from: env.MAIL_FROM }, log);
  return createMailer(
    {
      transport: 'smtp',
      host: env.SMTP_HOST ?? '',
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE,
      ...(env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : {}),
      from: env.MAIL_FROM,
    },
    log,
  );
}

/** The auth service: accounts, sessions, verification and reset, anonymous sessions. */
export async function buildApp(env: Env, deps: AppDeps = {}) {
  const app = createService({
    name: 'auth',
    logLevel: env.LOG_LEVEL,
    internalSecret: env.INTERNAL_SECRET,
    // The request's span is not made the active context (AsyncLocalStorage): with it, Node 20 runs
    // a promise hook on every promise of the process, every request's included, for the one thing
    // here that continues a trace, the claim calls below, which are handed it (RequestContext.trace).
    // Issue 25.
    tracing: { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, activeContext: false },
  });
  await app.register(dbPlugin, deps.db ? { db: deps.db } : { url: env.DATABASE_URL });
  await app.register(redisPlugin, deps.redis ? { client: deps.redis } : { url: env.REDIS_URL });
  // The service's logger, so a mail that could not be sent shows up in its logs with the request id.
  const mailer = deps.mailer ?? mailerFromEnv(env, app.log);

  const internal = (baseUrl: string | undefined) =>
    baseUrl ? createInternalClient({ baseUrl, secret: env.INTERNAL_SECRET, service: 'auth' }) : undefined;
  const deckService = internal(env.DECK_URL);
  const chatService = internal(env.CHAT_URL);
  const claimTargets = [deckService, chatService].filter((c) => c !== undefined);

  const accounts = createAccountsService({
    accounts: createAccountsRepository({ db: app.db }),
    attempts: createAttemptCounter({ redis: app.redis, prefix: env.REDIS_PREFIX }),
    mailer,
    redis: app.redis,
    log: app.log,
    ...(env.GOOGLE_CLIENT_ID
      ? {
          google: createGoogleVerifier({
            clientId: env.GOOGLE_CLIENT_ID,
            jwksUrl: env.GOOGLE_JWKS_URL,
          }),
        }
      : {}),
    claimAnonymous: async (anonId, userId, trace) => {
      for (const target of claimTargets)
        await target.post('/internal/claim-anonymous', { anonId, userId }, { trace });
    },
    config: {
      jwtSecret: env.JWT_SECRET,
      // Verification codes are keyed with a secret derived from the JWT secret, used for nothing else.
      codeSecret: createHash('sha256').update(`verification-codes:${env.JWT_SECRET}`).digest('hex'),
      sessionTtlSeconds: env.SESSION_TTL_SECONDS,
      redisPrefix: env.REDIS_PREFIX,
      loginFailuresPerAccount: env.LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerIp: env.LOGIN_FAILURES_PER_IP,
      loginFailureWindowSeconds: env.LOGIN_FAILURE_WINDOW_SECONDS,
    },
  });

  await app.register(accountsRoutes, {
    service: accounts,
    googleClientId: env.GOOGLE_CLIENT_ID ?? null,
    publicUrl: env.PUBLIC_URL,
  });
  const anonymousLimits = {
    studySpaces: env.ANONYMOUS_MAX_SPACES,
    decksPerSpace: env.ANONYMOUS_MAX_DECKS,
    cardsPerDeck: env.ANONYMOUS_MAX_CARDS_PER_DECK,
    chatMessagesPerDay: env.ANONYMOUS_MAX_CHAT_MESSAGES_PER_DAY,
    monthlyProcessingMB: PLAN_LIMITS.anonymous.monthlyProcessingMB,
  };
  await app.register(anonymousRoutes, {
    service: createAnonymousService({
      sessions: createAnonymousRepository({ db: app.db }),
      limits: anonymousLimits,
      usageOf: createAnonymousUsage({
        ...(deckService ? { deck: deckService } : {}),
        ...(chatService ? { chat: chatService } : {}),
      }),
    }),
  });
  await app.register(mobileRoutes, { mailer, publicUrl: env.PUBLIC_URL });
  return app;
}
