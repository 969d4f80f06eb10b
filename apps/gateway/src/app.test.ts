import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpsServer, createService } from '@mnemo/service-kit';
import { IDENTITY_HEADER, revokedSessionKey, sessionsValidAfterKey } from '@mnemo/contracts/identity';
import { progressOwnerKey, progressLatestKey, progressChannel } from '@mnemo/contracts/progress';
import { workerHeartbeatKey } from '@mnemo/contracts/jobs';
import { findRoute } from '@mnemo/contracts/routes';
import { envSchema } from './env';
import { buildApp } from './app';
import { JWT_AUDIENCE, JWT_ISSUER } from './modules/identity/identity.service';
import { createAnonymousIds } from './modules/identity/anonymous-id';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const INTERNAL_SECRET = 'gateway-test-internal-secret-0123';
const JWT_SECRET = 'gateway-test-jwt-secret-0123456789abcdef0123';
const prefix = `test-gw-${randomUUID()}`;
const redis = new Redis(REDIS_URL);
/** A guest id as the gateway issues it (the same secret signs it). */
const guest = (uuid?: string) => createAnonymousIds(JWT_SECRET).issue(uuid);

/** Sources the stand-in deck service says an owner tag may watch (its internal may-watch call). */
const deckOwners = new Map<string, string>();

