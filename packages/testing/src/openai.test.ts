import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAiErrors, startFakeOpenAi, type FakeOpenAi } from './openai';

let fake: FakeOpenAi;
let client: OpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'sk-test' });
  client = new OpenAI({
    apiKey: 'sk-test',
    baseURL: fake.url,
    maxRetries: 0,
    organization: null,
    project: null,
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('fake OpenAI through the official SDK', () => {
  it('answers a chat completion with the scripted text and records the request', async () => {
    fake.replyText('Mitochondria make ATP.');
    const answer = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'What do mitochondria do?' }],
    });
    expect(answer.choices[0]?.message.content).toBe('Mitochondria make ATP.');
    expect(answer.model).toBe('gpt-4o-mini');
    expect(answer.usage?.completion_tokens).toBeGreaterThan(0);
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-test');
    expect(fake.requests[0]?.body.messages[0].content).toBe('What do mitochondria do?');
  });

  it("streams chunks that the SDK's own accumulator turns into the full message", async () => {
    fake.replyStream(['Mito', 'chondria ', 'make ATP.']);
    const stream = client.chat.completions.stream({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    stream.on('content', (delta) => deltas.push(delta));
    const final = await stream.finalChatCompletion();
    expect(deltas).toEqual(['Mito', 'chondria ', 'make ATP.']);
    expect(final.choices[0]?.message.content).toBe('Mitochondria make ATP.');
    expect(final.choices[0]?.finish_reason).toBe('stop');
    expect(final.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('answers embeddings in base64 (the SDK default) and as floats when asked', async () => {
    const base64 = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['a', 'b'],
      dimensions: 8,
    });
    expect(fake.requests[0]?.body.encoding_format).toBe('base64');
    expect(base64.data).toHaveLength(2);
    expect(base64.data[0]?.embedding).toHaveLength(8);
    const floats = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['a', 'b'],
      dimensions: 8,
      encoding_format: 'float',
    });
    // The same texts give the same vectors, whatever the encoding (float32 precision aside).
    floats.data[0]!.embedding.forEach((x, i) =>
      expect(x).toBeCloseTo(base64.data[0]!.embedding[i]!, 6),
    );
    expect(floats.data[0]?.embedding).not.toEqual(floats.data[1]?.embedding);
  });

  it('sends the real error body and headers, which the SDK turns into its error classes', async () => {
    fake.replyError(openAiErrors.rateLimited(7));
    const error = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const e = error as InstanceType<typeof OpenAI.RateLimitError>;
    expect(e.code).toBe('rate_limit_exceeded');
    expect(e.headers.get('retry-after')).toBe('7');
    expect(e.requestID).toMatch(/^req_/);
  });

  it('refuses a wrong API key like the API does', async () => {
    const other = new OpenAI({
      apiKey: 'sk-wrong',
      baseURL: fake.url,
      maxRetries: 0,
      organization: null,
      project: null,
    });
    const error = await other.models.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.AuthenticationError>).code).toBe('invalid_api_key');
  });

  it('holds a stream at its pause until released', async () => {
    const gate = fake.replyStream(['one ', 'two'], { pauseAfter: 1 });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    const seen: string[] = [];
    const reading = (async () => {
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta.content;
        if (delta) seen.push(delta);
      }
    })();
    await gate.reached;
    gate.release();
    await reading;
    expect(seen).toEqual(['one ', 'two']);
    expect(await fake.requests[0]?.outcome).toBe('completed');
  });
});
