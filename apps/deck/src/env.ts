import { z } from 'zod';
import { baseServiceEnv, parseEnv } from '@mnemo/service-kit/env';
import { storageEnvSchema } from '@mnemo/storage/env';

export const envSchema = baseServiceEnv.extend({
  ...storageEnvSchema.shape,
  DECK_PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start provides an embedded one)'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('mnemo'),
});
export type Env = z.infer<typeof envSchema>;
export const loadEnv = () => parseEnv(envSchema, process.env);
