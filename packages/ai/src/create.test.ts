import { openAiErrors, startFakeOpenAi, type FakeOpenAi } from '@mnemo/testing/openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAi, verifyEmbedder } from './create';
import { AiConfigError, aiEnvSchema, resolveAiConfig } from './env';
import { AiError } from './errors';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const aiFrom = (env: Record<string, string>) => createAi(resolveAiConfig(aiEnvSchema.parse(env)));

describe('createAi', () => {
  it('runs offline with nothing configured', () => {
    const ai = aiFrom({});
    expect(ai.chat).toBeNull();
    expect(ai.study.provider).toBe('local');
    expect(ai.embedder).toMatchObject({ provider: 'local', dimensions: 384 });
  });

  it('uses OpenAI for chat when a key is set, keeping local vectors unless told otherwise', () => {
    const ai = aiFrom({ OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4o' });
    expect(ai.chat?.provider).toBe('openai');
    expect(ai.chat?.modelFor('tutor')).toBe('gpt-4o');
    expect(ai.study.provider).toBe('openai');
    expect(ai.embedder.provider).toBe('local');
  });

  it('uses Anthropic for chat and OpenAI for vectors when configured so', () => {
    const ai = aiFrom({
      ANTHROPIC_API_KEY: 'sk-ant',
      EMBEDDINGS_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      AI_PROVIDER: 'anthropic',
      EMBEDDING_DIMENSIONS: '1536',
    });
    expect(ai.chat?.provider).toBe('anthropic');
    expect(ai.study.provider).toBe('anthropic');
    expect(ai.embedder).toMatchObject({
      provider: 'openai',
      model: 'text-embedding-3-small',
      dimensions: 1536,
    });
  });

  it('can be forced offline even with keys present', () => {
    const ai = aiFrom({ AI_PROVIDER: 'local', OPENAI_API_KEY: 'sk-test' });
    expect(ai.chat).toBeNull();
    expect(ai.study.provider).toBe('local');
  });

  it('drives the chosen provider end to end', async () => {
    const ai = aiFrom({ OPENAI_BASE_URL: fake.url, AI_MAX_RETRIES: '0' });
    fake.replyText('mitochondria ATP production');
    await expect(
      ai.study.enhanceQuery({
        query: 'how?',
        history: [{ role: 'user', content: 'Tell me about mitochondria' }],
      }),
    ).resolves.toBe('mitochondria ATP production');
  });
});

describe('verifyEmbedder', () => {
  const openAiEmbedder = (env: Record<string, string> = {}) =>
    aiFrom({
      EMBEDDINGS_PROVIDER: 'openai',
      OPENAI_BASE_URL: fake.url,
      AI_MAX_RETRIES: '0',
      ...env,
    }).embedder;

  it('accepts embedders whose vectors have the configured size', async () => {
    await expect(
      verifyEmbedder(aiFrom({ EMBEDDING_DIMENSIONS: '256' }).embedder),
    ).resolves.toBeUndefined();
    await expect(verifyEmbedder(openAiEmbedder())).resolves.toBeUndefined();
    expect(fake.requests[0]!.body.dimensions).toBe(384);
  });

  it('stops the start-up with a clear message when the size is wrong', async () => {
    fake.replyEmbeddings([new Array<number>(768).fill(0.5)]);
    const error = await verifyEmbedder(
      openAiEmbedder({ OPENAI_EMBEDDING_MODEL: 'nomic-embed-text' }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiConfigError);
    expect((error as Error).message).toMatch(
      /model "nomic-embed-text" returned 768 dimensions; EMBEDDING_DIMENSIONS is 384/,
    );
  });

  it('reports a model the server does not know as a configuration error, and an outage as it is', async () => {
    fake.replyError(openAiErrors.modelNotFound('text-embedding-9'));
    const config = await verifyEmbedder(
      openAiEmbedder({ OPENAI_EMBEDDING_MODEL: 'text-embedding-9' }),
    ).catch((e: unknown) => e);
    expect(config).toBeInstanceOf(AiConfigError);
    expect((config as Error).message).toMatch(/"text-embedding-9" \(openai\) refused the probe/);

    fake.replyError(openAiErrors.unavailable());
    const outage = await verifyEmbedder(openAiEmbedder()).catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(AiError);
    expect((outage as AiError).kind).toBe('unavailable');
  });
});
