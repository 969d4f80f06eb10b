import {
  anthropicErrors,
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeAnthropicError,
} from '@mnemo/testing/anthropic';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiEnvSchema, resolveAiConfig, type AiConfig } from '../env';
import { AiError } from '../errors';
import { createAnthropicChatModel, toAnthropicMessages } from './anthropic';
import { DEFAULT_MAX_TOKENS } from './routing';

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic({ apiKey: 'sk-ant-test' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const configWith = (env: Record<string, string> = {}): AiConfig =>
  resolveAiConfig(
    aiEnvSchema.parse({
      AI_PROVIDER: 'anthropic',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: fake.url,
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
  purpose: 'tutor' as const,
  messages: [{ role: 'user' as const, content: 'Why is the sky blue?' }],
};

describe('Anthropic chat model through the official SDK', () => {
  it('puts the system prompt in `system` and sends a token budget for the purpose', async () => {
    fake.replyText('Rayleigh scattering.');
    const model = createAnthropicChatModel(configWith());
    const answer = await model.complete({ ...ask, system: 'You are a tutor.' });
    expect(answer).toMatchObject({ text: 'Rayleigh scattering.', model: 'claude-sonnet-5' });
    expect(answer.usage?.inputTokens).toBeGreaterThan(0);
    const { body } = fake.requests[0]!;
    expect(body.system).toBe('You are a tutor.');
    expect(body.messages).toEqual([{ role: 'user', content: 'Why is the sky blue?' }]);
    expect(body.max_tokens).toBe(DEFAULT_MAX_TOKENS.tutor);
    const questions = createAnthropicChatModel(configWith());
    fake.replyText('{}');
    await questions.complete({ ...ask, purpose: 'questions', maxTokens: 123 });
    expect(fake.requests[1]!.body.max_tokens).toBe(123);
    expect(fake.requests[1]!.body.system).toBeUndefined();
  });

  it('routes purposes to their models, and a request may name its own', async () => {
    const model = createAnthropicChatModel(
      configWith({ ANTHROPIC_MODEL: 'claude-haiku-4-5', AI_MODELS: 'tutor=claude-opus-4-1' }),
    );
    expect(model.modelFor('tutor')).toBe('claude-opus-4-1');
    expect(model.modelFor('summary')).toBe('claude-haiku-4-5');
    fake.replyText('a');
    fake.replyStream(['b']);
    fake.replyText('c');
    await model.complete(ask);
    await collect(model.stream({ ...ask, purpose: 'summary' }));
    await model.complete({ ...ask, model: 'claude-custom' });
    expect(fake.requests.map((r) => r.body.model)).toEqual([
      'claude-opus-4-1',
      'claude-haiku-4-5',
      'claude-custom',
    ]);
  });

  it('streams the text deltas in order, skipping the other events', async () => {
    fake.replyStream(['Light ', 'scatters ', 'more at short ', 'wavelengths.']);
    const model = createAnthropicChatModel(configWith());
    expect(await collect(model.stream({ ...ask, system: 'S' }))).toEqual([
      'Light ',
      'scatters ',
      'more at short ',
      'wavelengths.',
    ]);
    expect(fake.requests[0]!.body).toMatchObject({ stream: true, system: 'S' });
  });

  it('stops the stream and its request when the signal fires mid-answer', async () => {
    const gate = fake.replyStream(['first ', 'second ', 'third'], { pauseAfter: 2 });
    const model = createAnthropicChatModel(configWith());
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const delta of model.stream({ ...ask, signal: controller.signal })) {
      seen.push(delta);
      if (seen.length === 2) controller.abort();
    }
    expect(seen).toEqual(['first ', 'second ']);
    expect(await fake.requests[0]!.outcome).toBe('aborted');
    gate.release();
  });

  const cases: [string, FakeAnthropicError, AiError['kind']][] = [
    ['529 overloaded_error', anthropicErrors.overloaded(), 'overloaded'],
    ['429 rate_limit_error', anthropicErrors.rateLimited(12), 'rate_limited'],
    ['400 credit balance too low', anthropicErrors.creditTooLow(), 'out_of_credit'],
    ['402 billing_error', anthropicErrors.billing(), 'out_of_credit'],
    ['500 api_error', anthropicErrors.apiError(), 'unavailable'],
    ['400 invalid_request_error', anthropicErrors.badRequest(), 'bad_request'],
    ['401 authentication_error', anthropicErrors.authentication(), 'bad_request'],
  ];
  it.each(cases)('maps %s to %s', async (_name, reply, kind) => {
    fake.replyError(reply);
    const error = await failure(createAnthropicChatModel(configWith()).complete(ask));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(reply.status);
    expect(error.provider).toBe('anthropic');
    expect(error.message).toContain(reply.error.message);
    expect(error.message).toMatch(/request req_/);
  });

  it('passes on how long a rate limit asks to wait', async () => {
    fake.replyError(anthropicErrors.rateLimited(12));
    const error = await failure(createAnthropicChatModel(configWith()).complete(ask));
    expect(error.retryAfterSeconds).toBe(12);
  });

  it('maps errors of a stream, before and during the answer', async () => {
    const model = createAnthropicChatModel(configWith());
    fake.replyError(anthropicErrors.overloaded());
    expect((await failure(collect(model.stream(ask)))).kind).toBe('overloaded');
    fake.replyStream(['Half '], {
      streamError: { type: 'overloaded_error', message: 'Overloaded' },
    });
    const midway = await failure(collect(model.stream(ask)));
    expect(midway.kind).toBe('overloaded');
    expect(midway.status).toBeUndefined();
  });

  it('gives up with a timeout when the server does not answer in time', async () => {
    fake.replyHang();
    const error = await failure(
      createAnthropicChatModel({ ...configWith(), timeoutMs: 50 }).complete(ask),
    );
    expect(error.kind).toBe('timeout');
  });

  it('reports a cancelled completion as aborted', async () => {
    fake.replyHang();
    const controller = new AbortController();
    const pending = createAnthropicChatModel(configWith()).complete({
      ...ask,
      signal: controller.signal,
    });
    await fake.received(1);
    controller.abort();
    expect((await failure(pending)).kind).toBe('aborted');
  });

  it('sends a history the Messages API accepts', async () => {
    fake.replyText('ok');
    await createAnthropicChatModel(configWith()).complete({
      ...ask,
      messages: [
        { role: 'assistant', content: 'Hi! Ask me anything.' },
        { role: 'user', content: 'What is ATP?' },
        { role: 'assistant', content: '' },
        { role: 'user', content: 'Hello?' },
      ],
    });
    expect(fake.requests[0]!.body.messages).toEqual([
      { role: 'user', content: '(The conversation so far.)' },
      { role: 'assistant', content: 'Hi! Ask me anything.' },
      { role: 'user', content: 'What is ATP?\n\nHello?' },
    ]);
  });
});

describe('toAnthropicMessages', () => {
  it('keeps an alternating history as it is', () => {
    const turns = [
      { role: 'user' as const, content: 'a' },
      { role: 'assistant' as const, content: 'b' },
      { role: 'user' as const, content: 'c' },
    ];
    expect(toAnthropicMessages(turns)).toEqual(turns);
  });
});
