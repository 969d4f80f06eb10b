import { AiConfigError, type AiConfig } from './env';
import { isAiError } from './errors';
import { createLlmStudyAi } from './llm-study';
import { createAnthropicChatModel } from './providers/anthropic';
import { createHashingEmbedder, createLocalStudyAi } from './providers/local/index';
import { createOpenAiChatModel, createOpenAiEmbedder } from './providers/openai';
import { observeChatModel, observeEmbedder, type AiObserver } from './observe';
import type { Ai, AiLogger, ChatModel, Embedder } from './types';

/**
 * The AI of a process, from its configuration: the chat provider (OpenAI or compatible, Anthropic,
 * or none for the offline NLP provider) behind `study`, and the embedder, chosen on its own
 * because vectors must not change model when the chat provider does.
 */
export function createAi(config: AiConfig, deps: { logger?: AiLogger; observer?: AiObserver } = {}): Ai {
  const provided: ChatModel | null =
    config.provider === 'openai'
      ? createOpenAiChatModel(config, deps)
      : config.provider === 'anthropic'
        ? createAnthropicChatModel(config, deps)
        : null;
  // Provider calls only: the offline provider and the hashing embedder make none to observe.
  const chat = provided && deps.observer ? observeChatModel(provided, deps.observer) : provided;
  const study = chat ? createLlmStudyAi(chat) : createLocalStudyAi();
  const embedder =
    config.embeddingsProvider === 'openai'
      ? deps.observer
        ? observeEmbedder(createOpenAiEmbedder(config, deps), deps.observer)
        : createOpenAiEmbedder(config, deps)
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
