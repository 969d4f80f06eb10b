import { z } from 'zod';
import { baseServiceEnv, parseEnv } from '@mnemo/service-kit/env';

export const envSchema = baseServiceEnv.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Fastify listens on every address "localhost" resolves to (IPv4 and IPv6).
  HOST: z.string().default('localhost'),
  /**
   * The gateway's second listener, for probes and Prometheus only: /metrics, /readyz and /healthz.
   * Never published: PORT is the public one (and answers 404 to /metrics and /readyz).
   */
  INTERNAL_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Loopback unless something else must reach it: 0.0.0.0 in containers (kubelet, Prometheus). */
  INTERNAL_HOST: z.string().default('127.0.0.1'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('mnemo'),
  AUTH_URL: z.url(),
  DECK_URL: z.url(),
  CHAT_URL: z.url(),
  BILLING_URL: z.url(),
  /** Where the built web app is; unset means the gateway serves only /api. */
  WEB_DIST_DIR: z.string().optional(),
  /**
   * The dev outbox folder; set only while mail goes to the outbox. /api/dev/mail shows it only
   * outside production and on a loopback HOST (modules/dev-mail).
   */
  MAIL_OUTBOX_DIR: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Guest ids issued to one client address per hour (POST /api/auth/anonymous-sessions). */
  ANONYMOUS_SESSIONS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Requests per minute of all guests behind one client address together (each guest also has RATE_LIMIT_PER_MINUTE). */
  ANONYMOUS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Requests are proxied with at most this upload size (documents up to 25 MB plus form overhead). */
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(30 * 1024 * 1024),
  /**
   * Whose X-Forwarded-For the gateway believes, so per-address limits (sign-in, the failed-login
   * lock in auth) count the real client and not the ingress: "true" (any peer: only when nothing
   * but the proxy can reach the gateway), a hop count ("1"), or comma-separated addresses, CIDRs
   * and proxy-addr names ("loopback", "uniquelocal", "10.0.0.0/8"). "false": nobody.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v): boolean | number | string => {
      const t = v.trim();
      if (t === 'true') return true;
      if (t === 'false' || t === '') return false;
      return /^\d+$/.test(t) ? Number(t) : t;
    }),
  /**
   * The address people reach Mnemo at (https://mnemo.example.com). Set: every link a service gives
   * a browser or a mail uses it, whatever Host a request names. Unset: links follow the address each
   * request came to (Host, or X-Forwarded-Host/-Proto from a trusted proxy).
   */
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /** Comma-separated user ids allowed to see the queue dashboard at /api/admin/queues; empty: nobody. */
  ADMIN_USER_IDS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.uuid())),
});

export type Env = z.infer<typeof envSchema>;

export const loadEnv = () => parseEnv(envSchema, process.env);
