import Anthropic, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';
import type { MessageCreateParamsBase, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { AiConfig } from '../env';
import type { ChatModel, ChatTurn, Completion, CompletionRequest } from '../types';
import { callLog, type ProviderDeps } from './call-log';
import { toAiError, type SdkErrorClasses } from './errors';
import { maxTokensOf, modelRouter } from './routing';

const SDK_ERRORS: SdkErrorClasses = {
  APIError,
  APIUserAbortError,
  APIConnectionError,
  APIConnectionTimeoutError,
};

const OFFICIAL_BASE_URL = 'https://api.anthropic.com';

/**
 * The Messages API wants non-empty turns that start with the user; chat histories may hold an
 * empty bubble (a cancelled answer) or open with the assistant's greeting. Consecutive turns of one
 * role are merged, as the API would do itself.
 */
export function toAnthropicMessages(turns: readonly ChatTurn[]): MessageParam[] {
  const out: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const turn of turns) {
    if (turn.content.trim() === '') continue;
    const last = out.at(-1);
    if (last && last.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else out.push({ role: turn.role, content: turn.content });
  }
  if (out[0]?.role === 'assistant')
    out.unshift({ role: 'user', content: '(The conversation so far.)' });
  return out;
}

/** A `ChatModel` over Anthropic's Messages API. */
export function createAnthropicChatModel(config: AiConfig, deps: ProviderDeps = {}): ChatModel {
  const client = new Anthropic({
    apiKey: config.anthropic.apiKey ?? null,
    // Explicit, so the SDK reads no ANTHROPIC_* variable behind env.ts's back.
    authToken: null,
    webhookKey: null,
    baseURL: config.anthropic.baseURL ?? OFFICIAL_BASE_URL,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
  });
  const { modelFor, modelOf } = modelRouter(config.models, config.anthropic.model);

  const params = (request: CompletionRequest, model: string): MessageCreateParamsBase => ({
    model,
    max_tokens: maxTokensOf(request),
    ...(request.system ? { system: request.system } : {}),
    messages: toAnthropicMessages(request.messages),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
  });

  return {
    provider: 'anthropic',
    modelFor,

    async complete(request): Promise<Completion> {
      const model = modelOf(request);
      const log = callLog(deps.logger, { provider: 'anthropic', purpose: request.purpose, model });
      try {
        const answer = await client.messages.create(
          { ...params(request, model), stream: false },
          { signal: request.signal },
        );
        const text = answer.content
          .map((block) => (block.type === 'text' ? block.text : ''))
          .join('');
        const usage = {
          inputTokens: answer.usage.input_tokens,
          outputTokens: answer.usage.output_tokens,
        };
        log.done(usage, { stopReason: answer.stop_reason });
        return { text, model: answer.model || model, usage };
      } catch (error) {
        throw log.failed(toAiError(error, 'anthropic', request.signal, SDK_ERRORS));
      }
    },

    async *stream(request) {
      const model = modelOf(request);
      const log = callLog(deps.logger, {
        provider: 'anthropic',
        purpose: request.purpose,
        model,
        stream: true,
      });
      try {
        const events = await client.messages.create(
          { ...params(request, model), stream: true },
          { signal: request.signal },
        );
        let inputTokens = 0;
        let outputTokens = 0;
        // As with OpenAI: the SDK stops quietly on abort and aborts the request on an early return.
        for await (const event of events) {
          if (
            event.type === 'content_block_delta' &&
            event.delta.type === 'text_delta' &&
            event.delta.text
          ) {
            yield event.delta.text;
          } else if (event.type === 'message_start') {
            inputTokens = event.message.usage.input_tokens;
          } else if (event.type === 'message_delta') {
            outputTokens = event.usage.output_tokens;
          }
        }
        log.done({ inputTokens, outputTokens });
      } catch (error) {
        const failure = log.failed(toAiError(error, 'anthropic', request.signal, SDK_ERRORS));
        if (failure.kind !== 'aborted') throw failure;
      }
    },
  };
}
