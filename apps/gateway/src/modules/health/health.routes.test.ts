import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '@mnemo/service-kit';
import { envSchema } from '../../env';
import { buildApp } from '../../app';
import { HEALTHZ_PER_MINUTE } from '../../plugins/rate-limit';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const INTERNAL_SECRET = 'gateway-test-internal-secret-0123';
const prefix = `test-gw-health-${randomUUID()}`;

/** A service whose /readyz counts how often it is asked. */
let readyCalls = 0;
let service: ReturnType<typeof createService>;
let gateway: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  service = createService({ name: 'counted', internalSecret: INTERNAL_SECRET, logLevel: 'silent' });
  service.addHook('onRequest', async (req) => {
    if (req.url === '/readyz') readyCalls++;
  });
  await service.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  gateway = await buildApp(
    envSchema.parse({
      INTERNAL_SECRET, JWT_SECRET: 'gateway-test-jwt-secret-0123456789abcdef0123', REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'silent',
      AUTH_URL: url, DECK_URL: url, CHAT_URL: url, BILLING_URL: url,
    }),
  );
  await gateway.ready();
});
afterAll(async () => {
  await gateway.close();
  await service.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('/api/healthz under load', () => {
  it('makes one round of service checks for a burst of concurrent requests', async () => {
    readyCalls = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => gateway.inject({ url: '/api/healthz', remoteAddress: `10.1.0.${i}` })));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    // Four services, each asked once (not 50 times).
    expect(readyCalls).toBe(4);
  });

  it('is rate-limited per address', async () => {
    const from = (remoteAddress: string) => gateway.inject({ url: '/api/healthz', remoteAddress });
    for (let i = 0; i < HEALTHZ_PER_MINUTE; i++) expect((await from('10.2.0.1')).statusCode).toBe(200);
    const over = await from('10.2.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await from('10.2.0.2')).statusCode).toBe(200);
  });
});
