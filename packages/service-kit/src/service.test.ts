import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IDENTITY_HEADER, REQUEST_ID_HEADER } from '@mnemo/contracts/identity';
import { AppError, createOpsServer, createService, publicUrlOf, requireOwner, signIdentity, verifyIdentity } from './index';
import { createIdentitySigner, createIdentityVerifier } from './identity';

const secret = 'test-internal-secret-0123456789';
const userId = '5b0c6a53-9a38-4b61-8f5f-1f6c1f7f8a11';

function build() {
  const app = createService({ name: 'svc', internalSecret: secret, logLevel: 'silent' });
  app.get('/whoami', async (req) => ({ identity: req.identity, owner: requireOwner(req) }));
  app.get('/link', async (req) => ({ link: publicUrlOf(req, (req.query as { configured?: string }).configured) }));
  app.post(
    '/things',
    { schema: { body: z.object({ title: z.string().min(1), count: z.number().int().max(5) }) } },
    async (req) => req.body,
  );
  app.get('/boom', async () => {
    throw new Error('SELECT secret FROM users failed at db.internal:5432');
  });
  app.get('/provider', async () => {
    // What the AI layer throws: a diagnostic message plus the code and words a caller may read.
    throw Object.assign(
      new Error('openai 429 (request req_abc): Rate limit reached for gpt-x in org-secret'),
      {
        publicCode: 'AI_RATE_LIMITED' as const,
        publicMessage:
          'Too many requests to the AI service (rate limit reached). Please try again later.',
        retryAfterSeconds: 7.2,
      },
    );
  });
  app.get('/limit', async () => {
    throw new AppError('LIMIT_REACHED', 'You have reached 5 study spaces', {
      flags: { limitReached: true },
    });
  });
  return app;
}

