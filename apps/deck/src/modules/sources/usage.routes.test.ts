import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@mnemo/contracts/errors';
import { internalUsageCheckBodySchema, type InternalUsageCheckBody } from '@mnemo/contracts/internal/billing';
import { sources } from '@mnemo/db/schema';
import { createService } from '@mnemo/service-kit';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { insertDeck, startDeckApp, userCaller, anonCaller, type DeckTestApp } from '../../test-support';

const MB = 1024 * 1024;

/**
 * A stand-in billing service answering the internal usage check as billing does: free and
 * anonymous owners have 60 MB a month, Scholar has no limit. It remembers what it was asked.
 */
const used = new Map<string, number>();
const scholars = new Set<string>();
const asked: InternalUsageCheckBody[] = [];
/** The trace of each usage check billing answered: its caller's span is the parent. */
const askedTraces: { traceId: string; parentSpanId: string | null }[] = [];
let billingDown = false;
async function startFakeBilling() {
  const app = createService({ name: 'fake-billing', internalSecret: TEST_INTERNAL_SECRET, logLevel: 'silent' });
  app.post('/internal/billing/usage/check', async (req, reply) => {
    if (req.identity.kind !== 'service' || billingDown) return reply.status(503).send({});
    const body = internalUsageCheckBodySchema.parse(req.body);
    asked.push(body);
    askedTraces.push({ traceId: req.trace.traceId, parentSpanId: req.trace.parentSpanId });
    const key = body.owner.userId ?? body.owner.anonId!;
    const usedBytes = used.get(key) ?? 0;
    const scholar = body.owner.userId !== undefined && scholars.has(key);
    const limitBytes = scholar ? null : 60 * MB;
    return {
      allowed: limitBytes === null || usedBytes + body.bytes <= limitBytes,
      plan: scholar ? 'scholar' : body.owner.userId ? 'free' : 'anonymous',
      usedBytes,
      limitBytes,
      resetDate: '2026-12-01T00:00:00.000Z',
    };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

let billing: Awaited<ReturnType<typeof startFakeBilling>>;
let t: DeckTestApp;
beforeAll(async () => {
  billing = await startFakeBilling();
  t = await startDeckApp({ BILLING_URL: billing.url });
});
afterAll(async () => {
  await t?.close();
  await billing?.app.close();
});

type Caller = ReturnType<typeof userCaller> | ReturnType<typeof anonCaller>;
async function pendingLink(caller: Caller) {
  const deck = await insertDeck(t, caller);
  const [source] = await t.db
    .insert(sources)
    .values({ deckId: deck.id, type: 'website', url: `https://example.org/${randomUUID()}`, title: 'Cells', processingStatus: 'pending' })
    .returning();
  return { deckId: deck.id, sourceId: source!.id };
}
const process = (caller: Caller, ids: { deckId: string; sourceId: string }) =>
  t.app.inject({ method: 'POST', url: '/ai/process-source', headers: asCaller(caller), payload: ids });
const statusOf = async (sourceId: string) =>
  (await t.db.select({ s: sources.processingStatus }).from(sources).where(eq(sources.id, sourceId)))[0]!.s;

describe('the monthly processing allowance', () => {
  it('refuses a free user’s source past 60 MB with 402 limitReached, and leaves it pending', async () => {
    const caller = userCaller('free');
    used.set(caller.userId, Math.round(59.8 * MB));
    const ids = await pendingLink(caller);
    const res = await process(caller, ids);
    expect(res.statusCode).toBe(402);
    const body = errorBodySchema.parse(res.json());
    expect(body).toMatchObject({ code: 'LIMIT_REACHED', limitReached: true });
    expect(body.error).toMatch(/monthly processing limit/);
    expect(await statusOf(ids.sourceId)).toBe('pending');
    // A link counts 0.5 MB, as the deck size meter counts it.
    expect(asked.at(-1)).toEqual({ owner: { userId: caller.userId }, bytes: 0.5 * MB });
  });

  it('processes a free user’s source that still fits, and counts guests too', async () => {
    const caller = userCaller('free');
    used.set(caller.userId, 10 * MB);
    const ids = await pendingLink(caller);
    expect((await process(caller, ids)).statusCode).toBe(200);
    expect(await statusOf(ids.sourceId)).toBe('processing');

    const guest = anonCaller();
    used.set(guest.anonId, 60 * MB);
    const guestIds = await pendingLink(guest);
    expect((await process(guest, guestIds)).statusCode).toBe(402);
  });

  it('asks billing within the request’s trace: billing’s span is a child of the deck service’s', async () => {
    const caller = userCaller('free');
    const ids = await pendingLink(caller);
    const res = await t.app.inject({
      method: 'POST',
      url: '/ai/process-source',
      headers: { ...asCaller(caller), traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
      payload: ids,
    });
    expect(res.statusCode).toBe(200);
    const [, traceId, deckSpanId] = String(res.headers.traceparent).split('-');
    expect(traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(askedTraces.at(-1)).toEqual({ traceId, parentSpanId: deckSpanId });
  });

  it('lets a Scholar through whatever the month’s usage', async () => {
    const caller = userCaller('scholar');
    scholars.add(caller.userId);
    used.set(caller.userId, 900 * MB);
    const ids = await pendingLink(caller);
    expect((await process(caller, ids)).statusCode).toBe(200);
    expect(await statusOf(ids.sourceId)).toBe('processing');
  });

  it('processes anyway when billing does not answer', async () => {
    const caller = userCaller('free');
    used.set(caller.userId, Math.round(59.9 * MB));
    billingDown = true;
    try {
      const ids = await pendingLink(caller);
      expect((await process(caller, ids)).statusCode).toBe(200);
    } finally {
      billingDown = false;
    }
  });
});
