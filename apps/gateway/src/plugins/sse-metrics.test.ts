import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '@mnemo/service-kit';
import { promClient } from '@mnemo/service-kit/metrics';
import { sseMetricsPlugin } from './sse-metrics';

const app = createService({
  name: 'gateway',
  internalSecret: 'sse-test-secret-0123456789',
  trustsNoIdentityHeader: true,
  metricsRegistry: new promClient.Registry(),
});
let base = '';

beforeAll(async () => {
  await app.register(sseMetricsPlugin);
  // A stream sent as a reply (what a proxied chat stream is) and one written after hijacking.
  app.get('/sent', { config: { public: true } }, async (_req, reply) => {
    reply.header('content-type', 'text/event-stream; charset=utf-8');
    const body = new Readable({ read() {} });
    body.push('data: {}\n\n');
    return reply.send(body);
  });
  app.get('/hijacked', { config: { public: true } }, async (_req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write('data: {}\n\n');
    app.trackSse('/hijacked', reply.raw);
  });
  app.get('/plain', { config: { public: true } }, async () => ({ ok: true }));
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // Streams here never end by themselves; drop any socket fetch keeps alive.
  app.server.closeAllConnections();
  await app.close();
});

const gauge = async (stream: string) => {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('mnemo_sse_connections{') && l.includes(`stream="${stream}"`));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe('mnemo_sse_connections', () => {
  it('counts open event streams by route until the client leaves', async () => {
    const first = new AbortController();
    const second = new AbortController();
    const a = await fetch(`${base}/sent`, { signal: first.signal });
    const b = await fetch(`${base}/sent`, { signal: second.signal });
    const h = await fetch(`${base}/hijacked`);
    await (await fetch(`${base}/plain`)).text();
    expect(await gauge('/sent')).toBe(2);
    expect(await gauge('/hijacked')).toBe(1);
    expect(await gauge('/plain')).toBe(0);

    first.abort();
    await a.body?.cancel().catch(() => undefined);
    await expect.poll(() => gauge('/sent')).toBe(1);
    await h.body?.cancel();
    await expect.poll(() => gauge('/hijacked')).toBe(0);
    second.abort();
    await b.body?.cancel().catch(() => undefined);
    await expect.poll(() => gauge('/sent')).toBe(0);
  });
});
