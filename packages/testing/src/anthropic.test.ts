import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anthropicErrors, startFakeAnthropic, type FakeAnthropic } from './anthropic';

let fake: FakeAnthropic;
let client: Anthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic({ apiKey: 'sk-ant-test' });
  client = new Anthropic({
    apiKey: 'sk-ant-test',
    authToken: null,
    baseURL: fake.url,
    maxRetries: 0,
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const ask = {
  model: 'claude-sonnet-5',
  max_tokens: 100,
  messages: [{ role: 'user' as const, content: 'Hi' }],
};

describe('fake Anthropic through the official SDK', () => {
  it('answers a message with the scripted text and records the request', async () => {
    fake.replyText('Hello there.');
    const message = await client.messages.create({ ...ask, system: 'Be brief.' });
    expect(message.content).toEqual([{ type: 'text', text: 'Hello there.', citations: null }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(fake.requests[0]?.path).toBe('/v1/messages');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-ant-test');
    expect(fake.requests[0]?.headers['anthropic-version']).toBeTruthy();
    expect(fake.requests[0]?.body.system).toBe('Be brief.');
  });

  it("streams named events that the SDK's own MessageStream accumulates into the message", async () => {
    fake.replyStream(['Hel', 'lo ', 'there.']);
    const stream = client.messages.stream(ask);
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const final = await stream.finalMessage();
    expect(deltas).toEqual(['Hel', 'lo ', 'there.']);
    expect(final.content).toEqual([{ type: 'text', text: 'Hello there.', citations: null }]);
    expect(final.stop_reason).toBe('end_turn');
    expect(final.usage.output_tokens).toBeGreaterThan(0);
  });

  it('sends the real error body, which the SDK turns into its error classes', async () => {
    fake.replyError(anthropicErrors.overloaded());
    const error = await client.messages.create(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.OverloadedError);
    const e = error as InstanceType<typeof Anthropic.OverloadedError>;
    expect(e.status).toBe(529);
    expect(e.type).toBe('overloaded_error');
    expect(e.requestID).toMatch(/^req_/);
  });

  it('reports an error event in the middle of a stream', async () => {
    fake.replyStream(['Partial '], {
      streamError: { type: 'overloaded_error', message: 'Overloaded' },
    });
    const stream = await client.messages.create({ ...ask, stream: true });
    const error = await (async () => {
      for await (const _event of stream) {
        // read until the error
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).type).toBe('overloaded_error');
  });

  it('refuses a wrong API key like the API does', async () => {
    const other = new Anthropic({
      apiKey: 'wrong',
      authToken: null,
      baseURL: fake.url,
      maxRetries: 0,
    });
    const error = await other.messages.create(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
  });

  it('sees the client leave a held stream', async () => {
    const gate = fake.replyStream(['one ', 'two'], { pauseAfter: 1 });
    const controller = new AbortController();
    const stream = await client.messages.create(
      { ...ask, stream: true },
      { signal: controller.signal },
    );
    for await (const event of stream) {
      if (event.type === 'content_block_delta') break;
    }
    // Leaving the loop aborts the request; the fake notices instead of waiting for its gate.
    expect(await fake.requests[0]?.outcome).toBe('aborted');
    gate.release();
  });
});
