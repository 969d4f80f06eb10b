import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@mnemo/db/testing';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { PLAN_LIMITS } from '@mnemo/contracts/limits';
import { envSchema } from '../../env';
import { buildApp } from '../../app';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

beforeAll(async () => {
  database = await createTestDatabase();
  const env = envSchema.parse({
    DATABASE_URL: database.url,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    JWT_SECRET: 'anonymous-test-jwt-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    ANONYMOUS_MAX_DECKS: '7',
  });
  app = await buildApp(env, { db: database.db, redis });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await redis.quit();
});

describe('anonymous limits', () => {
  it('creates the visitor session on first sight and answers its usage and limits', async () => {
    const anonId = randomUUID();
    const res = await app.inject({ url: `/auth/anonymous-limits/${anonId}`, headers: asCaller({ kind: 'anonymous', anonId, plan: 'anonymous' }) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ sessionId: anonId, usage: { studySpaces: 0, decks: 0 } });
    // Limits are configuration: the one set here, the defaults elsewhere.
    expect(body.limits).toEqual({ ...PLAN_LIMITS.anonymous, decksPerSpace: 7 });
    const again = (await app.inject({ url: `/auth/anonymous-limits/${anonId}`, headers: asCaller({ kind: 'anonymous', anonId, plan: 'anonymous' }) })).json();
    expect(again.createdAt).toBe(body.createdAt);
    expect(Date.parse(again.lastAccess)).toBeGreaterThanOrEqual(Date.parse(body.lastAccess));
  });

  it("does not let one visitor read another's session", async () => {
    const res = await app.inject({
      url: `/auth/anonymous-limits/${randomUUID()}`,
      headers: asCaller({ kind: 'anonymous', anonId: randomUUID(), plan: 'anonymous' }),
    });
    expect(res.statusCode).toBe(404);
  });

  it('accepts the id in the path in the form the gateway issued it', async () => {
    const anonId = randomUUID();
    const issued = `${anonId.toUpperCase()}.${'A'.repeat(43)}`;
    const res = await app.inject({ url: `/auth/anonymous-limits/${issued}`, headers: asCaller({ kind: 'anonymous', anonId, plan: 'anonymous' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionId).toBe(anonId);
    const bad = await app.inject({ url: '/auth/anonymous-limits/not-an-id', headers: asCaller({ kind: 'anonymous', anonId, plan: 'anonymous' }) });
    expect(bad.statusCode).toBe(400);
  });

  it('has no internal call that records a session on sight any more: rows appear when a guest needs one', async () => {
    const anonId = randomUUID();
    const res = await app.inject({ method: 'POST', url: `/internal/anonymous-sessions/${anonId}`, headers: asCaller({ kind: 'service', service: 'gateway' }) });
    expect(res.statusCode).toBe(404);
    expect((await database.pool.query('select count(*)::int as n from anonymous_sessions where id = $1', [anonId])).rows[0].n).toBe(0);
  });

  it('reports the usage the deck and chat services count, asked over their internal APIs', async () => {
    const { createService } = await import('@mnemo/service-kit');
    const anonId = randomUUID();
    const asked: string[] = [];
    // Stand-ins for the deck and chat services, answering their internal usage calls (service identity only).
    const standIn = (answer: object) => {
      const svc = createService({ name: 'stand-in', internalSecret: TEST_INTERNAL_SECRET, logLevel: 'silent' });
      svc.get('/internal/anonymous-usage/:anonId', async (req, reply) => {
        if (req.identity.kind !== 'service') return reply.status(404).send({});
        asked.push(`${req.identity.service} ${req.url}`);
        return (req.params as { anonId: string }).anonId === anonId ? answer : { studySpaces: 0, decks: 0, cardsGenerated: 0, chatMessages: 0 };
      });
      return svc;
    };
    const deck = standIn({ studySpaces: 1, decks: 2, cardsGenerated: 37 });
    const chat = standIn({ chatMessages: 5 });
    const urlOf = async (svc: ReturnType<typeof standIn>) => svc.listen({ port: 0, host: '127.0.0.1' });
    const withServices = await buildApp(
      envSchema.parse({
        DATABASE_URL: database.url,
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        JWT_SECRET: 'anonymous-test-jwt-secret-0123456789abcdef',
        LOG_LEVEL: 'silent',
        DECK_URL: await urlOf(deck),
        CHAT_URL: await urlOf(chat),
      }),
      { db: database.db, redis },
    );
    try {
      const res = await withServices.inject({ url: `/auth/anonymous-limits/${anonId}`, headers: asCaller({ kind: 'anonymous', anonId, plan: 'anonymous' }) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().usage).toEqual({ studySpaces: 1, decks: 2, cardsGenerated: 37, chatMessages: 5 });
      expect(asked.sort()).toEqual([`auth /internal/anonymous-usage/${anonId}`, `auth /internal/anonymous-usage/${anonId}`]);

      // A service that does not answer fails the call rather than report nothing used.
      await chat.close();
      const down = await withServices.inject({ url: `/auth/anonymous-limits/${anonId}`, headers: asCaller({ kind: 'anonymous', anonId, plan: 'anonymous' }) });
      expect(down.statusCode).toBe(503);
    } finally {
      await withServices.close();
      await deck.close();
      await chat.close();
    }
  });
});
