import { z } from 'zod';
import { AI_PURPOSES, type AiPurpose, type ProviderName } from './types';

/**
 * The AI variables, as a zod object services extend in their own env.ts (this package never reads
 * process.env). `resolveAiConfig` turns them into the settings `createAi` takes.
 */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const aiEnvSchema = z.object({
  /** local | openai | anthropic. Unset: openai with an OpenAI key, anthropic with an Anthropic key, else local. */
  AI_PROVIDER: z.enum(['local', 'openai', 'anthropic', '']).optional(),
  /** local | openai. Unset: local (vectors of another model would need every chunk re-embedded). */
  EMBEDDINGS_PROVIDER: z.enum(['local', 'openai', '']).optional(),
  /** The size of every vector in this deployment; the vector column follows it. */
  // 2000 is the most an HNSW index on pgvector's vector type takes.
  EMBEDDING_DIMENSIONS: z.coerce.number().int().min(32).max(2000).default(384),
  OPENAI_API_KEY: optionalText,
  /** Any OpenAI-compatible server: Ollama (http://localhost:11434/v1), vLLM, LM Studio. */
  OPENAI_BASE_URL: optionalText,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: optionalText,
  // Not claude-sonnet-4-5: the SDK lists it as deprecated, reaching end-of-life on 30 November 2026.
  ANTHROPIC_MODEL: z.string().min(1).default('claude-sonnet-5'),
  /** Per-purpose models, e.g. "tutor=gpt-4o,questions=gpt-4o-mini"; purposes not named use the provider's model. */
  AI_MODELS: optionalText,
  /** One provider call's time limit. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Retries of a 429 / 5xx / network failure, with the SDK's backoff. */
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
});
export type AiEnv = z.infer<typeof aiEnvSchema>;

export type AiConfig = {
  provider: ProviderName;
  embeddingsProvider: 'local' | 'openai';
  dimensions: number;
  openai: { apiKey?: string; baseURL?: string; model: string; embeddingModel: string };
  anthropic: { apiKey?: string; baseURL?: string; model: string };
  models: Partial<Record<AiPurpose, string>>;
  timeoutMs: number;
  maxRetries: number;
};

export class AiConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiConfigError';
  }
}

const parseModels = (spec: string | undefined): Partial<Record<AiPurpose, string>> => {
  const models: Partial<Record<AiPurpose, string>> = {};
  if (!spec) return models;
  for (const pair of spec.split(',')) {
    const [purpose, model] = pair.split('=').map((s) => s.trim());
    if (!purpose || !model || !(AI_PURPOSES as readonly string[]).includes(purpose)) {
      throw new AiConfigError(
        `AI_MODELS: "${pair.trim()}" is not purpose=model (purposes: ${AI_PURPOSES.join(', ')})`,
      );
    }
    models[purpose as AiPurpose] = model;
  }
  return models;
};

/** Settings from the variables; throws AiConfigError with a message fit for the start-up log. */
export function resolveAiConfig(env: AiEnv): AiConfig {
  const provider: ProviderName =
    env.AI_PROVIDER
      ? env.AI_PROVIDER
      : env.OPENAI_API_KEY || env.OPENAI_BASE_URL
        ? 'openai'
        : env.ANTHROPIC_API_KEY
          ? 'anthropic'
          : 'local';
  const embeddingsProvider =
    env.EMBEDDINGS_PROVIDER ? env.EMBEDDINGS_PROVIDER : 'local';
  // A local server (Ollama) needs no key, but the SDK insists on one.
  if (provider === 'openai' && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    throw new AiConfigError('AI_PROVIDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)');
  }
  if (embeddingsProvider === 'openai' && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    throw new AiConfigError('EMBEDDINGS_PROVIDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL)');
  }
  if (provider === 'anthropic' && !env.ANTHROPIC_API_KEY) {
    throw new AiConfigError('AI_PROVIDER=anthropic needs ANTHROPIC_API_KEY');
  }
  return {
    provider,
    embeddingsProvider,
    dimensions: env.EMBEDDING_DIMENSIONS,
    openai: {
      ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
      ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
      model: env.OPENAI_MODEL,
      embeddingModel: env.OPENAI_EMBEDDING_MODEL,
    },
    anthropic: {
      ...(env.ANTHROPIC_API_KEY ? { apiKey: env.ANTHROPIC_API_KEY } : {}),
      ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
      model: env.ANTHROPIC_MODEL,
    },
    models: parseModels(env.AI_MODELS),
    timeoutMs: env.AI_TIMEOUT_MS,
    maxRetries: env.AI_MAX_RETRIES,
  };
}
