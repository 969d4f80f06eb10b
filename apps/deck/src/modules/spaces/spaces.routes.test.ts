import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@mnemo/db/testing';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { findRoute } from '@mnemo/contracts/routes';
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

const anon = () => ({ kind: 'anonymous' as const, anonId: randomUUID(), plan: 'anonymous' as const });
const user = () => ({ kind: 'user' as const, userId: randomUUID(), plan: 'free' as const });

describe('study spaces', () => {
  it('creates a space for an anonymous visitor and lists it wrapped in data', async () => {
    const caller = anon();
    const created = await app.inject({ method: 'POST', url: '/spaces', headers: asCaller(caller), payload: { title: '  Biology  ', description: 'Cells' } });
    expect(created.statusCode).toBe(201);
    const space = created.json().data;
    expect(space).toMatchObject({ title: 'Biology', description: 'Cells', decks: [] });
    expect(space._id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await app.inject({ url: '/spaces', headers: asCaller(caller) });
    expect(list.json()).toEqual({ data: [space] });
    expect(() => findRoute('GET', '/spaces')!.response!.parse(list.json())).not.toThrow();
    const one = await app.inject({ url: `/spaces/${space._id}`, headers: asCaller(caller) });
    expect(one.json()).toEqual({ data: space });
  });

  it("never shows one caller's spaces to another: lists are separate and a direct read is 404", async () => {
    const owner = anon();
    const other = anon();
    const space = (await app.inject({ method: 'POST', url: '/spaces', headers: asCaller(owner), payload: { title: 'Private' } })).json().data;
    expect((await app.inject({ url: '/spaces', headers: asCaller(other) })).json()).toEqual({ data: [] });
    const read = await app.inject({ url: `/spaces/${space._id}`, headers: asCaller(other) });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Study space not found' });
  });

  it('refuses a space without a name with the spec message', async () => {
    const res = await app.inject({ method: 'POST', url: '/spaces', headers: asCaller(user()), payload: { title: '   ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Please enter a name for your new study space');
  });

  it('needs a session: a caller with neither token nor anonymous session is refused', async () => {
    const res = await app.inject({ url: '/spaces', headers: asCaller({ kind: 'none' }) });
    expect(res.statusCode).toBe(401);
  });

  it('reports ready when its database and Redis answer', async () => {
    const res = await app.inject({ url: '/readyz' });
    expect(res.json()).toMatchObject({ status: 'ok', checks: { database: { status: 'ok' }, redis: { status: 'ok' } } });
  });
});
