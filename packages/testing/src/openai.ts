import { randomUUID } from 'node:crypto';
import {
  createGate,
  fakeVector,
  roughTokens,
  startLlmFake,
  type Exchange,
  type RecordedRequest,
  type StreamGate,
} from './llm-fake';

export type { RecordedRequest, StreamGate } from './llm-fake';

/** The body OpenAI sends with every error: `{error: {message, type, param, code}}`. */
export type OpenAiErrorBody = {
  message: string;
  type: string;
  param?: string | null;
  code?: string | null;
};

export type FakeOpenAiReply =
  | {
      kind: 'chat';
      /** The answer; a list is streamed one delta per item (and joined for a plain answer). */
      text: string | readonly string[];
      finishReason?: 'stop' | 'length' | 'content_filter';
      /** The model named in the answer; default: the requested one. */
      model?: string;
      /** Streams pause after this many deltas until the gate is released. */
      pauseAfter?: number;
      gate?: ReturnType<typeof createGate>;
      /** Ends the stream with an error chunk after the deltas, as OpenAI does mid-stream. */
      streamError?: OpenAiErrorBody;
    }
  | { kind: 'embeddings'; vectors: readonly (readonly number[])[]; model?: string }
  | { kind: 'error'; status: number; error: OpenAiErrorBody; headers?: Record<string, string> }
  /** Never answers; the client's timeout or abort ends the request. */
  | { kind: 'hang' };

export type FakeOpenAiError = Extract<FakeOpenAiReply, { kind: 'error' }>;

/** Real error answers of the OpenAI API (bodies and headers as the API sends them). */
export const openAiErrors = {
  insufficientQuota: (): FakeOpenAiError => ({
    kind: 'error',
    status: 429,
    error: {
      message:
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
      type: 'insufficient_quota',
      param: null,
      code: 'insufficient_quota',
    },
  }),
  rateLimited: (retryAfterSeconds = 20): FakeOpenAiError => ({
    kind: 'error',
    status: 429,
    error: {
      message: `Rate limit reached for gpt-4o-mini in organization org-fake on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in ${retryAfterSeconds}s.`,
      type: 'requests',
      param: null,
      code: 'rate_limit_exceeded',
    },
    headers: {
      'retry-after': String(retryAfterSeconds),
      'x-ratelimit-limit-requests': '3',
      'x-ratelimit-remaining-requests': '0',
      'x-ratelimit-reset-requests': `${retryAfterSeconds}s`,
    },
  }),
  paymentRequired: (): FakeOpenAiError => ({
    kind: 'error',
    status: 402,
    error: {
      message: 'Payment required: add credit to continue.',
      type: 'billing_error',
      param: null,
      code: null,
    },
  }),
  overloaded: (): FakeOpenAiError => ({
    kind: 'error',
    status: 503,
    error: {
      message: "We're currently experiencing high demand, which may cause temporary errors.",
      type: 'server_error',
      param: null,
      code: null,
    },
  }),
  unavailable: (): FakeOpenAiError => ({
    kind: 'error',
    status: 503,
    error: { message: 'Service Unavailable', type: 'server_error', param: null, code: null },
  }),
  serverError: (): FakeOpenAiError => ({
    kind: 'error',
    status: 500,
    error: {
      message: 'The server had an error while processing your request. Sorry about that!',
      type: 'server_error',
      param: null,
      code: null,
    },
  }),
  badRequest: (
    message = "Invalid value for 'max_tokens'.",
    param: string | null = 'max_tokens',
  ): FakeOpenAiError => ({
    kind: 'error',
    status: 400,
    error: { message, type: 'invalid_request_error', param, code: null },
  }),
  modelNotFound: (model: string): FakeOpenAiError => ({
    kind: 'error',
    status: 404,
    error: {
      message: `The model \`${model}\` does not exist or you do not have access to it.`,
      type: 'invalid_request_error',
      param: null,
      code: 'model_not_found',
    },
  }),
};

const joined = (text: string | readonly string[]) =>
  typeof text === 'string' ? text : text.join('');

const now = () => Math.floor(Date.now() / 1000);

