import { z } from 'zod';
import { baseServiceEnv, parseEnv } from '@mnemo/service-kit/env';

export const envSchema = baseServiceEnv.extend({
  DATABASE_URL: z.string().min(1),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('mnemo'),
  /** Health and metrics for probes; the worker takes no other HTTP traffic. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
});
export type Env = z.infer<typeof envSchema>;
export const loadEnv = () => parseEnv(envSchema, process.env);