/** A real service built with service-kit that echoes the identity it was given. */
async function startEchoService() {
  const app = createService({ name: 'echo', internalSecret: INTERNAL_SECRET, logLevel: 'silent' });
  app.post('/internal/sources/:sourceId/may-watch', async (req, reply) => {
    if (req.identity.kind !== 'service') return reply.status(404).send({});
    const { sourceId } = req.params as { sourceId: string };
    return { allowed: deckOwners.get(sourceId) === (req.body as { owner: string }).owner };
  });
  app.all('/*', async (req) => ({
    path: req.url,
    identity: req.identity,
    origin: req.publicOrigin,
    method: req.method,
    forwardedAuth: req.headers.authorization ?? null,
    body: req.body ?? null,
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

let echo: Awaited<ReturnType<typeof startEchoService>>;
let gateway: Awaited<ReturnType<typeof buildApp>>;
let base: string;
/** The gateway's INTERNAL_PORT listener, as server.ts starts it. */
let opsBase: string;

beforeAll(async () => {
  echo = await startEchoService();
  const env = envSchema.parse({
    INTERNAL_SECRET,
    JWT_SECRET,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    AUTH_URL: echo.url,
    DECK_URL: echo.url,
    CHAT_URL: echo.url,
    BILLING_URL: echo.url,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  gateway = await buildApp(env);
  const ops = createOpsServer(gateway);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  opsBase = await ops.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway.close();
  await echo.app.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const json = async (res: Response): Promise<any> => res.json();

const token = (claims: Record<string, unknown>, { secret = JWT_SECRET, exp = '1h' } = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));

describe('routing and identity', () => {
  it('forwards a signed-in call to its service with the user identity and without the token', async () => {
    const userId = randomUUID();
    const res = await fetch(`${base}/api/spaces?x=1`, { headers: { authorization: `Bearer ${await token({ sub: userId })}` } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ path: '/spaces?x=1', identity: { kind: 'user', userId, plan: 'free' }, forwardedAuth: null });
  });

  it('forwards an anonymous session and nobody at all', async () => {
    const anonId = randomUUID();
    const anon = await json(await fetch(`${base}/api/decks`, { headers: { 'x-anonymous-session': guest(anonId) } }));
    expect(anon.identity).toEqual({ kind: 'anonymous', anonId, plan: 'anonymous' });
    const none = await json(await fetch(`${base}/api/auth/anonymous-limits/x`));
    expect(none.identity).toEqual({ kind: 'none' });
  });

  it('replaces an identity header the client tried to send itself', async () => {
    const res = await fetch(`${base}/api/chat/deck/1`, { headers: { [IDENTITY_HEADER]: 'forged.value' } });
    expect((await json(res)).identity).toEqual({ kind: 'none' });
  });

  it('passes a JSON body through to the service unchanged', async () => {
    const res = await fetch(`${base}/api/spaces`, {
      method: 'POST',
      body: JSON.stringify({ title: 'Chemistry', description: 'Bonds' }),
      headers: { 'content-type': 'application/json', 'x-anonymous-session': guest() },
    });
    expect(await json(res)).toMatchObject({ method: 'POST', body: { title: 'Chemistry', description: 'Bonds' } });
  });

  it('answers 502 with a clear message when a service is down', async () => {
    const down = await buildApp(
      envSchema.parse({
        INTERNAL_SECRET, JWT_SECRET, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'silent',
        AUTH_URL: 'http://127.0.0.1:9', DECK_URL: 'http://127.0.0.1:9', CHAT_URL: 'http://127.0.0.1:9', BILLING_URL: 'http://127.0.0.1:9',
      }),
    );
    const res = await down.inject({ url: '/api/spaces' });
    await down.close();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'BAD_GATEWAY', error: 'The service is unavailable. Please try again.' });
  });

  it('routes the conversation-prompts calls to chat even though they start like deck paths', async () => {
    const res = await fetch(`${base}/api/questions/conversation-prompts`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect((await json(res)).path).toBe('/questions/conversation-prompts');
  });

  it('answers an expired or foreign token with 401 and shouldClearToken', async () => {
    const expired = await token({ sub: randomUUID() }, { exp: Math.floor(Date.now() / 1000) - 10 } as never);
    for (const t of [expired, await token({ sub: randomUUID() }, { secret: 'x'.repeat(40) })]) {
      const res = await fetch(`${base}/api/spaces`, { headers: { authorization: `Bearer ${t}` } });
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({ code: 'TOKEN_INVALID', shouldClearToken: true });
    }
  });

  it('refuses the token of a session that was logged out, or of a user signed out everywhere', async () => {
    const jti = randomUUID();
    const userId = randomUUID();
    const t = await new SignJWT({ sub: userId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 5)
      .setExpirationTime('1h')
      .setJti(jti)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const call = () => fetch(`${base}/api/spaces`, { headers: { authorization: `Bearer ${t}` } });
    expect((await call()).status).toBe(200);
    await redis.set(revokedSessionKey(prefix, jti), '1', 'EX', 60);
    expect(await json(await call())).toMatchObject({ code: 'TOKEN_INVALID', shouldClearToken: true });
    await redis.del(revokedSessionKey(prefix, jti));
    await redis.set(sessionsValidAfterKey(prefix, userId), String(Date.now()), 'EX', 60);
    expect((await call()).status).toBe(401);
  });

  it('refuses a token signed with an algorithm outside the allow-list', async () => {
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: randomUUID(), iss: JWT_ISSUER, aud: JWT_AUDIENCE, exp: Date.now() / 1000 + 60 }),
    ).toString('base64url')}.`;
    const res = await fetch(`${base}/api/spaces`, { headers: { authorization: `Bearer ${none}` } });
    expect(res.status).toBe(401);
  });
});

describe('public address', () => {
  const origin = async (headers: Record<string, string>, app = gateway) =>
    (await app.inject({ url: '/api/payment/create-checkout-session', method: 'POST', headers })).json().origin;

  it('tells services the address the browser used: 127.0.0.1 stays 127.0.0.1', async () => {
    const port = new URL(base).port;
    const res = await json(await fetch(`${base}/api/payment/create-checkout-session`, { method: 'POST' }));
    expect(res.origin).toBe(`http://127.0.0.1:${port}`);
    expect(await origin({ host: `localhost:${port}` })).toBe(`http://localhost:${port}`);
    expect(await origin({ host: '[::1]:3917' })).toBe('http://[::1]:3917');
  });

  it('believes X-Forwarded-Host and -Proto from a trusted proxy only', async () => {
    // inject() comes from 127.0.0.1: the default TRUST_PROXY (loopback) trusts it.
    expect(await origin({ host: 'gateway:3000', 'x-forwarded-host': 'mnemo.example.com', 'x-forwarded-proto': 'https' })).toBe(
      'https://mnemo.example.com',
    );
    const strict = await buildApp(
      envSchema.parse({
        INTERNAL_SECRET, JWT_SECRET, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'silent',
        AUTH_URL: echo.url, DECK_URL: echo.url, CHAT_URL: echo.url, BILLING_URL: echo.url,
        TRUST_PROXY: '10.9.8.7',
      }),
    );
    try {
      expect(await origin({ host: 'localhost:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }, strict)).toBe(
        'http://localhost:3000',
      );
    } finally {
      await strict.close();
    }
  });

  it('gives no address rather than one with something smuggled into the Host', async () => {
    expect(await origin({ host: 'evil.example/phish?x=' })).toBeNull();
    expect(await origin({ host: 'user@evil.example' })).toBeNull();
  });

  it('uses PUBLIC_URL when it is set, whatever Host or X-Forwarded-Host a request names', async () => {
    const pinned = await buildApp(
      envSchema.parse({
        INTERNAL_SECRET, JWT_SECRET, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'silent',
        AUTH_URL: echo.url, DECK_URL: echo.url, CHAT_URL: echo.url, BILLING_URL: echo.url,
        PUBLIC_URL: 'https://mnemo.example.com/',
      }),
    );
    try {
      expect(await origin({ host: 'evil.example' }, pinned)).toBe('https://mnemo.example.com');
      expect(await origin({ host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example' }, pinned)).toBe('https://mnemo.example.com');
    } finally {
      await pinned.close();
    }
  });
});

describe('rate limits', () => {
  it('answers 429 with RATE_LIMITED once a caller exceeds the limit, counting callers apart', async () => {
    const limited = await buildApp(
      envSchema.parse({
        INTERNAL_SECRET, JWT_SECRET, REDIS_URL, REDIS_PREFIX: `${prefix}-rl`, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '2',
        AUTH_URL: echo.url, DECK_URL: echo.url, CHAT_URL: echo.url, BILLING_URL: echo.url,
      }),
    );
    const caller = { 'x-anonymous-session': guest() };
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await limited.inject({ url: '/api/spaces', headers: caller })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const third = await limited.inject({ url: '/api/spaces', headers: caller });
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await limited.inject({ url: '/api/spaces', headers: { 'x-anonymous-session': guest() } })).statusCode).toBe(200);
    await limited.close();
  });

  it('counts all guests behind one address together, answering 429 on the use past the limit', async () => {
    const limited = await buildApp(
      envSchema.parse({
        INTERNAL_SECRET, JWT_SECRET, REDIS_URL, REDIS_PREFIX: `${prefix}-addr-${randomUUID()}`, LOG_LEVEL: 'silent',
        ANONYMOUS_PER_ADDRESS_PER_MINUTE: '5',
        AUTH_URL: echo.url, DECK_URL: echo.url, CHAT_URL: echo.url, BILLING_URL: echo.url,
      }),
    );
    const codes = [];
    // Each guest is far from its own limit; together they pass the address's.
    for (let i = 0; i < 7; i++) codes.push((await limited.inject({ url: '/api/spaces', headers: { 'x-anonymous-session': guest() } })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Signed-out calls are not guests: not counted here.
    expect((await limited.inject({ url: '/api/spaces' })).statusCode).toBe(200);
    await limited.close();
  });
});

describe('dev outbox', () => {
  it('is served as JSON and as a page while mail goes to the outbox, and does not exist otherwise', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createMailer } = await import('@mnemo/mailer');
    const dir = mkdtempSync(join(tmpdir(), 'gw-outbox-'));
    await createMailer({ transport: 'outbox', dir, from: 'Mnemo <no-reply@mnemo.local>' }).send({
      to: 'ada@example.com', subject: 'Your code', text: 'Code 123456',
    });
    const base = { INTERNAL_SECRET, JWT_SECRET, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'silent', AUTH_URL: echo.url, DECK_URL: echo.url, CHAT_URL: echo.url, BILLING_URL: echo.url };
    const withOutbox = await buildApp(envSchema.parse({ ...base, MAIL_OUTBOX_DIR: dir }));
    const mail = await withOutbox.inject({ url: '/api/dev/mail' });
    expect(mail.json()).toEqual([expect.objectContaining({ to: 'ada@example.com', subject: 'Your code', text: 'Code 123456', html: '', sentAt: expect.any(String) })]);
    const page = await withOutbox.inject({ url: '/dev/mail' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Code 123456');
    await withOutbox.close();

    const withSmtp = await buildApp(envSchema.parse(base));
    expect((await withSmtp.inject({ url: '/api/dev/mail' })).statusCode).toBe(404);
    await withSmtp.close();

    // Anyone who can read the outbox can reset any account: never in production, never on an
    // address other machines reach.
    for (const exposed of [
      { NODE_ENV: 'production', HOST: '127.0.0.1' },
      { NODE_ENV: 'development', HOST: '0.0.0.0' },
      { NODE_ENV: 'development', HOST: '::' },
      { NODE_ENV: 'test', HOST: '192.168.1.20' },
    ]) {
      const app = await buildApp(envSchema.parse({ ...base, ...exposed, MAIL_OUTBOX_DIR: dir }));
      expect((await app.inject({ url: '/api/dev/mail' })).statusCode, JSON.stringify(exposed)).toBe(404);
      expect((await app.inject({ url: '/dev/mail' })).body, JSON.stringify(exposed)).not.toContain('Code 123456');
      await app.close();
    }
    for (const HOST of ['localhost', '127.0.0.1', '::1']) {
      const app = await buildApp(envSchema.parse({ ...base, HOST, MAIL_OUTBOX_DIR: dir }));
      expect((await app.inject({ url: '/api/dev/mail' })).statusCode, HOST).toBe(200);
      await app.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('health', () => {
  it('answers /metrics and /readyz on its internal port only: the public port says 404, and routes them to no service', async () => {
    for (const path of ['/metrics', '/readyz', '/api/metrics', '/api/readyz']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await json(res), path).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Liveness stays on the public port: it tells nothing but that the gateway answers.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    const metrics = await fetch(`${opsBase}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain('http_request_duration_seconds');
    expect(text).toContain('service="gateway"');
    const ready = await fetch(`${opsBase}/readyz`);
    expect(ready.status).toBe(200);
    expect(await json(ready)).toEqual({ status: 'ok', service: 'gateway', checks: { redis: { status: 'ok' } } });
    expect((await fetch(`${opsBase}/healthz`)).status).toBe(200);
  });

  it('reports every service and the worker, and is degraded without a worker heartbeat while jobs wait', async () => {
    await redis.del(workerHeartbeatKey(prefix));
    // No worker and nothing queued: the worker is scaled to zero, nothing is wrong.
    const idle = await fetch(`${base}/api/healthz`);
    expect(idle.status, await idle.clone().text()).toBe(200);
    expect((await json(idle)).services.worker.status).toBe('ok');

    await redis.rpush(`${prefix}:ingest:wait`, 'job-1');
    try {
      const down = await fetch(`${base}/api/healthz`);
      expect(down.status, await down.clone().text()).toBe(503);
      const body = await json(down);
      expect(Object.keys(body.services).sort()).toEqual(['auth', 'billing', 'chat', 'deck', 'gateway', 'worker']);
      expect(body.services.worker).toMatchObject({ status: 'down', error: 'no heartbeat from the ingest worker while 1 job waits' });

      await redis.set(workerHeartbeatKey(prefix), new Date().toISOString(), 'EX', 15);
      const up = await fetch(`${base}/api/healthz`);
      expect(up.status).toBe(200);
      expect((await json(up)).status).toBe('ok');
    } finally {
      await redis.del(`${prefix}:ingest:wait`);
    }
  });
});

/**
 * Reads SSE `data:` payloads from a fetch response until `count` arrived. Progress frames carry no
 * `event:` line: the spec's client listens with EventSource.onmessage, which only sees unnamed events.
 */
async function readEvents(res: Response, count: number) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { step: string; progress: number; message: string }[] = [];
  let buffer = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let idx;
    while ((idx = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, idx);
      buffer = buffer.slice(idx + 2);
      const lines = frame.split('\n');
      const data = lines.find((l) => l.startsWith('data: '));
      if (data) {
        expect(lines.some((l) => l.startsWith('event:'))).toBe(false);
        events.push(JSON.parse(data.slice(6)));
      }
    }
  }
  await reader.cancel();
  return events;
}

describe('progress relay', () => {
  const publish = async (sourceId: string, step: string, progress: number) => {
    const event = JSON.stringify({ sourceId, step, message: step, progress, details: null, timestamp: new Date().toISOString() });
    await redis.set(progressLatestKey(prefix, sourceId), event);
    await redis.publish(progressChannel(prefix, sourceId), event);
  };

  it('sends connected and the latest state first to a late client, then live events', async () => {
    const anonId = randomUUID();
    const sourceId = randomUUID();
    await redis.set(progressOwnerKey(prefix, sourceId), `anon:${anonId}`);
    await publish(sourceId, 'chunking', 40);

    const res = await fetch(`${base}/api/ai/progress/${sourceId}`, { headers: { 'x-anonymous-session': guest(anonId) } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reading = readEvents(res, 4);
    await new Promise((r) => setTimeout(r, 200));
    await publish(sourceId, 'embeddings', 60);
    await publish(sourceId, 'completed', 100);
    const events = await reading;
    expect(events.map((e) => e.step)).toEqual(['connected', 'chunking', 'embeddings', 'completed']);
    expect(events[0]!.progress).toBe(40);
  });

  const ticketFor = async (sourceId: string, headers: Record<string, string>) => {
    const res = await fetch(`${base}/api/ai/progress/${sourceId}/ticket`, { method: 'POST', headers });
    const body = await json(res);
    return { status: res.status, body, ticket: body.ticket as string };
  };

  it('opens the stream for EventSource with a ticket issued to the caller, once', async () => {
    const anonId = randomUUID();
    const sourceId = randomUUID();
    await redis.set(progressOwnerKey(prefix, sourceId), `anon:${anonId}`);
    const issued = await ticketFor(sourceId, { 'x-anonymous-session': guest(anonId) });
    expect(issued.status).toBe(200);
    expect(findRoute('POST', '/ai/progress/:sourceId/ticket')!.response!.parse(issued.body)).toEqual({
      success: true,
      ticket: issued.ticket,
      expiresInSeconds: 60,
    });
    const res = await fetch(`${base}/api/ai/progress/${sourceId}?ticket=${issued.ticket}`);
    expect(res.status).toBe(200);
    expect((await readEvents(res, 1))[0]!.step).toBe('connected');

    const again = await fetch(`${base}/api/ai/progress/${sourceId}?ticket=${issued.ticket}`);
    expect(again.status).toBe(401);
    expect(await json(again)).toMatchObject({ code: 'TICKET_INVALID' });
  });

  it('issues tickets for signed-in users too, bound to their source', async () => {
    const userId = randomUUID();
    const sourceId = randomUUID();
    const otherSource = randomUUID();
    await redis.set(progressOwnerKey(prefix, sourceId), `user:${userId}`);
    await redis.set(progressOwnerKey(prefix, otherSource), `user:${userId}`);
    const auth = { authorization: `Bearer ${await token({ sub: userId })}` };
    const { ticket } = await ticketFor(sourceId, auth);
    // Presented for another source (even one the same user owns) it is refused, and spent.
    const elsewhere = await fetch(`${base}/api/ai/progress/${otherSource}?ticket=${ticket}`);
    expect(elsewhere.status).toBe(401);
    expect((await fetch(`${base}/api/ai/progress/${sourceId}?ticket=${ticket}`)).status).toBe(401);

    const fresh = await ticketFor(sourceId, auth);
    const res = await fetch(`${base}/api/ai/progress/${sourceId}?ticket=${fresh.ticket}`);
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });

  it('gives no ticket for a source the caller cannot watch, nor to nobody', async () => {
    const sourceId = randomUUID();
    await redis.set(progressOwnerKey(prefix, sourceId), `anon:${randomUUID()}`);
    expect((await ticketFor(sourceId, { 'x-anonymous-session': guest() })).status).toBe(404);
    expect((await ticketFor(sourceId, {})).status).toBe(401);
    expect((await ticketFor('not-a-uuid', { 'x-anonymous-session': guest() })).status).toBe(400);
  });

  it('refuses an expired, unknown or made-up ticket', async () => {
    const anonId = randomUUID();
    const sourceId = randomUUID();
    await redis.set(progressOwnerKey(prefix, sourceId), `anon:${anonId}`);
    const { ticket } = await ticketFor(sourceId, { 'x-anonymous-session': guest(anonId) });
    const key = `${prefix}:progress-ticket:${ticket}`;
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(50);
    expect(ttl).toBeLessThanOrEqual(60);
    // Expiry is Redis' own: a ticket whose minute is over is simply gone.
    await redis.del(key);
    expect((await fetch(`${base}/api/ai/progress/${sourceId}?ticket=${ticket}`)).status).toBe(401);
    expect((await fetch(`${base}/api/ai/progress/${sourceId}?ticket=${'x'.repeat(43)}`)).status).toBe(401);
    expect((await fetch(`${base}/api/ai/progress/${sourceId}?ticket=../../etc`)).status).toBe(401);
  });

  it('no longer takes the login token or the guest session in the URL', async () => {
    const userId = randomUUID();
    const anonId = randomUUID();
    const sourceId = randomUUID();
    await redis.set(progressOwnerKey(prefix, sourceId), `user:${userId}`);
    const viaToken = await fetch(`${base}/api/ai/progress/${sourceId}?token=${await token({ sub: userId })}`);
    expect(viaToken.status).toBe(401);
    expect(await json(viaToken)).toMatchObject({ code: 'UNAUTHENTICATED' });
    const guestSource = randomUUID();
    await redis.set(progressOwnerKey(prefix, guestSource), `anon:${anonId}`);
    expect((await fetch(`${base}/api/ai/progress/${guestSource}?anonymousSession=${anonId}`)).status).toBe(401);
  });

  it('asks the deck service once the owner key has expired, and keeps its yes', async () => {
    const anonId = randomUUID();
    const sourceId = randomUUID();
    deckOwners.set(sourceId, `anon:${anonId}`);
    expect(await redis.get(progressOwnerKey(prefix, sourceId))).toBeNull();

    const stranger = await fetch(`${base}/api/ai/progress/${sourceId}`, { headers: { 'x-anonymous-session': guest() } });
    expect(stranger.status).toBe(404);
    expect(await redis.get(progressOwnerKey(prefix, sourceId))).toBeNull();

    const owner = await fetch(`${base}/api/ai/progress/${sourceId}`, { headers: { 'x-anonymous-session': guest(anonId) } });
    expect(owner.status).toBe(200);
    await owner.body?.cancel();
    expect(await redis.get(progressOwnerKey(prefix, sourceId))).toBe(`anon:${anonId}`);
    expect(await redis.ttl(progressOwnerKey(prefix, sourceId))).toBeGreaterThan(0);

    // The cached key answers from now on, without the deck service.
    deckOwners.delete(sourceId);
    const again = await fetch(`${base}/api/ai/progress/${sourceId}`, { headers: { 'x-anonymous-session': guest(anonId) } });
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });

  it("refuses a client for another caller's source as not found", async () => {
    const sourceId = randomUUID();
    await redis.set(progressOwnerKey(prefix, sourceId), `anon:${randomUUID()}`);
    const res = await fetch(`${base}/api/ai/progress/${sourceId}`, { headers: { 'x-anonymous-session': guest() } });
    expect(res.status).toBe(404);
    const nobody = await fetch(`${base}/api/ai/progress/${sourceId}`);
    expect(nobody.status).toBe(401);
  });
});
