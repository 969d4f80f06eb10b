import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@mnemo/contracts/jobs';
import { envSchema } from '../../env';
import { buildApp } from '../../app';
import { createAnonymousIds } from '../identity/anonymous-id';
import { JWT_AUDIENCE, JWT_ISSUER } from '../identity/identity.service';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = 'gateway-test-jwt-secret-0123456789abcdef0123';
const guest = () => createAnonymousIds(JWT_SECRET).issue();
const prefix = `test-board-${randomUUID()}`;
const admin = randomUUID();
const env = (extra: Record<string, string>) =>
  envSchema.parse({
    INTERNAL_SECRET: 'gateway-test-internal-secret-0123',
    JWT_SECRET,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    // Nothing listens there: these tests never reach a service.
    AUTH_URL: 'http://127.0.0.1:9',
    DECK_URL: 'http://127.0.0.1:9',
    CHAT_URL: 'http://127.0.0.1:9',
    BILLING_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'silent',
    ...extra,
  });
const token = (sub: string) =>
  new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(JWT_SECRET));

let gateway: Awaited<ReturnType<typeof buildApp>>;
let closed: Awaited<ReturnType<typeof buildApp>>;
const queue = new Queue(QUEUES.ingest, { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }), prefix });

beforeAll(async () => {
  gateway = await buildApp(env({ ADMIN_USER_IDS: `${randomUUID()}, ${admin}` }));
  closed = await buildApp(env({}));
});
afterAll(async () => {
  await gateway.close();
  await closed.close();
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
});

describe('the queue dashboard', () => {
  it('shows an admin the BullMQ queues and their waiting jobs', async () => {
    await queue.add('ingest-source', { sourceId: 'x' });
    const auth = { authorization: `Bearer ${await token(admin)}` };
    const page = await gateway.inject({ url: '/api/admin/queues', headers: auth });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const api = await gateway.inject({ url: '/api/admin/queues/api/queues', headers: auth });
    expect(api.statusCode).toBe(200);
    const body = api.json() as { queues: { name: string; counts: Record<string, number> }[] };
    expect(body.queues.map((q) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
    expect(body.queues.find((q) => q.name === QUEUES.ingest)!.counts.waiting).toBe(1);
  });

  it('answers 404 to other users, guests and nobody, as if it did not exist', async () => {
    const callers = [
      { authorization: `Bearer ${await token(randomUUID())}` },
      { 'x-anonymous-session': guest() },
      {},
    ];
    for (const headers of callers) {
      for (const url of ['/api/admin/queues', '/api/admin/queues/api/queues']) {
        const res = await gateway.inject({ url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.json().code, res.body).toBe('NOT_FOUND');
      }
    }
  });

  it('is not mounted when no admin is configured', async () => {
    const res = await closed.inject({ url: '/api/admin/queues', headers: { authorization: `Bearer ${await token(admin)}` } });
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toMatch(/bull/i);
  });
});
