import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Deck } from '@mnemo/contracts/entities/deck';
import type { Space } from '@mnemo/contracts/entities/space';
import { errorBodySchema, type ErrorBody } from '@mnemo/contracts/errors';
import type { Identity } from '@mnemo/contracts/identity';
import { asCaller, TEST_INTERNAL_SECRET } from '@mnemo/service-kit/testing';
import { fixturePath } from '@mnemo/testing/fixtures';
import { buildApp } from '../../app';
import { envSchema } from '../../env';
import { REDIS_URL, registerCaller, type anonCaller, type DeckTestApp, type userCaller } from '../../test-support';

/** Test-only helpers for the spaces, decks and youtube tests. */

export type Caller = ReturnType<typeof anonCaller> | ReturnType<typeof userCaller>;
/** A caller with neither a token nor an anonymous session. */
export const nobody: Identity = { kind: 'none' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Injected = { statusCode: number; json: () => unknown };

/** Calls through app.inject as the gateway would forward them. */
export function client(app: DeckTestApp['app'], t: DeckTestApp) {
  const call = (identity: Identity, method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: asCaller(identity), ...(payload !== undefined ? { payload } : {}) });

  return {
    call,
    /** A space of the caller's, created through the API. */
    async space(caller: Caller, title = 'Biology'): Promise<Space> {
      await registerCaller(t, caller);
      const res = await call(caller, 'POST', '/spaces', { title });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { data: Space }).data;
    },
    /** A deck of the caller's, created through the API. */
    async deck(caller: Caller, body: Record<string, unknown> = {}): Promise<Deck> {
      await registerCaller(t, caller);
      const res = await call(caller, 'POST', '/decks', { title: 'Cells', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Deck;
    },
    /** Uploads the minimal PDF fixture (or the given bytes) as the caller. */
    async upload(caller: Caller, bytes: Buffer = readFileSync(fixturePath('pdf', 'minimal-document.pdf')), name = 'minimal-document.pdf') {
      await registerCaller(t, caller);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const res = await app.inject({ method: 'POST', url: '/upload/document', headers: asCaller(caller), payload: form });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { file: { storageRef: string } }).file;
    },
  };
}

/** Asserts an error answer in the contract's shape, with this status and code. */
export function expectError(res: Injected & { body?: string }, status: number, code: ErrorBody['code']): ErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBodySchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

/**
 * A second deck service over the same database and Redis as `t`, with other settings (limits,
 * the YouTube key). Closing it leaves `t`'s database and Redis open.
 */
export async function startDeckAppWith(t: DeckTestApp, vars: Record<string, string>) {
  const filesDir = mkdtempSync(join(tmpdir(), 'mnemo-deck-files-'));
  const env = envSchema.parse({
    DATABASE_URL: 'postgres://unused.invalid/unused',
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    LOG_LEVEL: 'silent',
    REDIS_URL,
    REDIS_PREFIX: t.prefix,
    FILES_DIR: filesDir,
    // Nothing listens on the discard port: YouTube links are added without asking about captions.
    YOUTUBE_WATCH_URL: 'http://127.0.0.1:9/watch',
    ...vars,
  });
  const app = await buildApp(env, { db: t.db, redis: t.redis });
  return {
    app,
    async close() {
      await app.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
