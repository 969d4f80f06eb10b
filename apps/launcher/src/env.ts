import { z } from 'zod';
import { envBoolean, mailTransportOf, parseEnv } from '@mnemo/service-kit/env';

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
  /**
   * npm start is the embedded, single-machine runtime: development unless set. NODE_ENV=production
   * needs real mail (SMTP_HOST or MAIL_DISABLED=true) and hides the dev outbox (docs/decisions.md).
   */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_HOST: optional,
  MAIL_DISABLED: envBoolean.default(false),
  /** The vector size of this deployment; migrations resize the column to it (see @mnemo/db/migrate). */
  EMBEDDING_DIMENSIONS: z.coerce.number().int().min(32).max(2000).default(384),
  /**
   * The embedded database's buffer pool (Postgres's shared_buffers), in MB. PGlite keeps all of it
   * resident from the start (128 MB at Postgres's default: 151 MB of the launcher's memory against
   * ~49 MB at 32); past it, pages are read from the data folder's files, which the system caches.
   * Ignored with DATABASE_URL. Issue 25, idle memory (bench/README.md).
   */
  EMBEDDED_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(32),
  /** Seconds to wait for every service to become ready. */
  STARTUP_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(120),
}).superRefine((env, ctx) => {
  // The auth service would refuse the same setup; saying so before anything starts is clearer.
  const mail = mailTransportOf(env);
  if ('error' in mail) ctx.addIssue({ code: 'custom', path: ['SMTP_HOST'], message: mail.error });
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
