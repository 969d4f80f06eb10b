import { z } from 'zod';
import { baseServiceEnv, parseEnv } from '@mnemo/service-kit/env';

/** An empty variable (`NAME=` in a .env file) counts as unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET'] as const;

export const envSchema = baseServiceEnv
  .extend({
    BILLING_PORT: z.coerce.number().int().min(0).max(65535).default(4004),
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start provides an embedded one)'),
    REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    REDIS_PREFIX: z.string().min(1).default('mnemo'),
    /**
     * Where people reach the web app, when it has one fixed address: Stripe and the demo checkout
     * send them back there. Unset: back to the address each request came to (signed by the gateway).
     */
    PUBLIC_URL: unsetIfEmpty(z.url().optional()),
    // Stripe: all three or none. With none, billing runs the local demo checkout.
    STRIPE_SECRET_KEY: unsetIfEmpty(z.string().trim().min(1).optional()),
    /** The Scholar plan's monthly price (price_...). */
    STRIPE_PRICE_ID: unsetIfEmpty(z.string().trim().min(1).optional()),
    /** The signing secret of the webhook endpoint (whsec_...). */
    STRIPE_WEBHOOK_SECRET: unsetIfEmpty(z.string().trim().min(1).optional()),
    /** Another Stripe API address (a local fake in tests); Stripe's own by default. */
    STRIPE_API_BASE: unsetIfEmpty(z.url().optional()),
    /** How long a demo checkout session can be completed (minutes). */
    DEMO_CHECKOUT_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  })
  .superRefine((env, ctx) => {
    const set = STRIPE_KEYS.filter((k) => env[k] !== undefined);
    if (set.length > 0 && set.length < STRIPE_KEYS.length) {
      const missing = STRIPE_KEYS.filter((k) => env[k] === undefined);
      ctx.addIssue({
        code: 'custom',
        path: [missing[0]!],
        message: `Stripe is partly configured: ${set.join(', ')} set but ${missing.join(', ')} missing. Set all three for Stripe, or none for the demo checkout.`,
      });
    }
  });
export type Env = z.infer<typeof envSchema>;
export const loadEnv = () => parseEnv(envSchema, process.env);

/** Stripe's settings when all three keys are set; null runs demo billing. */
export type StripeConfig = { secretKey: string; priceId: string; webhookSecret: string; apiBase?: string };
export function stripeConfigOf(env: Env): StripeConfig | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PRICE_ID || !env.STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    priceId: env.STRIPE_PRICE_ID,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    ...(env.STRIPE_API_BASE ? { apiBase: env.STRIPE_API_BASE } : {}),
  };
}
