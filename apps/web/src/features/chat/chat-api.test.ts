import { describe, expect, it } from 'vitest';
import { isApiError } from '../../lib/api';
import { CHAT_MESSAGES, ChatStreamError } from './chat-errors';
import { streamChat, type StreamTarget } from './chat-api';

const DECK = '2b7e1a52-5c1f-4f7e-9d3c-8a6b4e2f1c01';
const target: StreamTarget = { kind: 'ephemeral', body: { deckId: DECK, message: 'Hi' } };
const store = { getToken: () => 'tok', getAnonymousSession: () => null };

/** A fetch answering with the given body pieces, each delivered as one network read. */
function fakeFetch(pieces: string[], init: ResponseInit = {}) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (async (url: string, requestInit?: RequestInit) => {
    calls.push({ url, init: requestInit });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      ...init,
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('streamChat', () => {
  it('posts with the bearer token and hands over the text of each read until done', async () => {
    const { fetch, calls } = fakeFetch([
      'event: chunk\ndata: {"content":"Hel"}\n\nevent: chunk\ndata: {"con',
      'tent":"lo"}\n\n',
      'event: done\ndata: {"fullResponse":"Hello","attribution":[]}\n\n',
    ]);
    const reads: string[] = [];
    const result = await streamChat(target, (t) => reads.push(t), new AbortController().signal, {
      fetch,
      store,
    });
    expect(result).toEqual({ fullResponse: 'Hello', attribution: [] });
    expect(reads).toEqual(['Hel', 'lo', '']);
    expect(calls[0]?.url).toBe('/api/chat/stream/ephemeral');
    expect((calls[0]?.init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual(target.body);
  });

  it('streams a saved chat on its own path', async () => {
    const { fetch, calls } = fakeFetch(['event: done\ndata: {"fullResponse":"x"}\n\n']);
    await streamChat(
      { kind: 'persistent', chatId: 'c1', body: { message: 'Hi' } },
      () => undefined,
      new AbortController().signal,
      { fetch, store },
    );
    expect(calls[0]?.url).toBe('/api/chat/stream/c1');
  });

  it('fails with the stream error event and its code', async () => {
    const { fetch } = fakeFetch([
      'event: chunk\ndata: {"content":"Hel"}\n\nevent: error\ndata: {"message":"busy","code":"AI_OVERLOADED"}\n\n',
    ]);
    const failure = await streamChat(target, () => undefined, new AbortController().signal, {
      fetch,
      store,
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChatStreamError);
    expect((failure as ChatStreamError).code).toBe('AI_OVERLOADED');
  });

  it('maps an HTTP failure by status, and refuses an answer that is not an event stream', async () => {
    const credit = fakeFetch(['{"success":false,"error":"no credit"}'], {
      status: 402,
      headers: { 'content-type': 'application/json' },
    });
    const failure = await streamChat(target, () => undefined, new AbortController().signal, {
      fetch: credit.fetch,
      store,
    }).catch((e: unknown) => e);
    expect(isApiError(failure) && failure.status === 402 && failure.message).toBe(
      CHAT_MESSAGES.credit,
    );

    const json = fakeFetch(['{}'], { headers: { 'content-type': 'application/json' } });
    await expect(
      streamChat(target, () => undefined, new AbortController().signal, {
        fetch: json.fetch,
        store,
      }),
    ).rejects.toThrow(CHAT_MESSAGES.notEventStream);
  });
});