function encodeVector(vector: readonly number[], format: unknown): number[] | string {
  if (format !== 'base64') return [...vector];
  // What the API sends for encoding_format=base64 (the SDK's default): little-endian float32.
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

async function answerChat(x: Exchange, reply: Extract<FakeOpenAiReply, { kind: 'chat' }>) {
  const body = x.request.body;
  const id = `chatcmpl-${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  const model = reply.model ?? String(body.model ?? 'gpt-4o-mini');
  const created = now();
  const text = joined(reply.text);
  const promptText = JSON.stringify(body.messages ?? []);
  const usage = {
    prompt_tokens: roughTokens(promptText),
    completion_tokens: roughTokens(text),
    total_tokens: roughTokens(promptText) + roughTokens(text),
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
  const finishReason = reply.finishReason ?? 'stop';
  const headers = {
    'x-request-id': `req_${randomUUID().replaceAll('-', '')}`,
    'openai-processing-ms': '12',
  };

  if (body.stream !== true) {
    x.json(
      200,
      {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text, refusal: null, annotations: [] },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage,
        service_tier: 'default',
        system_fingerprint: 'fp_fake',
      },
      headers,
    );
    return;
  }

  const sse = x.startSse(headers);
  const chunk = (
    delta: Record<string, unknown>,
    finish: string | null,
    extra: Record<string, unknown> = {},
  ) =>
    sse.send(
      JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        service_tier: 'default',
        system_fingerprint: 'fp_fake',
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
        ...extra,
      }),
    );
  chunk({ role: 'assistant', content: '', refusal: null }, null);
  const deltas = typeof reply.text === 'string' ? [reply.text] : reply.text;
  for (const [i, delta] of deltas.entries()) {
    chunk({ content: delta }, null);
    if (reply.gate && reply.pauseAfter === i + 1 && !(await x.pause(reply.gate))) return;
  }
  if (x.isGone()) return;
  if (reply.streamError) {
    sse.send(JSON.stringify({ error: reply.streamError }));
    sse.end();
    return;
  }
  chunk({}, finishReason);
  if (body.stream_options?.include_usage === true) {
    sse.send(
      JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        service_tier: 'default',
        system_fingerprint: 'fp_fake',
        choices: [],
        usage,
      }),
    );
  }
  sse.send('[DONE]');
  sse.end();
}

function answerEmbeddings(
  x: Exchange,
  reply: FakeOpenAiReply | undefined,
  defaultDimensions: number,
) {
  const body = x.request.body;
  const inputs: string[] = Array.isArray(body.input)
    ? body.input.map(String)
    : [String(body.input ?? '')];
  if (reply && reply.kind !== 'embeddings') {
    return x.json(500, {
      error: {
        message: `fake: a ${reply.kind} answer was scripted for /embeddings`,
        type: 'server_error',
        param: null,
        code: null,
      },
    });
  }
  const dimensions = typeof body.dimensions === 'number' ? body.dimensions : defaultDimensions;
  const vectors = reply?.vectors ?? inputs.map((t) => fakeVector(t, dimensions));
  const model = reply?.model ?? String(body.model ?? 'text-embedding-3-small');
  x.json(
    200,
    {
      object: 'list',
      data: vectors.map((v, index) => ({
        object: 'embedding',
        index,
        embedding: encodeVector(v, body.encoding_format),
      })),
      model,
      usage: {
        prompt_tokens: roughTokens(inputs.join(' ')),
        total_tokens: roughTokens(inputs.join(' ')),
      },
    },
    { 'x-request-id': `req_${randomUUID().replaceAll('-', '')}` },
  );
}

/**
 * A local server speaking the OpenAI REST API for chat completions (plain and streamed with
 * `data:` chunks ending in `data: [DONE]`) and embeddings (float or base64), answering with what
 * the test scripted, in order. Point the official SDK at `url` (it ends in /v1).
 *
 * Without a scripted answer, embeddings get deterministic unit vectors of the requested
 * `dimensions` (else `embeddingDimensions`) and a chat gets a 500 saying nothing was scripted.
 */
export async function startFakeOpenAi(
  options: { apiKey?: string; embeddingDimensions?: number } = {},
) {
  const embeddingDimensions = options.embeddingDimensions ?? 1536;
  const fake = await startLlmFake<FakeOpenAiReply>({
    handle: async (x, reply) => {
      const { method, path, headers } = x.request;
      const requestId = `req_${randomUUID().replaceAll('-', '')}`;
      if (options.apiKey !== undefined && headers.authorization !== `Bearer ${options.apiKey}`) {
        return x.json(
          401,
          {
            error: {
              message:
                'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
              type: 'invalid_request_error',
              param: null,
              code: 'invalid_api_key',
            },
          },
          { 'x-request-id': requestId },
        );
      }
      if (reply?.kind === 'error') {
        return x.json(
          reply.status,
          { error: { param: null, code: null, ...reply.error } },
          {
            'x-request-id': requestId,
            ...reply.headers,
          },
        );
      }
      if (reply?.kind === 'hang') {
        await x.gone;
        return;
      }
      const route = `${method} ${path.split('?')[0]}`;
      if (route === 'POST /v1/embeddings') return answerEmbeddings(x, reply, embeddingDimensions);
      if (route === 'POST /v1/chat/completions') {
        if (reply?.kind === 'chat') return answerChat(x, reply);
        return x.json(500, {
          error: {
            message: `fake: no chat answer scripted (got ${reply?.kind ?? 'nothing'})`,
            type: 'server_error',
            param: null,
            code: null,
          },
        });
      }
      return x.json(
        404,
        {
          error: {
            message: `Invalid URL (${method} ${path})`,
            type: 'invalid_request_error',
            param: null,
            code: null,
          },
        },
        { 'x-request-id': requestId },
      );
    },
  });

  const chatRequests = () => fake.requests.filter((r) => r.path.startsWith('/v1/chat/completions'));
  return {
    /** The SDK's baseURL. */
    url: `${fake.origin}/v1`,
    requests: fake.requests,
    chatRequests,
    embeddingRequests: () => fake.requests.filter((r) => r.path.startsWith('/v1/embeddings')),
    /** Queues raw answers (see `openAiErrors` for real error answers). */
    enqueue: fake.enqueue,
    replyText: (text: string, extra: { finishReason?: 'stop' | 'length'; model?: string } = {}) =>
      fake.enqueue({ kind: 'chat', text, ...extra }),
    /** A JSON answer as a model writes it; `fenced` wraps it in a ```json block with a lead-in. */
    replyJson: (value: unknown, { fenced = false }: { fenced?: boolean } = {}) =>
      fake.enqueue({
        kind: 'chat',
        text: fenced
          ? `Here is the JSON:\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``
          : JSON.stringify(value),
      }),
    /** A streamed answer, one delta per item; with `pauseAfter` the returned gate holds it there. */
    replyStream: (
      deltas: readonly string[],
      extra: { pauseAfter?: number; streamError?: OpenAiErrorBody } = {},
    ): StreamGate => {
      const gate = createGate();
      fake.enqueue({ kind: 'chat', text: deltas, gate, ...extra });
      return gate;
    },
    replyEmbeddings: (vectors: readonly (readonly number[])[]) =>
      fake.enqueue({ kind: 'embeddings', vectors }),
    replyError: (reply: FakeOpenAiError) => fake.enqueue(reply),
    replyHang: () => fake.enqueue({ kind: 'hang' }),
    /** Answers requests with nothing queued, e.g. from the prompt they carry. */
    respondWith: (f: ((request: RecordedRequest) => FakeOpenAiReply | undefined) | undefined) =>
      fake.setFallback(f),
    pending: fake.pending,
    received: fake.received,
    reset: fake.reset,
    close: fake.close,
  };
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

/** The text of the last user message of a recorded chat request (for `respondWith`). */
export function lastUserText(request: RecordedRequest): string {
  const messages: unknown = request.body.messages;
  if (!Array.isArray(messages)) return '';
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as { role?: string; content?: unknown };
    if (m.role === 'user') return contentText(m.content);
  }
  return '';
}

/** The system prompt of a recorded chat request. */
export function systemText(request: RecordedRequest): string {
  const messages: unknown = request.body.messages;
  if (!Array.isArray(messages)) return '';
  return messages
    .filter((m: { role?: string }) => m.role === 'system' || m.role === 'developer')
    .map((m: { content?: unknown }) => contentText(m.content))
    .join('\n');
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p: { text?: string }) => p.text ?? '').join('');
  return '';
}
