import type { AiPurpose, CompletionRequest } from '../types';

/**
 * Output caps per purpose. Anthropic requires one on every call; for OpenAI it keeps a model that
 * loses its way from writing until the context is full. They are ceilings, not targets, and
 * generous on purpose: reasoning models (OpenAI's o-series and gpt-5, Claude models that think by
 * default) spend part of the cap on thinking before the first visible word, and a tight cap would
 * leave them with an empty answer. Question batches are the longest answers (eight questions,
 * some with a case passage each).
 */
export const DEFAULT_MAX_TOKENS: Record<AiPurpose, number> = {
  summary: 4096,
  key_points: 4096,
  questions: 10_000,
  evaluation: 4096,
  tutor: 8192,
  follow_up: 2048,
  query: 2048,
  hint: 2048,
};

/** The model for a call: the request's own, else the purpose's (AI_MODELS), else the provider's. */
export function modelRouter(models: Partial<Record<AiPurpose, string>>, fallback: string) {
  const modelFor = (purpose: AiPurpose) => models[purpose] ?? fallback;
  const modelOf = (request: Pick<CompletionRequest, 'purpose' | 'model'>) =>
    request.model ?? modelFor(request.purpose);
  return { modelFor, modelOf };
}

export const maxTokensOf = (request: Pick<CompletionRequest, 'purpose' | 'maxTokens'>) =>
  request.maxTokens ?? DEFAULT_MAX_TOKENS[request.purpose];
