import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '@mnemo/contracts/identity';
import { envSchema } from '../../env';
import { buildApp } from '../../app';
import { createAnonymousIds } from '../identity/anonymous-id';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-gw-proxy-${randomUUID()}`;
const JWT_SECRET = 'gateway-proxy-test-jwt-secret-0123456789abcdef';
const guest = () => createAnonymousIds(JWT_SECRET).issue();
const EVENTS = 40;
const EVERY_MS = 100;

/**
 * A stand-in for the chat service's stream: one SSE event every 100 ms, recording how many it has
 * written, whether the gateway forwarded an identity, and whether its response was closed before it
 * finished (the gateway aborting the upstream request). Every other path answers {}.
 */
type Stream = { written: number; closedEarly: boolean; finished: boolean; identity: boolean };
const streams: Stream[] = [];
let upstream: Server;
let gateway: Awaited<ReturnType<typeof buildApp>>;
let base: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/chat/stream/')) {
      const stream: Stream = { written: 0, closedEarly: false, finished: false, identity: typeof req.headers[IDENTITY_HEADER] === 'string' };
      streams.push(stream);
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      const timer = setInterval(() => {
        stream.written++;
        res.write(`event: chunk\ndata: ${JSON.stringify({ type: 'chunk', content: `part${stream.written} ` })}\n\n`);
        if (stream.written === EVENTS) {
          clearInterval(timer);
          stream.finished = true;
          res.end(`event: done\ndata: ${JSON.stringify({ type: 'done', fullResponse: '' })}\n\n`);
        }
      }, EVERY_MS);
      res.on('close', () => {
        clearInterval(timer);
        if (!stream.finished) stream.closedEarly = true;
      });
      req.resume();
      return;
    }
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const env = envSchema.parse({
    INTERNAL_SECRET: 'gateway-proxy-test-secret-0123456789',
    JWT_SECRET,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    AUTH_URL: url,
    DECK_URL: url,
    CHAT_URL: url,
    BILLING_URL: url,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  gateway = await buildApp(env);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await gateway?.close();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const openStream = (signal: AbortSignal) =>
  fetch(`${base}/api/chat/stream/${randomUUID()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-anonymous-session': guest() },
    body: JSON.stringify({ message: 'Tell me everything' }),
    signal,
  });

/** Reads from the body until `count` events have arrived; answers the text read. */
async function readEvents(reader: ReadableStreamDefaultReader<Uint8Array>, count: number) {
  let text = '';
  while ((text.match(/\n\n/g) ?? []).length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  return text;
}

describe('the /api/chat proxy', () => {
  it('passes server-sent events on as they are written, not when the stream ends', async () => {
    const controller = new AbortController();
    const res = await openStream(controller.signal);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = streams.at(-1)!;
    expect(stream.identity).toBe(true);
    const reader = res.body!.getReader();
    const first = await readEvents(reader, 2);
    expect(first).toContain('event: chunk\ndata: {"type":"chunk","content":"part1 "}');
    // Two events arrived while the upstream was still far from done: nothing was buffered.
    expect(stream.finished).toBe(false);
    expect(stream.written).toBeLessThan(EVENTS / 2);
    controller.abort();
  });

  it('aborts the upstream request when the client goes away', async () => {
    const controller = new AbortController();
    const res = await openStream(controller.signal);
    const stream = streams.at(-1)!;
    await readEvents(res.body!.getReader(), 2);
    controller.abort();
    await expect.poll(() => stream.closedEarly, { timeout: 5_000 }).toBe(true);
    const writtenAtClose = stream.written;
    await new Promise((resolve) => setTimeout(resolve, 3 * EVERY_MS));
    expect(stream.written).toBe(writtenAtClose);
    expect(stream.finished).toBe(false);
  });
});
