import type { Redis } from 'ioredis';
import type { Db } from '@mnemo/db/client';
import { AppError, createService } from '@mnemo/service-kit';
import { dbPlugin } from '@mnemo/service-kit/plugins/db';
import { redisPlugin } from '@mnemo/service-kit/plugins/redis';
import { stripeConfigOf, type Env } from './env';
import { createSubscriptionsRepository } from './modules/subscriptions/subscriptions.repository';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { createPlanNotifier } from './modules/subscriptions/plan-notifier';
import { createUsageRepository } from './modules/usage/usage.repository';
import { createUsageService } from './modules/usage/usage.service';
import { usageRoutes } from './modules/usage/usage.routes';
import { createStripeClient } from './modules/payment/stripe.client';
import { createStripeProvider } from './modules/payment/stripe.provider';
import { createDemoBilling } from './modules/payment/demo.service';
import { createPaymentService } from './modules/payment/payment.service';
import { paymentRoutes } from './modules/payment/payment.routes';
import { demoRoutes } from './modules/payment/demo.routes';
import { createWebhookService } from './modules/payment/webhook.service';
import { webhookRoutes } from './modules/payment/webhook.routes';

export type AppDeps = { db?: Db; redis?: Redis };

/**
 * The billing service: plans, checkout (Stripe, or the demo checkout when Stripe is not
 * configured), Stripe's webhooks, monthly usage, and the internal plan and usage API.
 */
export async function buildApp(env: Env, deps: AppDeps = {}) {
  const app = createService({
    name: 'billing',
    logLevel: env.LOG_LEVEL,
    internalSecret: env.INTERNAL_SECRET,
    // Nothing here continues a request's trace from the async context (no internal calls, no
    // jobs), so the request's span is not made the active context: AsyncLocalStorage would run a
    // promise hook on every promise of the process, which the launcher shares with auth (issue 25).
    tracing: { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, activeContext: false },
  });
  await app.register(dbPlugin, deps.db ? { db: deps.db } : { url: env.DATABASE_URL });
  await app.register(redisPlugin, deps.redis ? { client: deps.redis } : { url: env.REDIS_URL });

  const subscriptions = createSubscriptionsService({
    subscriptions: createSubscriptionsRepository({ db: app.db }),
    notifier: createPlanNotifier({ redis: app.redis, prefix: env.REDIS_PREFIX, log: app.log }),
  });
  const usage = createUsageService({ usage: createUsageRepository({ db: app.db }), subscriptions });
  await app.register(usageRoutes, { service: usage, subscriptions });

  const stripeConfig = stripeConfigOf(env);
  if (stripeConfig) {
    const stripe = await createStripeClient(stripeConfig);
    const provider = createStripeProvider({ stripe, priceId: stripeConfig.priceId, log: app.log });
    await app.register(paymentRoutes, { service: createPaymentService({ provider, subscriptions }), publicUrl: env.PUBLIC_URL });
    await app.register(webhookRoutes, {
      service: createWebhookService({ stripe, webhookSecret: stripeConfig.webhookSecret, subscriptions, log: app.log }),
    });
    app.log.info('billing: Stripe checkout');
  } else {
    const demo = createDemoBilling({
      redis: app.redis,
      prefix: env.REDIS_PREFIX,
      ttlMinutes: env.DEMO_CHECKOUT_TTL_MINUTES,
      subscriptions,
    });
    await app.register(paymentRoutes, { service: createPaymentService({ provider: demo.provider, subscriptions }), publicUrl: env.PUBLIC_URL });
    await app.register(demoRoutes, { demo });
    // Public, so a Stripe endpoint pointed here by mistake learns why rather than 'Missing caller identity'.
    app.post('/payment/webhook', { config: { public: true } }, async () => {
      throw new AppError('NOT_FOUND', 'Stripe is not configured: this billing service runs the demo checkout');
    });
    app.log.info('billing: demo checkout (no Stripe keys configured)');
  }
  return app;
}
