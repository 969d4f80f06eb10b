import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import { AiConfigError, type AiConfig } from '../env';
import { AiError } from '../errors';
import type { ChatModel, Completion, CompletionRequest, Embedder } from '../types';
import { unitLength } from '../vectors';
import { callLog, type ProviderDeps } from './call-log';
import { toAiError, type SdkErrorClasses } from './errors';
import { maxTokensOf, modelRouter } from './routing';

const SDK_ERRORS: SdkErrorClasses = {
  APIError,
  APIUserAbortError,
  APIConnectionError,
  APIConnectionTimeoutError,
};

const OFFICIAL_BASE_URL = 'https://api.openai.com/v1';

/**
 * Ollama, vLLM and LM Studio ignore the key, but the SDK refuses to start without one; this one
 * also makes it obvious in a request dump that no real key was sent.
 */
export const PLACEHOLDER_API_KEY = 'not-needed';

/** Texts per embeddings request: well under the API's 2048 inputs and its per-request token cap. */
export const EMBEDDING_BATCH_SIZE = 96;

function createClient(config: AiConfig): OpenAI {
  return new OpenAI({
    apiKey: config.openai.apiKey ?? PLACEHOLDER_API_KEY,
    // Everything explicit: the SDK would otherwise read OPENAI_* variables behind env.ts's back.
    baseURL: config.openai.baseURL ?? OFFICIAL_BASE_URL,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
  });
}

const isOfficialApi = (config: AiConfig) =>
  !config.openai.baseURL || new URL(config.openai.baseURL).hostname === 'api.openai.com';

/**
 * A `ChatModel` over the chat completions API of OpenAI or any server that copies it (Ollama at
 * http://localhost:11434/v1, vLLM, LM Studio).
 */
export function createOpenAiChatModel(config: AiConfig, deps: ProviderDeps = {}): ChatModel {
  const client = createClient(config);
  const { modelFor, modelOf } = modelRouter(config.models, config.openai.model);
  // OpenAI's newer models refuse `max_tokens`; the compatible servers only know `max_tokens`.
  const official = isOfficialApi(config);

  const params = (request: CompletionRequest, model: string): ChatCompletionCreateParamsBase => ({
    model,
    messages: [
      ...(request.system ? [{ role: 'system' as const, content: request.system }] : []),
      ...request.messages.map((m) => ({ role: m.role, content: m.content })),
    ],
    ...(official
      ? { max_completion_tokens: maxTokensOf(request) }
      : { max_tokens: maxTokensOf(request) }),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
  });

  return {
    provider: 'openai',
    modelFor,

    async complete(request): Promise<Completion> {
      const model = modelOf(request);
      const log = callLog(deps.logger, { provider: 'openai', purpose: request.purpose, model });
      try {
        const answer = await client.chat.completions.create(
          { ...params(request, model), stream: false },
          { signal: request.signal },
        );
        const choice = answer.choices[0];
        const usage = answer.usage
          ? {
              inputTokens: answer.usage.prompt_tokens,
              outputTokens: answer.usage.completion_tokens,
            }
          : undefined;
        log.done(usage, { finishReason: choice?.finish_reason });
        return {
          // A refusal is the model's answer too; callers validate what they need.
          text: choice?.message.content ?? choice?.message.refusal ?? '',
          model: answer.model || model,
          ...(usage ? { usage } : {}),
        };
      } catch (error) {
        throw log.failed(toAiError(error, 'openai', request.signal, SDK_ERRORS));
      }
    },

    async *stream(request) {
      const model = modelOf(request);
      const log = callLog(deps.logger, {
        provider: 'openai',
        purpose: request.purpose,
        model,
        stream: true,
      });
      try {
        const chunks = await client.chat.completions.create(
          { ...params(request, model), stream: true },
          { signal: request.signal },
        );
        // The SDK ends the iteration quietly when the signal fires and aborts the request when
        // the consumer stops early, so both ways of stopping end the HTTP request too.
        for await (const chunk of chunks) {
          const delta = chunk.choices[0]?.delta?.content;
          if (delta) yield delta;
        }
        log.done();
      } catch (error) {
        const failure = log.failed(toAiError(error, 'openai', request.signal, SDK_ERRORS));
        if (failure.kind !== 'aborted') throw failure;
      }
    },
  };
}

/**
 * An `Embedder` over the embeddings API. Vectors come back at unit length and exactly
 * `config.dimensions` long, or the call fails: vectors of another size cannot share the column.
 */
export function createOpenAiEmbedder(config: AiConfig, deps: ProviderDeps = {}): Embedder {
  const client = createClient(config);
  const model = config.openai.embeddingModel;
  const dimensions = config.dimensions;
  // Only the text-embedding-3 family can shorten its vectors; other models have one fixed size
  // and some servers reject the unknown field.
  const canShorten = /^text-embedding-3-/.test(model);

  const wrongSize = (size: number) =>
    new AiConfigError(
      `embedding model "${model}" returned ${size} dimensions; EMBEDDING_DIMENSIONS is ${dimensions}. ` +
        `Set EMBEDDING_DIMENSIONS=${size} (the vector column follows it) or choose a model with ${dimensions}-dimensional vectors` +
        (canShorten ? '.' : ` (only text-embedding-3 models can be asked for a size).`),
    );

  return {
    provider: 'openai',
    model,
    dimensions,
    async embed(texts, options = {}) {
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += EMBEDDING_BATCH_SIZE) {
        // The API refuses empty inputs; an empty chunk still needs a vector to keep the order.
        const batch = texts
          .slice(start, start + EMBEDDING_BATCH_SIZE)
          .map((t) => (t.trim() === '' ? '(empty)' : t));
        const log = callLog(deps.logger, { provider: 'openai', purpose: 'embedding', model });
        let data: { index: number; embedding: number[] }[];
        try {
          const answer = await client.embeddings.create(
            {
              model,
              input: batch,
              // Floats, not the SDK's default base64: compatible servers (Ollama) answer floats whatever
              // they are asked, which the SDK would then mis-decode.
              encoding_format: 'float',
              ...(canShorten ? { dimensions } : {}),
            },
            { signal: options.signal },
          );
          data = [...answer.data].sort((a, b) => a.index - b.index);
          log.done(
            answer.usage ? { inputTokens: answer.usage.prompt_tokens, outputTokens: 0 } : undefined,
            {
              texts: batch.length,
            },
          );
        } catch (error) {
          throw log.failed(toAiError(error, 'openai', options.signal, SDK_ERRORS));
        }
        if (data.length !== batch.length) {
          throw new AiError(
            'invalid_output',
            `openai: ${data.length} embeddings for ${batch.length} texts`,
            {
              provider: 'openai',
            },
          );
        }
        for (const item of data) {
          if (item.embedding.length !== dimensions) throw wrongSize(item.embedding.length);
          vectors.push(unitLength(item.embedding));
        }
      }
      return vectors;
    },
  };
}
