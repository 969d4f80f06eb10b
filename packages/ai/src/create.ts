import { AiConfigError, type AiConfig } from './env';
import { isAiError } from './errors';
import { createLlmStudyAi } from './llm-study';
import { createHashingEmbedder, createLocalStudyAi } from './providers/local/index';
import type { ProviderDeps } from './providers/call-log';
import { modelRouter } from './providers/routing';
import { observeChatModel, observeEmbedder, type AiObserver } from './observe';
import type { Ai, AiLogger, ChatModel, Embedder } from './types';

/**
 * The remote providers' modules, with their SDKs (openai and @anthropic-ai/sdk: ~20 MB of memory
 * together in every process that loads them), are imported only when the configuration names them, in
 * the background from `createAi` on; a call made before the import ends waits for it (issue 25: an
 * idle instance on the offline provider, the default, never loads them).
 */
function startLoading<T>(load: () => Promise<T>): Promise<T> {
  const loading = load();
  // The failure (a broken install) is the first call's to report; nothing is left unhandled.
  loading.catch(() => undefined);
  return loading;
}

function lazyChatModel(
  provider: ChatModel['provider'],
  modelFor: ChatModel['modelFor'],
  load: () => Promise<ChatModel>,
): ChatModel {
  const loading = startLoading(load);
  return {
    provider,
    modelFor,
    async complete(request) {
      return (await loading).complete(request);
    },
    async *stream(request) {
      yield* (await loading).stream(request);
    },
  };
}

function lazyEmbedder(
  shape: Pick<Embedder, 'provider' | 'model' | 'dimensions'>,
  load: () => Promise<Embedder>,
): Embedder {
  const loading = startLoading(load);
  return {
    ...shape,
    async embed(texts, options) {
      return (await loading).embed(texts, options);
    },
  };
}

const openAiChatModel = (config: AiConfig, deps: ProviderDeps) =>
  lazyChatModel('openai', modelRouter(config.models, config.openai.model).modelFor, async () =>
    (await import('./providers/openai')).createOpenAiChatModel(config, deps),
  );

const anthropicChatModel = (config: AiConfig, deps: ProviderDeps) =>
  lazyChatModel('anthropic', modelRouter(config.models, config.anthropic.model).modelFor, async () =>
    (await import('./providers/anthropic')).createAnthropicChatModel(config, deps),
  );

const openAiEmbedder = (config: AiConfig, deps: ProviderDeps) =>
  lazyEmbedder(
    { provider: 'openai', model: config.openai.embeddingModel, dimensions: config.dimensions },
    async () => (await import('./providers/openai')).createOpenAiEmbedder(config, deps),
  );

/**
 * The AI of a process, from its configuration: the chat provider (OpenAI or compatible, Anthropic,
 * or none for the offline NLP provider) behind `study`, and the embedder, chosen on its own
 * because vectors must not change model when the chat provider does.
 */
export function createAi(config: AiConfig, deps: { logger?: AiLogger; observer?: AiObserver } = {}): Ai {
  const provided: ChatModel | null =
    config.provider === 'openai'
      ? openAiChatModel(config, deps)
      : config.provider === 'anthropic'
        ? anthropicChatModel(config, deps)
        : null;
  // Provider calls only: the offline provider and the hashing embedder make none to observe.
  const chat = provided && deps.observer ? observeChatModel(provided, deps.observer) : provided;
  const study = chat ? createLlmStudyAi(chat) : createLocalStudyAi();
  const embedder =
    config.embeddingsProvider === 'openai'
      ? deps.observer
        ? observeEmbedder(openAiEmbedder(config, deps), deps.observer)
        : openAiEmbedder(config, deps)
      : createHashingEmbedder({ dimensions: config.dimensions });
  return { study, embedder, chat };
}

/** Text embedded at start-up to learn the real size of the model's vectors. */
export const PROBE_TEXT = 'Mnemo checks the size of its embedding vectors.';

/**
 * Embeds one probe text and fails with a message fit for the start-up log when the vectors do not
 * have the configured size, or when the model cannot be reached with these settings (wrong key,
 * unknown model). Call it once at boot, before any vector is stored.
 */
export async function verifyEmbedder(
  embedder: Embedder,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  let vectors: number[][];
  try {
    vectors = await embedder.embed([PROBE_TEXT], options);
  } catch (error) {
    // Wrong credentials or model names will not fix themselves: say so at boot. Outages and rate
    // limits are passed on as they are, for the caller to retry.
    if (isAiError(error) && error.kind === 'bad_request') {
      throw new AiConfigError(
        `embedding model "${embedder.model}" (${embedder.provider}) refused the probe: ${error.message}`,
      );
    }
    throw error;
  }
  const size = vectors[0]?.length ?? 0;
  if (vectors.length !== 1 || size !== embedder.dimensions) {
    throw new AiConfigError(
      `embedding model "${embedder.model}" (${embedder.provider}) returned ${size} dimensions; ` +
        `EMBEDDING_DIMENSIONS is ${embedder.dimensions}. Set EMBEDDING_DIMENSIONS=${size} or use a model with ${embedder.dimensions}-dimensional vectors.`,
    );
  }
}
