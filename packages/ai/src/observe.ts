import { isAiError } from './errors';
import type { AiPurpose, ChatModel, Embedder, ProviderName } from './types';

/** One provider call as an observer sees it, for latency and error metrics. */
export type AiCall = {
  provider: ProviderName;
  model: string;
  operation: 'complete' | 'stream' | 'embed';
  /** Absent for embeddings. */
  purpose?: AiPurpose;
  seconds: number;
  outcome: 'ok' | 'error';
  /** The AiError kind (rate_limited, unavailable...), `unknown` for anything else; only on errors. */
  errorKind?: string;
};

/**
 * Told about every provider call once it ends. The app turns this into metrics (the AI layer stays
 * free of prom-client); an observer that throws is ignored, so metrics never break a call.
 */
export type AiObserver = (call: AiCall) => void;

const kindOf = (error: unknown) => (isAiError(error) ? error.kind : 'unknown');

function report(observer: AiObserver, call: Omit<AiCall, 'seconds'>, started: number) {
  try {
    observer({ ...call, seconds: (performance.now() - started) / 1000 });
  } catch {
    // Metrics are best effort.
  }
}

/** The same chat model, reporting each completion and each stream (timed to its end). */
export function observeChatModel(chat: ChatModel, observer: AiObserver): ChatModel {
  return {
    provider: chat.provider,
    modelFor: (purpose) => chat.modelFor(purpose),
    async complete(request) {
      const started = performance.now();
      const call = { provider: chat.provider, model: request.model ?? chat.modelFor(request.purpose), operation: 'complete' as const, purpose: request.purpose };
      try {
        const result = await chat.complete(request);
        report(observer, { ...call, model: result.model, outcome: 'ok' }, started);
        return result;
      } catch (error) {
        report(observer, { ...call, outcome: 'error', errorKind: kindOf(error) }, started);
        throw error;
      }
    },
    async *stream(request) {
      const started = performance.now();
      const call = { provider: chat.provider, model: request.model ?? chat.modelFor(request.purpose), operation: 'stream' as const, purpose: request.purpose };
      try {
        yield* chat.stream(request);
        report(observer, { ...call, outcome: 'ok' }, started);
      } catch (error) {
        report(observer, { ...call, outcome: 'error', errorKind: kindOf(error) }, started);
        throw error;
      }
    },
  };
}

/** The same embedder, reporting each batch. */
export function observeEmbedder(embedder: Embedder, observer: AiObserver): Embedder {
  return {
    provider: embedder.provider,
    model: embedder.model,
    dimensions: embedder.dimensions,
    async embed(texts, options) {
      const started = performance.now();
      const call = { provider: embedder.provider, model: embedder.model, operation: 'embed' as const };
      try {
        const vectors = await embedder.embed(texts, options);
        report(observer, { ...call, outcome: 'ok' }, started);
        return vectors;
      } catch (error) {
        report(observer, { ...call, outcome: 'error', errorKind: kindOf(error) }, started);
        throw error;
      }
    },
  };
}
