import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from './index';
import { openEventStream, sseFrame } from './sse';
import { TEST_INTERNAL_SECRET } from './testing';

let app: ReturnType<typeof createService>;
let base: string;

beforeAll(async () => {
  app = createService({ name: 'svc', internalSecret: TEST_INTERNAL_SECRET, logLevel: 'silent' });
  app.get('/events', { config: { public: true } }, async (request, reply) => {
    const stream = openEventStream(request, reply);
    stream.send('{"n":1}');
    stream.send('{"n":2}', 'chunk');
    stream.keepAlive({ heartbeatMs: 5, maxMs: 60 });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

describe('an event stream', () => {
  it('frames named and unnamed events', () => {
    expect(sseFrame('{"a":1}')).toBe('data: {"a":1}\n\n');
    expect(sseFrame('{"a":1}', 'done')).toBe('event: done\ndata: {"a":1}\n\n');
  });

  it('answers with the event-stream headers and the request id, sends the events, keeps alive, and ends at its cut-off', async () => {
    const { headers, body } = await new Promise<{ headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      httpRequest(`${base}/events`, { headers: { 'x-request-id': 'req-sse-1' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ headers: res.headers, body: text }));
      })
        .on('error', reject)
        .end();
    });
    expect(headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': 'req-sse-1',
    });
    expect(body.startsWith('data: {"n":1}\n\nevent: chunk\ndata: {"n":2}\n\n')).toBe(true);
    expect(body).toContain(': keep-alive\n\n');
  });
});
