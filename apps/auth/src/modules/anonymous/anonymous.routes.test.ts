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
  const env = envSchema.parse({ DATABASE_URL: database.url, INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent' });
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
    expect(body).toMatchObject({ sessionId: anonId, usage: { studySpaces: 0, decks: 0 }, limits: PLAN_LIMITS.anonymous });
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
});
