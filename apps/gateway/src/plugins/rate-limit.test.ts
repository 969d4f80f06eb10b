import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '@mnemo/service-kit';
import { identityPlugin } from './identity';
import { rateLimitPlugin } from './rate-limit';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL);
afterAll(async () => {
  await redis.quit();
});

/** A gateway-like app with only the identity and rate-limit plugins, limits of 3 (API) and 2 (sign-in). */
async function buildLimited(redisPrefix = `test-rl-${randomUUID()}`) {
  const app = createService({ name: 'gateway', internalSecret: 'rate-limit-test-secret-0123456789', logLevel: 'silent', trustsNoIdentityHeader: true });
  // Made before the plugin, as createService's own routes are: not limited.
  app.get('/api/before', async () => ({ ok: true }));
  await app.register(identityPlugin, { resolver: { resolve: () => ({ kind: 'none' }) } as never });
  await app.register(rateLimitPlugin, { redis, redisPrefix, perMinute: 3, authPerMinute: 2 });
  app.get('/api/things', async () => ({ ok: true }));
  app.post('/api/auth/sign-in', async () => ({ ok: true }));
  app.get('/outside', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('rate limits (plugins/rate-limit.ts)', () => {
  let app: Awaited<ReturnType<typeof buildLimited>>;
  beforeAll(async () => {
    app = await buildLimited();
  });
  afterAll(async () => {
    await app.close();
  });

  it('tells the caller its limit, what is left and when the window resets, then answers 429 with retry-after', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await app.inject({ url: '/api/things', remoteAddress: '203.0.113.1' }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.headers['x-ratelimit-limit'])).toEqual(['3', '3', '3', '3']);
    expect(answers.map((a) => a.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    for (const a of answers) {
      const reset = Number(a.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
    }
    expect(answers.slice(0, 3).every((a) => a.headers['retry-after'] === undefined)).toBe(true);
    const refused = answers[3]!;
    expect(refused.headers['retry-after']).toBe(refused.headers['x-ratelimit-reset']);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((refused.json() as { message: string }).message).toContain(`${String(refused.headers['retry-after'])} seconds`);
    expect(refused.headers['x-request-id']).toBeTruthy();
  });

  it('counts sign-in calls per address under their own, tighter limit', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: '203.0.113.2' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    // The API's own count for that address is apart.
    expect((await app.inject({ url: '/api/things', remoteAddress: '203.0.113.2' })).statusCode).toBe(200);
  });

  it('does not count calls outside /api, nor routes made before the plugin', async () => {
    for (let i = 0; i < 5; i++) {
      const outside = await app.inject({ url: '/outside', remoteAddress: '203.0.113.3' });
      expect(outside.statusCode).toBe(200);
      expect(outside.headers['x-ratelimit-limit']).toBeUndefined();
      const before = await app.inject({ url: '/api/before', remoteAddress: '203.0.113.3' });
      expect(before.statusCode).toBe(200);
      expect(before.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('refuses the use past the limit on another gateway sharing the count through Redis', async () => {
    const prefix = `test-rl-shared-${randomUUID()}`;
    const [a, b] = [await buildLimited(prefix), await buildLimited(prefix)];
    try {
      const codes = [];
      for (const g of [a, a, a, b]) codes.push((await g.inject({ url: '/api/things', remoteAddress: '203.0.113.4' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
