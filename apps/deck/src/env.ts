import { z } from 'zod';
import { baseServiceEnv, parseEnv, envList } from '@mnemo/service-kit/env';
import { storageEnvSchema } from '@mnemo/storage/env';
import { aiEnvSchema } from '@mnemo/ai/env';
import { PLAN_LIMITS } from '@mnemo/contracts/limits';
import {
  DEFAULT_YOUTUBE_PLAYER_URL,
  DEFAULT_YOUTUBE_WATCH_URL,
} from '@mnemo/contracts/youtube-player';

/** An empty variable (`NAME=` in a .env file) counts as unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema);

export const envSchema = baseServiceEnv.extend({
  ...storageEnvSchema.shape,
  // The AI that grades free-response answers (the same variables as the worker's).
  ...aiEnvSchema.shape,
  DECK_PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start provides an embedded one)'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('mnemo'),
  /** The billing service, asked for the monthly processing allowance before a source is processed. */
  BILLING_URL: z.url().default('http://127.0.0.1:4004'),
  // Guests' limits: the same variables the auth service reports in GET /auth/anonymous-limits.
  ANONYMOUS_MAX_SPACES: z.coerce.number().int().min(0).default(PLAN_LIMITS.anonymous.studySpaces),
  ANONYMOUS_MAX_DECKS: z.coerce.number().int().min(0).default(PLAN_LIMITS.anonymous.decksPerSpace),
  ANONYMOUS_MAX_CARDS_PER_DECK: z.coerce
    .number()
    .int()
    .min(1)
    .default(PLAN_LIMITS.anonymous.cardsPerDeck),
  // Video search (GET /youtube/search). Without a key the call answers 'Video search is not configured'.
  YOUTUBE_API_KEY: unsetIfEmpty(z.string().trim().min(1).optional()),
  /** Local hosts (`host` or `host:port`, comma-separated) links may name: the worker's allow-list, for tests. */
  SOURCE_FETCH_ALLOWLIST: envList,
  /** Uploaded files that never became a source are deleted once this old (hours). */
  UPLOAD_RETENTION_HOURS: unsetIfEmpty(z.coerce.number().positive().default(24)),
  /** How often the deck service looks for such files (ms); 0 turns the sweep off. */
  UPLOAD_SWEEP_INTERVAL_MS: unsetIfEmpty(z.coerce.number().int().min(0).default(3_600_000)),
  /**
   * How often the deck service ANALYZEs the tables past autovacuum's threshold (ms); 0, the default,
   * never: a Postgres server's autovacuum does it. The launcher sets it for its embedded database,
   * which has no autovacuum (modules/table-statistics).
   */
  TABLE_STATISTICS_INTERVAL_MS: unsetIfEmpty(z.coerce.number().int().min(0).default(0)),
  YOUTUBE_API_BASE_URL: unsetIfEmpty(z.url().default('https://www.googleapis.com')),
  YOUTUBE_TIMEOUT_MS: unsetIfEmpty(z.coerce.number().int().min(100).max(60_000).default(5000)),
  YOUTUBE_CACHE_SECONDS: unsetIfEmpty(z.coerce.number().int().min(1).default(3600)),
  // Where a video added as a source is asked whether it has captions (the worker reads them from
  // the same addresses): YouTube's own unless a fake stands in.
  YOUTUBE_WATCH_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ }).default(DEFAULT_YOUTUBE_WATCH_URL)),
  YOUTUBE_PLAYER_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ }).default(DEFAULT_YOUTUBE_PLAYER_URL)),
  /** How long that question may take before the video is added unchecked; 0 turns it off. */
  YOUTUBE_CAPTION_CHECK_TIMEOUT_MS: unsetIfEmpty(z.coerce.number().int().min(0).max(30_000).default(4000)),
  // Class joins (issue 23): wrong codes per address (guessing), and attempts per code (a class of
  // 200 joining within the window fits), per window.
  CLASS_JOIN_FAILURES_PER_ADDRESS: unsetIfEmpty(z.coerce.number().int().min(1).default(10)),
  CLASS_JOIN_ATTEMPTS_PER_CODE: unsetIfEmpty(z.coerce.number().int().min(1).default(300)),
  CLASS_JOIN_WINDOW_SECONDS: unsetIfEmpty(z.coerce.number().int().min(1).default(600)),
});
export type Env = z.infer<typeof envSchema>;
export const loadEnv = () => parseEnv(envSchema, process.env);
