import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  openAiErrors,
  startFakeOpenAi,
  type FakeOpenAi,
  type FakeOpenAiError,
} from '@mnemo/testing/openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiConfigError, aiEnvSchema, resolveAiConfig, type AiConfig } from '../env';
import { AiError } from '../errors';
import type { AiLogger } from '../types';
import { createOpenAiChatModel, createOpenAiEmbedder, EMBEDDING_BATCH_SIZE } from './openai';
import { DEFAULT_MAX_TOKENS } from './routing';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const configWith = (env: Record<string, string> = {}): AiConfig =>
  resolveAiConfig(
    aiEnvSchema.parse({
      AI_PROVIDER: 'openai',
      EMBEDDINGS_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.url,
      AI_MAX_RETRIES: '0',
      ...env,
    }),
  );

const collect = async (stream: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const delta of stream) out.push(delta);
  return out;
};

const failure = async (p: Promise<unknown>): Promise<AiError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
};

const ask = {
  purpose: 'summary' as const,
  messages: [{ role: 'user' as const, content: 'Summarise.' }],
};

describe('OpenAI chat model through the official SDK', () => {
  it('completes with the system prompt first, the routed model and a token budget', async () => {
    fake.replyText('A summary.');
    const model = createOpenAiChatModel(configWith());
    const answer = await model.complete({ ...ask, system: 'You summarise.' });
    expect(answer.text).toBe('A summary.');
    expect(answer.model).toBe('gpt-4o-mini');
    expect(answer.usage?.outputTokens).toBeGreaterThan(0);
    const { body, headers } = fake.requests[0]!;
    expect(headers.authorization).toBe('Bearer sk-test');
    expect(body.messages).toEqual([
      { role: 'system', content: 'You summarise.' },
      { role: 'user', content: 'Summarise.' },
    ]);
    // A compatible server (this base URL) gets the field every server knows.
    expect(body.max_tokens).toBe(DEFAULT_MAX_TOKENS.summary);
    expect(body.max_completion_tokens).toBeUndefined();
    expect(body.stream).toBe(false);
  });

  it('sends a placeholder key to a local server that needs none', async () => {
    fake.replyText('ok');
    const model = createOpenAiChatModel(configWith({ OPENAI_API_KEY: '' }));
    await model.complete(ask);
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer not-needed');
  });

  it('routes purposes to their models, and a request may name its own', async () => {
    const model = createOpenAiChatModel(
      configWith({ OPENAI_MODEL: 'base-model', AI_MODELS: 'tutor=gpt-4o,questions=q-model' }),
    );
    expect(model.modelFor('tutor')).toBe('gpt-4o');
    expect(model.modelFor('questions')).toBe('q-model');
    expect(model.modelFor('hint')).toBe('base-model');
    fake.replyText('a');
    fake.replyText('b');
    fake.replyStream(['c']);
    await model.complete({ ...ask, purpose: 'tutor' });
    await model.complete({ ...ask, purpose: 'hint' });
    await collect(model.stream({ ...ask, purpose: 'tutor', model: 'stream-model' }));
    expect(fake.requests.map((r) => r.body.model)).toEqual([
      'gpt-4o',
      'base-model',
      'stream-model',
    ]);
  });

  it('streams the deltas in order', async () => {
    fake.replyStream(['Photo', 'synthesis ', 'makes ', 'sugar.']);
    const model = createOpenAiChatModel(configWith());
    expect(await collect(model.stream({ ...ask, system: 'S' }))).toEqual([
      'Photo',
      'synthesis ',
      'makes ',
      'sugar.',
    ]);
    expect(fake.requests[0]!.body.stream).toBe(true);
    expect(fake.requests[0]!.body.messages[0]).toEqual({ role: 'system', content: 'S' });
  });

  it('stops the stream and its request when the signal fires mid-answer', async () => {
    const gate = fake.replyStream(['first ', 'second ', 'third'], { pauseAfter: 1 });
    const model = createOpenAiChatModel(configWith());
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const delta of model.stream({ ...ask, signal: controller.signal })) {
      seen.push(delta);
      controller.abort();
    }
    expect(seen).toEqual(['first ']);
    expect(await fake.requests[0]!.outcome).toBe('aborted');
    gate.release();
  });

  it('ends the request when the consumer stops reading', async () => {
    const gate = fake.replyStream(['first ', 'second'], { pauseAfter: 1 });
    const model = createOpenAiChatModel(configWith());
    for await (const _delta of model.stream(ask)) break;
    expect(await fake.requests[0]!.outcome).toBe('aborted');
    gate.release();
  });

  it('reports a cancelled completion as aborted', async () => {
    fake.replyHang();
    const model = createOpenAiChatModel(configWith());
    const controller = new AbortController();
    const pending = model.complete({ ...ask, signal: controller.signal });
    await fake.received(1);
    controller.abort();
    expect((await failure(pending)).kind).toBe('aborted');
  });

  const cases: [string, FakeOpenAiError, AiError['kind']][] = [
    ['402', openAiErrors.paymentRequired(), 'out_of_credit'],
    ['429 insufficient_quota', openAiErrors.insufficientQuota(), 'out_of_credit'],
    ['429 rate limit', openAiErrors.rateLimited(7), 'rate_limited'],
    ['503 high demand', openAiErrors.overloaded(), 'overloaded'],
    ['503', openAiErrors.unavailable(), 'unavailable'],
    ['500', openAiErrors.serverError(), 'unavailable'],
    ['400', openAiErrors.badRequest(), 'bad_request'],
    ['404 unknown model', openAiErrors.modelNotFound('gpt-9'), 'bad_request'],
  ];
  it.each(cases)('maps %s to %s', async (_name, reply, kind) => {
    fake.replyError(reply);
    const model = createOpenAiChatModel(configWith());
    const error = await failure(model.complete(ask));
    expect(error.kind).toBe(kind);
    expect(error.provider).toBe('openai');
    expect(error.status).toBe(reply.status);
    expect(error.message).toContain(reply.error.message);
    expect(error.message).toMatch(/request req_/);
  });

  it('passes on how long a rate limit asks to wait', async () => {
    fake.replyError(openAiErrors.rateLimited(7));
    const error = await failure(createOpenAiChatModel(configWith()).complete(ask));
    expect(error.retryAfterSeconds).toBe(7);
  });

  it('maps errors of a stream, before and during the answer', async () => {
    const model = createOpenAiChatModel(configWith());
    fake.replyError(openAiErrors.insufficientQuota());
    expect((await failure(collect(model.stream(ask)))).kind).toBe('out_of_credit');
    fake.replyStream(['Half an '], {
      streamError: {
        message: 'The server had an error processing your request.',
        type: 'server_error',
      },
    });
    expect((await failure(collect(model.stream(ask)))).kind).toBe('unavailable');
  });

  it('gives up with a timeout when the server does not answer in time', async () => {
    fake.replyHang();
    // Long enough for the request to reach the fake on a loaded machine (at 50 ms it once timed
    // out before the fake had seen it, and the abort below had nothing to read; CI at load 27).
    const model = createOpenAiChatModel({ ...configWith(), timeoutMs: 1_000 });
    const error = await failure(model.complete(ask));
    expect(error.kind).toBe('timeout');
    expect(await fake.requests[0]!.outcome).toBe('aborted');
  });

  it('reports a server that cannot be reached as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const model = createOpenAiChatModel(
      configWith({ OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` }),
    );
    const error = await failure(model.complete(ask));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/could not connect/);
  });

  it('retries as configured', async () => {
    fake.enqueue({ ...openAiErrors.serverError(), headers: { 'retry-after-ms': '1' } });
    fake.replyText('second time lucky');
    const model = createOpenAiChatModel(configWith({ AI_MAX_RETRIES: '1' }));
    expect((await model.complete(ask)).text).toBe('second time lucky');
    expect(fake.requests).toHaveLength(2);
  });

  it('logs the call without the prompt or the answer', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger: AiLogger = { debug: (o) => lines.push(o), warn: (o) => lines.push(o) };
    fake.replyText('secret answer');
    await createOpenAiChatModel(configWith(), { logger }).complete({
      ...ask,
      system: 'secret system',
    });
    expect(lines).toEqual([
      expect.objectContaining({ provider: 'openai', purpose: 'summary', model: 'gpt-4o-mini' }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/secret/);
  });
});

describe('OpenAI embedder', () => {
  it('embeds in batches, in order, asking for the configured size in floats', async () => {
    const embedder = createOpenAiEmbedder(configWith({ EMBEDDING_DIMENSIONS: '384' }));
    expect(embedder).toMatchObject({
      provider: 'openai',
      model: 'text-embedding-3-small',
      dimensions: 384,
    });
    const texts = Array.from({ length: 2 * EMBEDDING_BATCH_SIZE + 8 }, (_, i) => `text ${i % 5}`);
    const vectors = await embedder.embed(texts);
    const requests = fake.embeddingRequests();
    expect(requests.map((r) => r.body.input.length)).toEqual([96, 96, 8]);
    expect(requests.flatMap((r) => r.body.input)).toEqual(texts);
    expect(
      requests.every((r) => r.body.dimensions === 384 && r.body.encoding_format === 'float'),
    ).toBe(true);
    expect(vectors).toHaveLength(texts.length);
    for (const v of vectors) {
      expect(v).toHaveLength(384);
      expect(Math.hypot(...v)).toBeCloseTo(1, 6);
    }
    // Equal texts, equal vectors: the order survived the batching.
    expect(vectors[100]).toEqual(vectors[0]);
    expect(vectors[101]).not.toEqual(vectors[0]);
    // Three round trips and 200 vectors checked: 5 s ran out once on a loaded machine (CI, load 27).
  }, 30_000);

  it('scales vectors to unit length', async () => {
    fake.replyEmbeddings([[3, 4, ...new Array<number>(382).fill(0)]]);
    const [v] = await createOpenAiEmbedder(configWith()).embed(['a']);
    expect(v!.slice(0, 3)).toEqual([0.6, 0.8, 0]);
  });

  it('does not ask other models for a size they cannot give', async () => {
    const embedder = createOpenAiEmbedder(
      configWith({ OPENAI_EMBEDDING_MODEL: 'nomic-embed-text', EMBEDDING_DIMENSIONS: '768' }),
    );
    fake.replyEmbeddings([new Array<number>(768).fill(0.1)]);
    await embedder.embed(['a']);
    expect(fake.requests[0]!.body.dimensions).toBeUndefined();
  });

  it('refuses vectors of the wrong size with a message that says what to change', async () => {
    const embedder = createOpenAiEmbedder(
      configWith({ OPENAI_EMBEDDING_MODEL: 'nomic-embed-text' }),
    );
    fake.replyEmbeddings([new Array<number>(768).fill(0.1)]);
    const error = await embedder.embed(['a']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiConfigError);
    expect((error as Error).message).toMatch(
      /"nomic-embed-text" returned 768 dimensions; EMBEDDING_DIMENSIONS is 384\. Set EMBEDDING_DIMENSIONS=768/,
    );
  });

  it('makes no request for no texts and still embeds an empty one', async () => {
    const embedder = createOpenAiEmbedder(configWith());
    expect(await embedder.embed([])).toEqual([]);
    expect(fake.requests).toHaveLength(0);
    expect(await embedder.embed(['', 'b'])).toHaveLength(2);
    expect(fake.requests[0]!.body.input[0]).not.toBe('');
  });

  it('maps embedding errors like chat errors', async () => {
    fake.replyError(openAiErrors.insufficientQuota());
    const error = await failure(createOpenAiEmbedder(configWith()).embed(['a']));
    expect(error.kind).toBe('out_of_credit');
  });
});
