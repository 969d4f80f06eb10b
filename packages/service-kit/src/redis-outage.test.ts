import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from './index';
import { redisPlugin } from './plugins/redis';
import { eventually, startOwnRedis, TEST_INTERNAL_SECRET } from './testing';

let redis: Awaited<ReturnType<typeof startOwnRedis>>;
let app: ReturnType<typeof createService>;

beforeAll(async () => {
  redis = await startOwnRedis();
  app = createService({ name: 'svc', internalSecret: TEST_INTERNAL_SECRET, logLevel: 'silent' });
  await app.register(redisPlugin, { url: redis.url });
  app.get('/counter', { config: { public: true } }, async () => ({ n: await app.redis.incr('outage-test:n') }));
  app.get('/plain', { config: { public: true } }, async () => ({ ok: true }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await redis.stop();
});

describe('a service while its Redis is down', () => {
  it('answers 503 to calls that need Redis, keeps the others, reports it not ready, and recovers', async () => {
    await eventually(async () => expect((await app.inject('/counter')).statusCode).toBe(200));
    await redis.stop();

    const needsRedis = await app.inject('/counter');
    expect(needsRedis.statusCode).toBe(503);
    expect(needsRedis.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(needsRedis.headers['retry-after']).toBe('5');
    expect((await app.inject('/plain')).statusCode).toBe(200);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.redis.status).toBe('down');

    await redis.start();
    await eventually(async () => expect((await app.inject('/counter')).statusCode).toBe(200));
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });
});
