import { randomUUID } from 'node:crypto';
import {
  createGate,
  roughTokens,
  startLlmFake,
  type Exchange,
  type RecordedRequest,
  type StreamGate,
} from './llm-fake';

export type { RecordedRequest, StreamGate } from './llm-fake';

/** The `error` object of Anthropic's error body `{type: 'error', error: {type, message}, request_id}`. */
export type AnthropicErrorBody = {
  type: string;
  message: string;
  details?: Record<string, unknown>;
};

export type FakeAnthropicReply =
  | {
      kind: 'message';
      /** The answer; a list is streamed one text_delta per item (and joined for a plain answer). */
      text: string | readonly string[];
      stopReason?: 'end_turn' | 'max_tokens' | 'stop_sequence' | 'refusal';
      model?: string;
      pauseAfter?: number;
      gate?: ReturnType<typeof createGate>;
      /** Ends the stream with an `event: error` after the deltas, as the API does when overloaded mid-answer. */
      streamError?: AnthropicErrorBody;
    }
  | { kind: 'error'; status: number; error: AnthropicErrorBody; headers?: Record<string, string> }
  /** Never answers; the client's timeout or abort ends the request. */
  | { kind: 'hang' };

export type FakeAnthropicError = Extract<FakeAnthropicReply, { kind: 'error' }>;

/** Real error answers of the Anthropic API. */
export const anthropicErrors = {
  overloaded: (): FakeAnthropicError => ({
    kind: 'error',
    status: 529,
    error: { type: 'overloaded_error', message: 'Overloaded' },
  }),
  rateLimited: (retryAfterSeconds = 30): FakeAnthropicError => ({
    kind: 'error',
    status: 429,
    error: {
      type: 'rate_limit_error',
      message:
        'This request would exceed the rate limit for your organization of 50 requests per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits.',
    },
    headers: {
      'retry-after': String(retryAfterSeconds),
      'anthropic-ratelimit-requests-limit': '50',
      'anthropic-ratelimit-requests-remaining': '0',
    },
  }),
  /** What the API answers when the account has run out of prepaid credit. */
  creditTooLow: (): FakeAnthropicError => ({
    kind: 'error',
    status: 400,
    error: {
      type: 'invalid_request_error',
      message:
        'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
    },
  }),
  billing: (): FakeAnthropicError => ({
    kind: 'error',
    status: 402,
    error: { type: 'billing_error', message: 'Your organization has an outstanding balance.' },
  }),
  apiError: (): FakeAnthropicError => ({
    kind: 'error',
    status: 500,
    error: { type: 'api_error', message: 'Internal server error' },
  }),
  badRequest: (message = 'max_tokens: Field required'): FakeAnthropicError => ({
    kind: 'error',
    status: 400,
    error: { type: 'invalid_request_error', message },
  }),
  authentication: (): FakeAnthropicError => ({
    kind: 'error',
    status: 401,
    error: { type: 'authentication_error', message: 'invalid x-api-key' },
  }),
};

const messageId = () => `msg_01${randomUUID().replaceAll('-', '').slice(0, 22)}`;
const requestId = () => `req_01${randomUUID().replaceAll('-', '').slice(0, 22)}`;

function usage(input: number, output: number) {
  return {
    input_tokens: input,
    output_tokens: output,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    server_tool_use: null,
    service_tier: 'standard',
    inference_geo: null,
    output_tokens_details: null,
    speed: null,
  };
}

