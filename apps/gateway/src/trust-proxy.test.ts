import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '@mnemo/service-kit';
import { envSchema } from './env';
import { buildApp } from './app';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const INTERNAL_SECRET = 'gateway-test-internal-secret-0123';
const JWT_SECRET = 'gateway-test-jwt-secret-0123456789abcdef0123';
const prefix = `test-gw-tp-${randomUUID()}`;

/** A service that answers with the client address the gateway forwarded to it. */
async function startEcho() {
  const app = createService({ name: 'echo', internalSecret: INTERNAL_SECRET, logLevel: 'silent' });
  app.all('/*', async (req) => ({ forwardedFor: req.headers['x-forwarded-for'] ?? null }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

let echo: Awaited<ReturnType<typeof startEcho>>;
beforeAll(async () => {
  echo = await startEcho();
});
afterAll(async () => {
  await echo.app.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const gatewayTrusting = (trustProxy: string) =>
  buildApp(
    envSchema.parse({
      INTERNAL_SECRET, JWT_SECRET, REDIS_URL, LOG_LEVEL: 'silent',
      REDIS_PREFIX: `${prefix}-${randomUUID()}`,
      AUTH_RATE_LIMIT_PER_MINUTE: '2',
      TRUST_PROXY: trustProxy,
      AUTH_URL: echo.url, DECK_URL: echo.url, CHAT_URL: echo.url, BILLING_URL: echo.url,
    }),
  );

// app.inject's peer is 127.0.0.1: the ingress, as far as these gateways know.
const signIn = (gateway: Awaited<ReturnType<typeof buildApp>>, client: string) =>
  gateway.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-forwarded-for': client }, payload: {} });

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  it('counts sign-in limits per real client, and forwards that address, when the proxy is trusted', async () => {
    const gateway = await gatewayTrusting('127.0.0.1');
    const a = [];
    for (let i = 0; i < 3; i++) a.push((await signIn(gateway, '203.0.113.7')).statusCode);
    expect(a).toEqual([200, 200, 429]);
    // Another learner behind the same ingress is not locked out by the first one.
    const other = await signIn(gateway, '198.51.100.9');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ forwardedFor: '198.51.100.9' });
    await gateway.close();
  });

  it('takes the first untrusted hop of a chain, not an address the client wrote in front of it', async () => {
    const gateway = await gatewayTrusting('loopback, 10.0.0.0/8');
    // The client claims 1.2.3.4; the trusted inner proxy 10.1.2.3 saw it come from 203.0.113.8.
    const res = await signIn(gateway, '1.2.3.4, 203.0.113.8, 10.1.2.3');
    expect(res.json()).toEqual({ forwardedFor: '203.0.113.8' });
    await gateway.close();
  });

  it('trusts a number of hops when given a count', async () => {
    const gateway = await gatewayTrusting('1');
    expect((await signIn(gateway, '1.2.3.4, 203.0.113.8')).json()).toEqual({ forwardedFor: '203.0.113.8' });
    await gateway.close();
  });

  it('ignores X-Forwarded-For from a peer it does not trust', async () => {
    const gateway = await gatewayTrusting('10.9.9.9');
    expect((await signIn(gateway, '203.0.113.7')).json()).toEqual({ forwardedFor: '127.0.0.1' });
    expect((await signIn(gateway, '203.0.113.7')).statusCode).toBe(200);
    // A made-up address does not buy a fresh allowance: the peer is counted.
    expect((await signIn(gateway, '198.51.100.9')).statusCode).toBe(429);
    await gateway.close();
  });

  it('parses the setting: booleans, hop counts and address lists', () => {
    const parse = (v: string) => envSchema.shape.TRUST_PROXY.parse(v);
    expect(parse('true')).toBe(true);
    expect(parse('false')).toBe(false);
    expect(parse('2')).toBe(2);
    expect(parse('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
  });
});
