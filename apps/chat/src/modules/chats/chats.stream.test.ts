import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatStreamEventSchema } from '@mnemo/contracts/entities/chat';
import { errorBodySchema } from '@mnemo/contracts/errors';
import { IDENTITY_HEADER } from '@mnemo/contracts/identity';
import { AiError } from '@mnemo/ai/errors';
import { asCaller } from '@mnemo/service-kit/testing';
import {
  anonCaller,
  parseSse,
  scriptedStudyAi,
  seedDeck,
  startChatApp,
  storedRows,
  vectorContextOf,
  type ChatTestApp,
  type TutorScript, citedCellsPassage } from './chats.test-support';

type Caller = ReturnType<typeof anonCaller>;

async function startChat(t: ChatTestApp, caller: Caller, deckId: string) {
  const res = await t.app.inject({ method: 'POST', url: '/chat/start', headers: asCaller(caller), payload: { deckId } });
  return res.json().chat as { _id: string };
}
/** The app's address over a real socket (tests share one app: it listens once). */
async function listening(t: ChatTestApp) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}
const storedMessages = async (t: ChatTestApp, caller: Caller, chatId: string) =>
  (await t.app.inject({ url: `/chat/${chatId}`, headers: asCaller(caller) })).json().chat.messages as Array<{ role: string; content: string; attribution?: unknown }>;

