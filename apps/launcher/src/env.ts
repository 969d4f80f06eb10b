import { z } from 'zod';
import { parseEnv } from '@mnemo/service-kit/env';

const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/**
 * The embedded runtime's settings. Everything has a default: with nothing set, Mnemo runs on PGlite,
 * local disk, the dev outbox, the offline AI provider and demo billing, with Redis real.
 */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  /**
   * The address people reach Mnemo at, when it has one (behind a proxy, a name on the network).
   * Unset: every link follows the address each request came to (docs/decisions.md).
   */
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  MNEMO_DATA_DIR: z.string().default('./.mnemo'),
  DATABASE_URL: optional,
  REDIS_URL: optional,
  REDIS_PREFIX: optional,
  INTERNAL_SECRET: optional,
  JWT_SECRET: optional,
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_HOST: optional,
  /** The vector size of this deployment; migrations resize the column to it (see @mnemo/db/migrate). */
  EMBEDDING_DIMENSIONS: z.coerce.number().int().min(32).max(2000).default(384),
  /** Seconds to wait for every service to become ready. */
  STARTUP_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(120),
});
export type Env = z.infer<typeof envSchema>;
export const loadEnv = () => parseEnv(envSchema, process.env);

/**
 * What the children inherit from the launcher's environment: everything the user configured
 * (S3, SMTP, AI keys, Stripe...), which each service's env.ts validates on its own.
 */
export const inheritedEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string'));

/** The migration job needs only the database and the vector size. */
export const loadMigrateEnv = () =>
  parseEnv(
    z.object({
      DATABASE_URL: z.string().min(1),
      EMBEDDING_DIMENSIONS: z.coerce.number().int().min(32).max(2000).default(384),
    }),
    process.env,
  );
