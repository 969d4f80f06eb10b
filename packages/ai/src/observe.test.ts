import { describe, expect, it } from 'vitest';
import { AiError } from './errors';
import { observeChatModel, observeEmbedder, type AiCall } from './observe';
import type { ChatModel, Embedder } from './types';

const chat = (fail: boolean): ChatModel => ({
  provider: 'openai',
  modelFor: () => 'gpt-test',
  async complete() {
    if (fail) throw new AiError('rate_limited', 'slow down');
    return { text: 'hi', model: 'gpt-test-2024' };
  },
  async *stream() {
    yield 'a';
    if (fail) throw new AiError('unavailable', 'gone');
    yield 'b';
  },
});

describe('observed AI calls', () => {
  it('reports completions and streams with model, purpose, outcome and error kind', async () => {
    const calls: AiCall[] = [];
    const ok = observeChatModel(chat(false), (c) => calls.push(c));
    const bad = observeChatModel(chat(true), (c) => calls.push(c));
    const request = { purpose: 'tutor' as const, messages: [] };
    expect((await ok.complete(request)).text).toBe('hi');
    await expect(bad.complete(request)).rejects.toThrow('slow down');
    const parts: string[] = [];
    for await (const p of ok.stream(request)) parts.push(p);
    expect(parts).toEqual(['a', 'b']);
    await expect(async () => {
      for await (const _ of bad.stream(request)) void _;
    }).rejects.toThrow('gone');

    expect(calls.map(({ seconds, ...c }) => (expect(seconds).toBeGreaterThanOrEqual(0), c))).toEqual([
      { provider: 'openai', model: 'gpt-test-2024', operation: 'complete', purpose: 'tutor', outcome: 'ok' },
      { provider: 'openai', model: 'gpt-test', operation: 'complete', purpose: 'tutor', outcome: 'error', errorKind: 'rate_limited' },
      { provider: 'openai', model: 'gpt-test', operation: 'stream', purpose: 'tutor', outcome: 'ok' },
      { provider: 'openai', model: 'gpt-test', operation: 'stream', purpose: 'tutor', outcome: 'error', errorKind: 'unavailable' },
    ]);
  });

  it('reports embeddings, and a throwing observer never breaks the call', async () => {
    const embedder: Embedder = {
      provider: 'openai',
      model: 'emb',
      dimensions: 2,
      embed: async (texts) => texts.map(() => [1, 0]),
    };
    const calls: AiCall[] = [];
    expect(await observeEmbedder(embedder, (c) => calls.push(c)).embed(['x'])).toEqual([[1, 0]]);
    expect(calls[0]).toMatchObject({ operation: 'embed', model: 'emb', outcome: 'ok' });
    const throwing = observeEmbedder(embedder, () => {
      throw new Error('metrics down');
    });
    expect(await throwing.embed(['x'])).toEqual([[1, 0]]);
  });
});
