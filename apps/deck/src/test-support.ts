import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestDatabase } from '@mnemo/db/testing';
import { decks, users } from '@mnemo/db/schema';
import { ownerValues, type Owner } from '@mnemo/db/owner';
import { errorBodySchema } from '@mnemo/contracts/errors';
import type { Identity } from '@mnemo/contracts/identity';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { envSchema } from './env';
import { buildApp, type AppDeps } from './app';

// Test-only: the one knob the deck tests read (as every service test does for Redis).
// eslint-disable-next-line no-restricted-properties
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The deck service as its tests use it: a migrated database of its own, real Redis under a prefix
 * no other test shares, and files on a temporary local disk.
 */
export async function startDeckApp(overrides: Record<string, string> = {}, deps: Pick<AppDeps, 'now'> = {}) {
  const database = await createTestDatabase();
  const redis = new Redis(REDIS_URL);
  const prefix = `test-deck-${randomUUID()}`;
  const filesDir = mkdtempSync(join(tmpdir(), 'mnemo-deck-files-'));
  const env = envSchema.parse({
    DATABASE_URL: database.url,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    LOG_LEVEL: 'silent',
    REDIS_URL,
    REDIS_PREFIX: prefix,
    FILES_DIR: filesDir,
    // Nothing listens on the discard port: the usage check fails open unless a test gives a billing.
    BILLING_URL: 'http://127.0.0.1:9',
    // Nor on the discard port: a YouTube link is added without asking YouTube about captions.
    YOUTUBE_WATCH_URL: 'http://127.0.0.1:9/watch',
    ...overrides,
  });
  const app = await buildApp(env, { db: database.db, redis, ...deps });
  return {
    app,
    db: database.db,
    redis,
    prefix,
    filesDir,
    /** Every file under the storage folder (data and sidecars), relative to it. */
    storedFiles: (): string[] =>
      readdirSync(filesDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(filesDir.length + 1)),
    async close() {
      await app.close();
      await database.close();
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
export type DeckTestApp = Awaited<ReturnType<typeof startDeckApp>>;

/**
 * The deck app one test file shares: started before its tests, closed after them. The returned
 * object is filled in when the app has started, so the tests use it as the app itself (`t.app`,
 * `t.db`). Files whose tests move time pass their clock as `deps.now`.
 */
export function deckAppForFile(deps: Pick<AppDeps, 'now'> = {}, overrides: Record<string, string> = {}): DeckTestApp {
  const t = {} as DeckTestApp;
  beforeAll(async () => {
    Object.assign(t, await startDeckApp(overrides, deps));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/** One call to the deck app as this caller (the gateway's identity headers), with a JSON body if given. */
export const callAs = (
  t: DeckTestApp,
  caller: Identity,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: asCaller(caller), ...(payload ? { payload } : {}) });

/** Asserts an error answer: its status and the stable code of its error body, which it returns. */
export function expectError(res: { statusCode: number; body: string; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBodySchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

export const anonCaller = () => ({ kind: 'anonymous' as const, anonId: randomUUID(), plan: 'anonymous' as const });
export const userCaller = (plan: 'free' | 'scholar' = 'free') => ({ kind: 'user' as const, userId: randomUUID(), plan });
export const serviceCaller = (): Identity => ({ kind: 'service', service: 'gateway' });

/** The owner a caller's rows get. */
export const ownerOf = (caller: { kind: 'user'; userId: string } | { kind: 'anonymous'; anonId: string }): Owner =>
  caller.kind === 'user' ? { userId: caller.userId } : { anonId: caller.anonId };

type Caller = { kind: 'user'; userId: string } | { kind: 'anonymous'; anonId: string };

/** A user's row, as the auth service would have written it (rows a user owns point at it). */
export async function registerCaller(t: DeckTestApp, caller: Caller) {
  if (caller.kind !== 'user') return;
  await t.db
    .insert(users)
    .values({ id: caller.userId, email: `${caller.userId}@example.com`, firstName: 'Test' })
    .onConflictDoNothing();
}

/** A deck of this caller's, written straight to the database (the deck calls are another issue). */
export async function insertDeck(t: DeckTestApp, caller: Caller) {
  await registerCaller(t, caller);
  const [deck] = await t.db
    .insert(decks)
    .values({ ...ownerValues(ownerOf(caller)), title: 'Cells' })
    .returning();
  return deck!;
}
