import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb } from './client';
import { startEmbeddedPostgres } from './embedded';
import { testEnv } from './env';
import { runMigrations } from './migrate';

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * A fresh, migrated database for one test file: an in-memory PGlite with pgvector served on a free
 * port, or, with TEST_DATABASE_URL, a uniquely named database on that server, dropped on close.
 */
export async function createTestDatabase() {
  const { TEST_DATABASE_URL } = testEnv();
  if (TEST_DATABASE_URL) return onServer(TEST_DATABASE_URL);

  const embedded = await startEmbeddedPostgres({ maxConnections: 10 });
  await runMigrations(embedded.url);
  const handle = createDb({ url: embedded.url, max: 5, applicationName: 'mnemo-test' });
  return {
    url: embedded.url,
    db: handle.db,
    pool: handle.pool,
    close: async () => {
      await handle.close();
      await embedded.close();
    },
  };
}

async function onServer(serverUrl: string) {
  const name = `mnemo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await runMigrations(url.toString());
  const handle = createDb({ url: url.toString(), max: 5, applicationName: 'mnemo-test' });
  return {
    url: url.toString(),
    db: handle.db,
    pool: handle.pool,
    close: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