describe('identity header', () => {
  it('verifies what it signed and refuses a tampered or stale header', () => {
    const header = signIdentity({ kind: 'user', userId, plan: 'free' }, secret, 1_000_000);
    expect(verifyIdentity(header, secret, { now: 1_000_500 })).toEqual({
      ok: true,
      identity: { kind: 'user', userId, plan: 'free' },
    });
    expect(verifyIdentity(header, 'another-secret-0123456789', { now: 1_000_500 }).ok).toBe(false);
    const [payload, mac] = header.split('.');
    const forged = Buffer.from(
      JSON.stringify({ identity: { kind: 'service', service: 'x' }, iat: 1_000_000 }),
    ).toString('base64url');
    expect(verifyIdentity(`${forged}.${mac}`, secret, { now: 1_000_500 }).ok).toBe(false);
    expect(verifyIdentity(`${payload}.${mac}`, secret, { now: 1_000_000 + 61_000 })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
  it('signs one header per caller a second, and each caller its own', () => {
    let now = 1_000_000;
    const signer = createIdentitySigner(secret, { now: () => now });
    const user = { kind: 'user' as const, userId, plan: 'free' as const };
    const first = signer(user, 'http://127.0.0.1:3917');
    now += 999;
    expect(signer(user, 'http://127.0.0.1:3917')).toBe(first);
    expect(signer(user, 'http://localhost:3917')).not.toBe(first);
    expect(signer({ kind: 'none' }, 'http://127.0.0.1:3917')).not.toBe(first);
    expect(verifyIdentity(first, secret, { now })).toEqual({ ok: true, identity: user, origin: 'http://127.0.0.1:3917' });
    now += 1;
    const next = signer(user, 'http://127.0.0.1:3917');
    expect(next).not.toBe(first);
    expect(verifyIdentity(next, secret, { now: now + 60_000 }).ok).toBe(true);
  });

  it('remembers a verified header but refuses it once stale, and checks a forged one in full every time', () => {
    let now = 1_000_000;
    const verify = createIdentityVerifier(secret, { now: () => now });
    const header = signIdentity({ kind: 'user', userId, plan: 'free' }, secret, now);
    expect(verify(header)).toEqual({ ok: true, identity: { kind: 'user', userId, plan: 'free' } });
    now += 30_000;
    expect(verify(header)).toEqual({ ok: true, identity: { kind: 'user', userId, plan: 'free' } });
    now += 31_000;
    expect(verify(header)).toEqual({ ok: false, reason: 'expired' });
    const forged = signIdentity({ kind: 'user', userId, plan: 'scholar' }, 'not-the-internal-secret!!', now);
    expect(verify(forged)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verify(forged)).toEqual({ ok: false, reason: 'bad signature' });
    // Each caller gets an identity of its own to hold, not the one remembered.
    const fresh = signIdentity({ kind: 'none' }, secret, now);
    const a = verify(fresh);
    const b = verify(fresh);
    expect(a.ok && b.ok && a.identity !== b.identity).toBe(true);
  });
});

describe('public address', () => {
  it('carries the origin the gateway signed, and refuses one added after signing', () => {
    const header = signIdentity({ kind: 'none' }, secret, 1_000_000, 'http://127.0.0.1:3917');
    expect(verifyIdentity(header, secret, { now: 1_000_500 })).toEqual({
      ok: true,
      identity: { kind: 'none' },
      origin: 'http://127.0.0.1:3917',
    });
    const [, mac] = header.split('.');
    const swapped = Buffer.from(
      JSON.stringify({ identity: { kind: 'none' }, iat: 1_000_000, origin: 'https://evil.example' }),
    ).toString('base64url');
    expect(verifyIdentity(`${swapped}.${mac}`, secret, { now: 1_000_500 }).ok).toBe(false);
  });

  it('links on the signed origin, on PUBLIC_URL when configured, and refuses to guess without either', async () => {
    const app = build();
    const signed = { [IDENTITY_HEADER]: signIdentity({ kind: 'none' }, secret, Date.now(), 'http://127.0.0.1:3917') };
    const onOrigin = await app.inject({ url: '/link', headers: { ...signed, host: 'evil.example' } });
    expect(onOrigin.json()).toEqual({ link: 'http://127.0.0.1:3917' });
    const configured = await app.inject({ url: '/link?configured=https://mnemo.example.com/', headers: signed });
    expect(configured.json()).toEqual({ link: 'https://mnemo.example.com' });
    const unknown = await app.inject({ url: '/link', headers: { [IDENTITY_HEADER]: signIdentity({ kind: 'none' }, secret) } });
    expect(unknown.statusCode).toBe(500);
  });
});

describe('createService', () => {
  it('refuses a request whose identity header is forged', async () => {
    const app = build();
    const forged = signIdentity(
      { kind: 'user', userId, plan: 'scholar' },
      'not-the-internal-secret!!',
    );
    const res = await app.inject({ url: '/whoami', headers: { [IDENTITY_HEADER]: forged } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'IDENTITY_INVALID' });
  });

  it('refuses a business call that did not come through the gateway', async () => {
    const res = await build().inject({ url: '/whoami' });
    expect(res.statusCode).toBe(401);
  });

  it('gives the route the identity the gateway signed', async () => {
    const res = await build().inject({
      url: '/whoami',
      headers: { [IDENTITY_HEADER]: signIdentity({ kind: 'user', userId, plan: 'free' }, secret) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      identity: { kind: 'user', userId, plan: 'free' },
      owner: { userId },
    });
  });

  it('answers validation errors as 400 with field messages', async () => {
    const res = await build().inject({
      method: 'POST',
      url: '/things',
      headers: { [IDENTITY_HEADER]: signIdentity({ kind: 'none' }, secret) },
      payload: { title: '', count: 9 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'count',
      'title',
    ]);
  });

  it('takes an empty JSON body as an empty object and refuses broken JSON with 400', async () => {
    const app = build();
    app.post('/empty', async (req) => ({ body: req.body }));
    const headers = {
      [IDENTITY_HEADER]: signIdentity({ kind: 'none' }, secret),
      'content-type': 'application/json',
    };
    expect((await app.inject({ method: 'POST', url: '/empty', headers })).json()).toEqual({
      body: {},
    });
    const broken = await app.inject({ method: 'POST', url: '/empty', headers, payload: '{"a":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      code: 'BAD_REQUEST',
      error: 'The request body is not valid JSON',
    });
  });

  it('hides the details of a 5xx and keeps the request id', async () => {
    const res = await build().inject({
      url: '/boom',
      headers: {
        [IDENTITY_HEADER]: signIdentity({ kind: 'none' }, secret),
        [REQUEST_ID_HEADER]: 'req-123',
      },
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('SELECT');
    expect(res.json()).toMatchObject({
      code: 'INTERNAL',
      error: 'Internal server error',
      requestId: 'req-123',
    });
    expect(res.headers[REQUEST_ID_HEADER]).toBe('req-123');
  });

  it('maps an AppError to its status and carries the limitReached flag', async () => {
    const res = await build().inject({
      url: '/limit',
      headers: { [IDENTITY_HEADER]: signIdentity({ kind: 'none' }, secret) },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      limitReached: true,
      error: 'You have reached 5 study spaces',
    });
  });

  it('answers a library error with its public code and words, never its diagnostic', async () => {
    const res = await build().inject({
      url: '/provider',
      headers: { [IDENTITY_HEADER]: signIdentity({ kind: 'none' }, secret) },
    });
    expect(res.statusCode).toBe(429);
    expect(res.body).not.toContain('org-secret');
    expect(res.json()).toMatchObject({
      code: 'AI_RATE_LIMITED',
      error: 'Too many requests to the AI service (rate limit reached). Please try again later.',
      retryAfterSeconds: 8,
    });
    expect(res.headers['retry-after']).toBe('8');
  });

  it('answers health without identity and readiness from its checks', async () => {
    const app = build();
    let healthy = true;
    app.addReadinessCheck({
      name: 'database',
      check: async () => {
        if (!healthy) throw new Error('connection refused');
      },
    });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).json()).toMatchObject({
      status: 'ok',
      checks: { database: { status: 'ok' } },
    });
    healthy = false;
    const down = await app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().checks.database).toEqual({ status: 'down', error: 'connection refused' });
    const metrics = await app.inject({ url: '/metrics' });
    expect(metrics.body).toContain('http_request_duration_seconds');
  });

  it('serves /metrics and /readyz only on the ops server when asked to, and /healthz on both', async () => {
    // As the gateway builds itself (no identity header to check), so an unknown route is a plain 404.
    const app = createService({
      name: 'edge',
      internalSecret: secret,
      logLevel: 'silent',
      trustsNoIdentityHeader: true,
      opsEndpoints: 'ops-server',
    });
    let healthy = true;
    app.addReadinessCheck({
      name: 'redis',
      check: async () => {
        if (!healthy) throw new Error('connection refused');
      },
    });
    const ops = createOpsServer(app);
    await app.ready();
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    const metrics = await ops.inject({ url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('http_request_duration_seconds');
    expect((await ops.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ok',
      service: 'edge',
      checks: { redis: { status: 'ok' } },
    });
    healthy = false;
    const down = await ops.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().checks.redis).toEqual({ status: 'down', error: 'connection refused' });
    expect((await ops.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', service: 'edge' });
    await app.close();
  });
});
