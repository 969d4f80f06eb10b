import { z } from 'zod';
import { baseServiceEnv, envBoolean, mailTransportOf, parseEnv } from '@mnemo/service-kit/env';
import { PLAN_LIMITS } from '@mnemo/contracts/limits';

const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const envSchema = baseServiceEnv.extend({
  AUTH_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start provides an embedded one)'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('mnemo'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  /** Absolute lifetime of a session token. */
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  /**
   * Where links in mails point, when Mnemo has one fixed address. Unset: the address the request
   * came to, as the gateway signed it (docs/decisions.md, "Public address").
   */
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /** Google sign-in is off unless a client id is set. */
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  // Mail: SMTP when SMTP_HOST is set, none with MAIL_DISABLED, else the dev outbox (not in
  // production: see mailTransportOf).
  SMTP_HOST: optional,
  MAIL_DISABLED: envBoolean.default(false),
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_SECURE: envBoolean.default(false),
  SMTP_USER: optional,
  SMTP_PASS: optional,
  MAIL_FROM: z.string().default('Mnemo <no-reply@mnemo.local>'),
  MAIL_OUTBOX_DIR: z.string().default('./.mnemo/mail'),
  // Other services, for moving an anonymous visitor's work to the account on sign-in.
  DECK_URL: optional,
  CHAT_URL: optional,
  // Anonymous visitors' limits (spec: "values not shown"); defaults in @mnemo/contracts/limits.
  ANONYMOUS_MAX_SPACES: z.coerce.number().int().min(0).default(PLAN_LIMITS.anonymous.studySpaces),
  ANONYMOUS_MAX_DECKS: z.coerce.number().int().min(0).default(PLAN_LIMITS.anonymous.decksPerSpace),
  ANONYMOUS_MAX_CARDS_PER_DECK: z.coerce.number().int().min(1).default(PLAN_LIMITS.anonymous.cardsPerDeck),
  ANONYMOUS_MAX_CHAT_MESSAGES_PER_DAY: z.coerce.number().int().min(0).default(PLAN_LIMITS.anonymous.chatMessagesPerDay),
  // Abuse limits (per window); the gateway adds per-IP limits on every /auth call.
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
}).superRefine((env, ctx) => {
  const mail = mailTransportOf(env);
  if ('error' in mail) ctx.addIssue({ code: 'custom', path: ['SMTP_HOST'], message: mail.error });
});
export type Env = z.infer<typeof envSchema>;
export const loadEnv = () => parseEnv(envSchema, process.env);
