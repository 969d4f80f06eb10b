import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '@mnemo/service-kit';
import type { ProgressRelay } from './progress.service';
import type { ProgressTickets } from './progress-tickets';
import { progressRoutes } from './progress.routes';

/** A relay that lets everyone watch and never has news: only the stream itself matters here. */
const relay: ProgressRelay = {
  mayWatch: async () => true,
  subscribe: async () => async () => {},
  latest: async () => null,
} as unknown as ProgressRelay;

let app: ReturnType<typeof createService>;
let base: string;
beforeAll(async () => {
  app = createService({ name: 'gateway', internalSecret: 'gateway-test-internal-secret-0123', logLevel: 'silent', trustsNoIdentityHeader: true });
  // The identity plugin's part, reduced to a header naming the user.
  app.addHook('onRequest', async (request) => {
    request.identity = { kind: 'user', userId: String(request.headers['x-test-user']), plan: 'free', sessionId: 's' };
  });
  // Streams opened with headers: tickets are not used here.
  const tickets = { issue: async () => 'unused', redeem: async () => null } as unknown as ProgressTickets;
  await app.register(progressRoutes, { relay, tickets, maxStreamsPerCaller: 2 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

/** Opens a progress stream; the returned abort closes it. */
async function openStream(user: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/ai/progress/${randomUUID()}`, { headers: { 'x-test-user': user }, signal: controller.signal });
  return { res, close: () => controller.abort() };
}

describe('open progress streams per caller', () => {
  it('refuses one past the cap with 429 TOO_MANY_STREAMS, counts callers apart, and frees a place when a stream closes', async () => {
    const ada = randomUUID();
    const first = await openStream(ada);
    const second = await openStream(ada);
    expect([first.res.status, second.res.status]).toEqual([200, 200]);

    const third = await openStream(ada);
    expect(third.res.status).toBe(429);
    expect(await third.res.json()).toMatchObject({ code: 'TOO_MANY_STREAMS' });

    const other = await openStream(randomUUID());
    expect(other.res.status).toBe(200);
    other.close();

    first.close();
    await expect.poll(async () => {
      const again = await openStream(ada);
      again.close();
      return again.res.status;
    }).toBe(200);
    second.close();
  });
});
