import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '@mnemo/service-kit';
import { envSchema } from '../../env';
import { buildApp } from '../../app';
import { createAnonymousIds } from '../identity/anonymous-id';
import { JWT_AUDIENCE, JWT_ISSUER } from '../identity/identity.service';

const INTERNAL_SECRET = 'gateway-trace-internal-secret-0123';
const JWT_SECRET = 'gateway-test-jwt-secret-0123456789abcdef0123';
const guest = () => createAnonymousIds(JWT_SECRET).issue();
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

/** A service that reports the trace it continued and the traceparent it was sent. */
const service = createService({ name: 'echo', internalSecret: INTERNAL_SECRET, logLevel: 'silent' });
/** What the gateway's own calls (billing's plan) were sent, by path. */
const internalCalls: Array<{ path: string; traceparent: string | undefined; trace: unknown }> = [];
service.all('/*', async (req) => {
  if (req.url.startsWith('/internal/')) internalCalls.push({ path: req.url, traceparent: req.headers.traceparent as string | undefined, trace: req.trace });
  return { sent: req.headers.traceparent ?? null, trace: req.trace };
});
let gateway: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  await service.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  gateway = await buildApp(
    envSchema.parse({
      INTERNAL_SECRET,
      JWT_SECRET,
      REDIS_PREFIX: `test-trace-${randomUUID()}`,
      AUTH_URL: url,
      DECK_URL: url,
      CHAT_URL: url,
      BILLING_URL: url,
      LOG_LEVEL: 'silent',
    }),
  );
});
afterAll(async () => {
  await gateway.close();
  await service.close();
});

describe('trace context through the gateway', () => {
  it('passes the caller’s trace to the service as a child of the gateway’s span', async () => {
    const res = await gateway.inject({
      url: '/api/decks',
      headers: { traceparent: `00-${CALLER_TRACE}-00f067aa0ba902b7-01`, 'x-anonymous-session': guest() },
    });
    const gatewaySpan = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(res.headers.traceparent));
    expect(gatewaySpan?.[1]).toBe(CALLER_TRACE);
    const body = res.json() as { sent: string; trace: { traceId: string; parentSpanId: string } };
    expect(body.sent).toBe(`00-${CALLER_TRACE}-${gatewaySpan![2]}-01`);
    expect(body.trace).toMatchObject({ traceId: CALLER_TRACE, parentSpanId: gatewaySpan![2] });
  });

  it('continues the caller’s trace in its own call for a signed-in user’s plan, as a child of the gateway’s span', async () => {
    const userId = randomUUID();
    const token = await new SignJWT({ sub: userId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(JWT_SECRET));
    const res = await gateway.inject({
      url: '/api/decks',
      headers: { traceparent: `00-${CALLER_TRACE}-00f067aa0ba902b7-01`, authorization: `Bearer ${token}` },
    });
    const gatewaySpan = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(res.headers.traceparent));
    const planCall = internalCalls.find((c) => c.path.includes(userId));
    expect(planCall?.traceparent).toBe(`00-${CALLER_TRACE}-${gatewaySpan![2]}-01`);
    expect(planCall?.trace).toMatchObject({ traceId: CALLER_TRACE, parentSpanId: gatewaySpan![2] });
  });

  it('starts a trace for a caller without one', async () => {
    const res = await gateway.inject({ url: '/api/decks', headers: { 'x-anonymous-session': guest() } });
    const body = res.json() as { trace: { traceId: string } };
    expect(String(res.headers.traceparent)).toContain(body.trace.traceId);
  });
});