describe('with the offline tutor', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await startChatApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('streams chunk events then done with the stored message and its attribution', async () => {
    const owner = anonCaller();
    const seeded = await seedDeck(t, owner.anonId);
    const chat = await startChat(t, owner, seeded.deck.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/chat/stream/${chat._id}`,
      headers: asCaller(owner),
      payload: { message: 'What do mitochondria produce?', vectorContext: vectorContextOf(seeded), model: 'any-model' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseSse(res.body);
    for (const e of events) expect(chatStreamEventSchema.parse(e.data).type).toBe(e.event);
    const chunks = events.filter((e) => e.event === 'chunk');
    expect(chunks.length).toBeGreaterThan(1);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.fullResponse).toBe(chunks.map((c) => c.data.content).join(''));
    expect(done.data.attribution).toEqual(citedCellsPassage(seeded));
    const messages = await storedMessages(t, owner, chat._id);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(messages[2]).toMatchObject({ content: done.data.fullResponse, attribution: done.data.attribution });
    expect(done.data.message).toMatchObject({ role: 'assistant', content: done.data.fullResponse });
  });

  it('streams an ephemeral answer to a viewer of a published deck and stores nothing', async () => {
    const seeded = await seedDeck(t, randomUUID(), { published: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/chat/stream/ephemeral',
      headers: asCaller(anonCaller()),
      payload: { deckId: seeded.deck.id, message: 'What do mitochondria produce?', vectorContext: vectorContextOf(seeded), sourceIds: [seeded.source.id], mode: 'source' },
    });
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.body);
    expect(events.at(-1)!.event).toBe('done');
    expect(events.at(-1)!.data.message).toBeUndefined();
    expect(String(events.at(-1)!.data.fullResponse)).toMatch(/ATP/);
    expect(await storedRows(t, seeded.deck.id)).toEqual({ chats: 0, messages: 0 });
  });

  it("answers 404 as JSON, before any event, for someone else's chat", async () => {
    const owner = anonCaller();
    const seeded = await seedDeck(t, owner.anonId, { published: true });
    const chat = await startChat(t, owner, seeded.deck.id);
    const res = await t.app.inject({ method: 'POST', url: `/chat/stream/${chat._id}`, headers: asCaller(anonCaller()), payload: { message: 'Hi' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(errorBodySchema.parse(res.json()).error).toBe('Chat not found');
  });
});

describe('with a scripted tutor', () => {
  const scripted = scriptedStudyAi();
  let app: ChatTestApp;
  beforeAll(async () => {
    app = await startChatApp({ study: scripted.study, env: { CHAT_STREAM_MODELS: 'small-model, other-model' } });
  });
  afterAll(async () => {
    await app?.close();
  });
  const start = async (script: TutorScript) => {
    scripted.play(script);
    return { t: app, record: scripted.record };
  };

  it("refuses a second stream on the same chat with 409 'A stream is already in progress', then frees the chat", async () => {
    const { t } = await start({ deltas: Array.from({ length: 30 }, (_, i) => `word${i} `), delayMs: 60 });
    const owner = anonCaller();
    const seeded = await seedDeck(t, owner.anonId);
    const chat = await startChat(t, owner, seeded.deck.id);
    const stream = () => t.app.inject({ method: 'POST', url: `/chat/stream/${chat._id}`, headers: asCaller(owner), payload: { message: 'What is ATP?' } });
    const first = stream();
    // The first stream holds the chat's lock in Redis (where another replica would see it too).
    await expect.poll(() => t.redis.exists(`${t.prefix}:chat-stream-lock:${chat._id}`), { timeout: 10_000 }).toBe(1);
    const second = await stream();
    expect(second.statusCode).toBe(409);
    const body = errorBodySchema.parse(second.json());
    expect(body).toMatchObject({ code: 'STREAM_IN_PROGRESS', error: 'A stream is already in progress' });
    expect((await first).statusCode).toBe(200);
    // Released at the end: the next stream is accepted.
    expect((await stream()).statusCode).toBe(200);
    // The refused stream stored nothing: two questions, two answers.
    expect((await storedMessages(t, owner, chat._id)).map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
  });

  it('ends with an error event carrying the AI error when the provider fails mid-stream; the question stays, no partial answer', async () => {
    const { t } = await start({ deltas: ['The ', 'answer ', 'is'], failAfter: 2, failWith: new AiError('overloaded', 'provider said 529') });
    const owner = anonCaller();
    const seeded = await seedDeck(t, owner.anonId);
    const chat = await startChat(t, owner, seeded.deck.id);
    const res = await t.app.inject({ method: 'POST', url: `/chat/stream/${chat._id}`, headers: asCaller(owner), payload: { message: 'What is ATP?' } });
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.body);
    expect(events.map((e) => e.event)).toEqual(['chunk', 'chunk', 'error']);
    expect(events[2]!.data).toEqual({
      type: 'error',
      code: 'AI_OVERLOADED',
      message: 'The AI service is currently overloaded and encountering high demand. Please try again in a moment.',
    });
    expect((await storedMessages(t, owner, chat._id)).map((m) => m.role)).toEqual(['system', 'user']);
    // The lock went with the failure.
    const again = await t.app.inject({ method: 'POST', url: `/chat/stream/${chat._id}`, headers: asCaller(owner), payload: { message: 'Again' } });
    expect(again.statusCode).toBe(200);
  });

  it('passes on a model the client names only when the configuration offers it', async () => {
    const { t, record } = await start({ deltas: ['Hi.'] });
    const owner = anonCaller();
    const seeded = await seedDeck(t, owner.anonId);
    const chat = await startChat(t, owner, seeded.deck.id);
    for (const model of ['small-model', 'a-costlier-model']) {
      const res = await t.app.inject({ method: 'POST', url: `/chat/stream/${chat._id}`, headers: asCaller(owner), payload: { message: 'Hi', model } });
      expect(res.statusCode).toBe(200);
    }
    expect(record.inputs.map((i) => i.model)).toEqual(['small-model', undefined]);
  });

  it('answers an AI failure before the first byte as a JSON error with its status', async () => {
    const { t } = await start({ deltas: ['never'], failAfter: 0, failWith: new AiError('rate_limited', 'provider 429', { retryAfterSeconds: 7 }) });
    const owner = anonCaller();
    const seeded = await seedDeck(t, owner.anonId, { published: true });
    const res = await t.app.inject({ method: 'POST', url: '/chat/stream/ephemeral', headers: asCaller(owner), payload: { deckId: seeded.deck.id, message: 'Hi' } });
    expect(res.statusCode).toBe(429);
    expect(errorBodySchema.parse(res.json())).toMatchObject({ code: 'AI_RATE_LIMITED', retryAfterSeconds: 7 });
  });

  it('stops the AI of a non-streamed message when the client goes away, keeping the question and no partial answer', async () => {
    const deltas = Array.from({ length: 40 }, (_, i) => `part${i} `);
    const { t, record } = await start({ deltas, delayMs: 50 });
    const owner = anonCaller();
    const seeded = await seedDeck(t, owner.anonId);
    const chat = await startChat(t, owner, seeded.deck.id);
    const address = await listening(t);
    const aborted = record.aborted;

    const controller = new AbortController();
    const answered = fetch(`${address}/chat/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: asCaller(owner)[IDENTITY_HEADER] },
      body: JSON.stringify({ chatId: chat._id, message: 'Tell me everything' }),
      signal: controller.signal,
    }).catch((e: unknown) => e);
    // The tutor is producing (the answer would take 2 s) when the client gives up.
    await expect.poll(() => record.yielded, { timeout: 5000 }).toBeGreaterThan(2);
    controller.abort();
    expect(await answered).toBeInstanceOf(Error);

    await expect.poll(() => record.aborted, { timeout: 5000 }).toBe(aborted + 1);
    expect(record.yielded).toBeLessThan(deltas.length);
    expect(record.inputs.at(-1)!.signal?.aborted).toBe(true);
    // Like a failed answer: the question is kept, nothing of the unseen answer is stored.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await storedMessages(t, owner, chat._id)).map((m) => m.role)).toEqual(['system', 'user']);

    // Answered in full when the client waits.
    const next = await t.app.inject({ method: 'POST', url: '/chat/message', headers: asCaller(owner), payload: { chatId: chat._id, message: 'Go on' } });
    expect(next.statusCode).toBe(200);
    expect(next.json().message.content).toBe(deltas.join(''));
    expect((await storedMessages(t, owner, chat._id)).map((m) => m.role)).toEqual(['system', 'user', 'user', 'assistant']);
  });

  it('stops the AI when the client goes away over a real connection, keeps what was shown, and frees the chat', async () => {
    const deltas = Array.from({ length: 40 }, (_, i) => `part${i} `);
    const { t, record } = await start({ deltas, delayMs: 50 });
    const owner = anonCaller();
    const seeded = await seedDeck(t, owner.anonId);
    const chat = await startChat(t, owner, seeded.deck.id);
    const address = await listening(t);

    const controller = new AbortController();
    const res = await fetch(`${address}/chat/stream/${chat._id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: asCaller(owner)[IDENTITY_HEADER] },
      body: JSON.stringify({ message: 'Tell me everything' }),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let received = '';
    // Events arrive one by one while the tutor is still producing: read until three chunks came.
    while ((received.match(/event: chunk/g) ?? []).length < 3) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    expect(record.finished).toBe(0);
    controller.abort();

    await expect.poll(() => record.aborted, { timeout: 5000 }).toBe(1);
    const yieldedAtAbort = record.yielded;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(record.yielded).toBeLessThanOrEqual(yieldedAtAbort + 1);
    expect(record.yielded).toBeLessThan(deltas.length);
    expect(record.finished).toBe(0);
    // The AI got the request's signal, and the partial answer the learner saw is kept.
    expect(record.inputs[0]!.signal?.aborted).toBe(true);
    await expect
      .poll(async () => (await storedMessages(t, owner, chat._id)).map((m) => m.role), { timeout: 5000 })
      .toEqual(['system', 'user', 'assistant']);
    const kept = (await storedMessages(t, owner, chat._id))[2]!.content;
    expect(kept.startsWith('part0 part1 part2 ')).toBe(true);
    // The lock was released on abort.
    const next = await t.app.inject({ method: 'POST', url: `/chat/stream/${chat._id}`, headers: asCaller(owner), payload: { message: 'Next' } });
    expect(next.statusCode).toBe(200);
  });
});