async function answerMessage(x: Exchange, reply: Extract<FakeAnthropicReply, { kind: 'message' }>) {
  const body = x.request.body;
  const id = messageId();
  const model = reply.model ?? String(body.model ?? 'claude-sonnet-5');
  const text = typeof reply.text === 'string' ? reply.text : reply.text.join('');
  const inputTokens = roughTokens(JSON.stringify([body.system ?? '', body.messages ?? []]));
  const stopReason = reply.stopReason ?? 'end_turn';
  const headers = { 'request-id': requestId(), 'anthropic-organization-id': 'fake-org' };
  const message = (content: unknown[], stop: string | null, outputTokens: number) => ({
    id,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stop,
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: usage(inputTokens, outputTokens),
  });

  if (body.stream !== true) {
    x.json(
      200,
      message([{ type: 'text', text, citations: null }], stopReason, roughTokens(text)),
      headers,
    );
    return;
  }

  // The named events of the Messages streaming API, in the order the API sends them.
  const sse = x.startSse(headers);
  const event = (name: string, data: Record<string, unknown>) =>
    sse.send(JSON.stringify({ type: name, ...data }), name);
  event('message_start', { message: message([], null, 1) });
  event('content_block_start', {
    index: 0,
    content_block: { type: 'text', text: '', citations: null },
  });
  event('ping', {});
  const deltas = typeof reply.text === 'string' ? [reply.text] : reply.text;
  for (const [i, delta] of deltas.entries()) {
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: delta } });
    if (reply.gate && reply.pauseAfter === i + 1 && !(await x.pause(reply.gate))) return;
  }
  if (x.isGone()) return;
  if (reply.streamError) {
    sse.send(
      JSON.stringify({
        type: 'error',
        error: reply.streamError,
        request_id: headers['request-id'],
      }),
      'error',
    );
    sse.end();
    return;
  }
  event('content_block_stop', { index: 0 });
  event('message_delta', {
    delta: { stop_reason: stopReason, stop_sequence: null, stop_details: null, container: null },
    usage: {
      output_tokens: roughTokens(text),
      input_tokens: null,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      output_tokens_details: null,
      server_tool_use: null,
    },
  });
  event('message_stop', {});
  sse.end();
}

/**
 * A local server speaking the Anthropic Messages API (`POST /v1/messages`, plain or streamed with
 * the named SSE events message_start … message_stop), answering with what the test scripted, in
 * order. Point the official SDK's `baseURL` at `url`. Without a scripted answer a request gets
 * a 500 api_error saying nothing was scripted.
 */
export async function startFakeAnthropic(options: { apiKey?: string } = {}) {
  const fake = await startLlmFake<FakeAnthropicReply>({
    handle: async (x, reply) => {
      const { method, path, headers } = x.request;
      const errorBody = (error: AnthropicErrorBody, id: string) => ({
        type: 'error',
        error,
        request_id: id,
      });
      // SDK 1.x sends the key as a bearer token; older clients and curl use x-api-key.
      const key = headers['x-api-key'] ?? headers.authorization?.replace(/^Bearer /, '');
      if (options.apiKey !== undefined && key !== options.apiKey) {
        const id = requestId();
        return x.json(
          401,
          errorBody({ type: 'authentication_error', message: 'invalid x-api-key' }, id),
          {
            'request-id': id,
          },
        );
      }
      if (reply?.kind === 'error') {
        const id = requestId();
        return x.json(reply.status, errorBody(reply.error, id), {
          'request-id': id,
          'x-should-retry': reply.status === 429 || reply.status >= 500 ? 'true' : 'false',
          ...reply.headers,
        });
      }
      if (reply?.kind === 'hang') {
        await x.gone;
        return;
      }
      if (`${method} ${path.split('?')[0]}` === 'POST /v1/messages') {
        if (reply?.kind === 'message') return answerMessage(x, reply);
        const id = requestId();
        return x.json(
          500,
          errorBody({ type: 'api_error', message: 'fake: no answer scripted' }, id),
          {
            'request-id': id,
          },
        );
      }
      const id = requestId();
      return x.json(404, errorBody({ type: 'not_found_error', message: 'Not found' }, id), {
        'request-id': id,
      });
    },
  });

  return {
    /** The SDK's baseURL (the SDK adds /v1/messages). */
    url: fake.origin,
    requests: fake.requests,
    enqueue: fake.enqueue,
    replyText: (
      text: string,
      extra: { stopReason?: 'end_turn' | 'max_tokens'; model?: string } = {},
    ) => fake.enqueue({ kind: 'message', text, ...extra }),
    replyJson: (value: unknown, { fenced = false }: { fenced?: boolean } = {}) =>
      fake.enqueue({
        kind: 'message',
        text: fenced
          ? `Here is the JSON:\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``
          : JSON.stringify(value),
      }),
    replyStream: (
      deltas: readonly string[],
      extra: { pauseAfter?: number; streamError?: AnthropicErrorBody } = {},
    ): StreamGate => {
      const gate = createGate();
      fake.enqueue({ kind: 'message', text: deltas, gate, ...extra });
      return gate;
    },
    replyError: (reply: FakeAnthropicError) => fake.enqueue(reply),
    replyHang: () => fake.enqueue({ kind: 'hang' }),
    respondWith: (f: ((request: RecordedRequest) => FakeAnthropicReply | undefined) | undefined) =>
      fake.setFallback(f),
    pending: fake.pending,
    received: fake.received,
    reset: fake.reset,
    close: fake.close,
  };
}

export type FakeAnthropic = Awaited<ReturnType<typeof startFakeAnthropic>>;
