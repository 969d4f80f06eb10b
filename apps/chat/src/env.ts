import { z } from 'zod';
import { baseServiceEnv, envList, parseEnv } from '@mnemo/service-kit/env';
import { aiEnvSchema } from '@mnemo/ai/env';
import { PLAN_LIMITS } from '@mnemo/contracts/limits';

export const envSchema = baseServiceEnv.extend({
  // The tutor, follow-up prompts, query enhancement and the query embeddings of retrieval: the
  // same variables as the worker's, so queries are embedded by the model that embedded the chunks.
  ...aiEnvSchema.shape,
  CHAT_PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start provides an embedded one)'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('mnemo'),
  // The same variable the auth service reports in a guest's limits, so both agree.
  ANONYMOUS_MAX_CHAT_MESSAGES_PER_DAY: z.coerce
    .number()
    .int()
    .min(0)
    .default(PLAN_LIMITS.anonymous.chatMessagesPerDay),
  // Models a client may name in POST /chat/stream/:chatId ("optional model", spec 02 §7); any other
  // name is ignored so a caller cannot pick a costlier model than the one configured.
  CHAT_STREAM_MODELS: envList,
});
export type Env = z.infer<typeof envSchema>;
export const loadEnv = () => parseEnv(envSchema, process.env);
