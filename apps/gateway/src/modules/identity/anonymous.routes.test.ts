import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '@mnemo/service-kit';
import { issueAnonymousSessionResponseSchema } from '@mnemo/contracts/api/auth';
import { envSchema } from '../../env';
import { buildApp } from '../../app';
import { createAnonymousIds } from './anonymous-id';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const INTERNAL_SECRET = 'gateway-guest-internal-secret-0123';
const JWT_SECRET = 'gateway-guest-jwt-secret-0123456789abcdef0123';
const prefix = `test-gw-guest-${randomUUID()}`;
const redis = new Redis(REDIS_URL);

/** Every call that reached a service behind the gateway. */
const reached: { path: string; identity: unknown }[] = [];
const service = createService({ name: 'echo', internalSecret: INTERNAL_SECRET, logLevel: 'silent' });
service.all('/*', async (req) => {
  reached.push({ path: req.url, identity: req.identity });
  return { identity: req.identity };
});
let url: string;
const gateways: Awaited<ReturnType<typeof buildApp>>[] = [];

async function gateway(overrides: Record<string, string> = {}) {
  const app = await buildApp(
    envSchema.parse({
      INTERNAL_SECRET,
      JWT_SECRET,
      REDIS_URL,
      REDIS_PREFIX: `${prefix}-${gateways.length}`,
      AUTH_URL: url,
      DECK_URL: url,
      CHAT_URL: url,
      BILLING_URL: url,
      LOG_LEVEL: 'silent',
      ...overrides,
    }),
  );
  gateways.push(app);
  return app;
}

const issue = async (app: Awaited<ReturnType<typeof buildApp>>, remoteAddress = '127.0.0.1', headers = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/anonymous-sessions', remoteAddress, headers });

beforeAll(async () => {
  await service.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const app of gateways) await app.close();
  await service.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('guest ids issued by the gateway', () => {
  it('issues a signed id that the gateway accepts and forwards as the guest’s uuid', async () => {
    const app = await gateway();
    const res = await issue(app);
    expect(res.statusCode).toBe(201);
    const { sessionId } = issueAnonymousSessionResponseSchema.parse(res.json());
    const uuid = sessionId.split('.')[0]!;
    const forwarded = await app.inject({ url: '/api/decks', headers: { 'x-anonymous-session': sessionId } });
    expect(forwarded.statusCode).toBe(200);
    expect(forwarded.json().identity).toEqual({ kind: 'anonymous', anonId: uuid, plan: 'anonymous' });
    // Each call issues a new guest.
    expect((await issue(app)).json().sessionId).not.toBe(sessionId);
  });

  it('serves none of 3,000 requests that each bring a fresh id the client made up', async () => {
    const app = await gateway();
    const before = reached.length;
    const codes = new Map<string, number>();
    for (let i = 0; i < 3_000; i++) {
      const res = await app.inject({ url: '/api/spaces', headers: { 'x-anonymous-session': randomUUID() } });
      const key = `${res.statusCode} ${res.json().code}`;
      codes.set(key, (codes.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(codes)).toEqual({ '401 ANONYMOUS_SESSION_INVALID': 3_000 });
    expect(reached.length).toBe(before);
  });

  it('refuses forged, damaged and foreign-signed ids with ANONYMOUS_SESSION_INVALID', async () => {
    const app = await gateway();
    const real = (await issue(app)).json().sessionId as string;
    const [uuid, signature] = real.split('.') as [string, string];
    const otherSignature = createAnonymousIds(JWT_SECRET).issue().split('.')[1]!;
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const forged = [
      `${randomUUID()}.${signature}`, // someone else's uuid under this signature
      `${uuid}.${otherSignature}`, // this uuid under another id's signature
      `${uuid}.${flipped}`, // one character changed
      createAnonymousIds('another-secret-0123456789abcdef0123456789').issue(), // another server's key
      `${uuid}.`,
      'not-a-uuid',
    ];
    for (const id of forged) {
      const res = await app.inject({ url: '/api/decks', headers: { 'x-anonymous-session': id } });
      expect(res.statusCode, id).toBe(401);
      expect(res.json(), id).toMatchObject({ success: false, code: 'ANONYMOUS_SESSION_INVALID' });
      const stream = await app.inject({ url: `/api/ai/progress/${randomUUID()}?anonymousSession=${encodeURIComponent(id)}` });
      expect(stream.statusCode, id).toBe(401);
    }
  });

  it('issues a fresh id to a client that still sends a refused one', async () => {
    const app = await gateway();
    const res = await issue(app, '127.0.0.1', { 'x-anonymous-session': randomUUID() });
    expect(res.statusCode).toBe(201);
  });

  it('issues a limited number of ids per client address and hour', async () => {
    const app = await gateway({ ANONYMOUS_SESSIONS_PER_HOUR: '3' });
    const codes: number[] = [];
    for (let i = 0; i < 50; i++) codes.push((await issue(app, '203.0.113.7')).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.slice(3).every((c) => c === 429)).toBe(true);
    const refused = await issue(app, '203.0.113.7');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().error).toMatch(/guest sessions from this address/);
    // Another address is counted apart.
    expect((await issue(app, '203.0.113.8')).statusCode).toBe(201);
  });

  it('limits all guests behind one address together, whatever ids they hold', async () => {
    const app = await gateway({ ANONYMOUS_PER_ADDRESS_PER_MINUTE: '10', RATE_LIMIT_PER_MINUTE: '1000' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await issue(app, '198.51.100.4')).json().sessionId);
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await app.inject({ url: '/api/spaces', remoteAddress: '198.51.100.4', headers: { 'x-anonymous-session': ids[i % ids.length]! } });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.slice(10).every((c) => c === 429)).toBe(true);
    // A guest elsewhere is unaffected.
    const elsewhere = (await issue(app, '198.51.100.5')).json().sessionId;
    expect((await app.inject({ url: '/api/spaces', remoteAddress: '198.51.100.5', headers: { 'x-anonymous-session': elsewhere } })).statusCode).toBe(200);
  });

  it('writes nothing when it issues an id or a new guest reads: only the forwarded call reaches a service', async () => {
    const app = await gateway();
    const before = reached.length;
    const { sessionId } = (await issue(app)).json();
    expect(reached.length).toBe(before);
    await app.inject({ url: '/api/decks', headers: { 'x-anonymous-session': sessionId } });
    expect(reached.slice(before).map((r) => r.path)).toEqual(['/decks']);
  });
});
