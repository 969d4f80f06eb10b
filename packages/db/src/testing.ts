import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { createDb, type Db } from './client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { testEnv } from './env';
import { migrationsFolder, runMigrations } from './migrate';

export type TestDatabase = {
  url: string;
  db: Db;
  pool: pg.Pool;
  /** Closes the pool, then stops the embedded server or drops the database. */
  close: () => Promise<void>;
};

/**
 * A fresh, migrated database for one test file: an in-memory PGlite with pgvector served on a free
 * port, or, with TEST_DATABASE_URL, a uniquely named database on that server, dropped on close.
 * Call it in beforeAll and close it in afterAll.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { TEST_DATABASE_URL } = testEnv();
  if (TEST_DATABASE_URL) return onServer(TEST_DATABASE_URL);

  const embedded = await startMigratedEmbedded();
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

// A fresh PGlite runs initdb (about 2 s on two cores); starting from a dumped, already migrated
// data directory takes about 0.4 s. The dump is kept in the temp folder, named after everything it
// depends on, so the test files (each its own process) share it and a new migration makes a new one.
const TEMPLATE_PREFIX = 'mnemo-db-template-';
let template: Blob | undefined;

async function startMigratedEmbedded(): Promise<EmbeddedPostgres> {
  const file = join(tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}.tar`);
  template ??= readTemplate(file);
  if (template) {
    try {
      // Migrating is a no-op when the template is current; a safety net when it is not.
      return await migrated(
        await startEmbeddedPostgres({ loadDataDir: template, maxConnections: 10 }),
      );
    } catch {
      // A damaged template: forget it and start from scratch (which reports any real error).
      template = undefined;
      rmSync(file, { force: true });
    }
  }
  const embedded = await migrated(await startEmbeddedPostgres({ maxConnections: 10 }));
  template = await embedded.db.dumpDataDir('none');
  writeTemplate(file, new Uint8Array(await template.arrayBuffer()));
  return embedded;
}

async function migrated(embedded: EmbeddedPostgres): Promise<EmbeddedPostgres> {
  try {
    await runMigrations(embedded.url);
    return embedded;
  } catch (error) {
    await embedded.close();
    throw error;
  }
}

function readTemplate(file: string): Blob | undefined {
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

function writeTemplate(file: string, bytes: Uint8Array): void {
  // Write then rename, so a test file starting meanwhile never reads half a template.
  const partial = `${file}.${process.pid}.partial`;
  try {
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    for (const name of readdirSync(tmpdir())) {
      if (
        name.startsWith(TEMPLATE_PREFIX) &&
        join(tmpdir(), name) !== file &&
        !name.endsWith('.partial')
      ) {
        rmSync(join(tmpdir(), name), { force: true });
      }
    }
  } catch {
    // Only a cache: without it the next test file migrates from scratch.
    rmSync(partial, { force: true });
  }
}

/** The migrations and the PGlite build the template was made with. */
function templateKey(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
      .sort();
  for (const path of files(folder))
    hash.update(path.slice(folder.length)).update(readFileSync(path));
  const require = createRequire(import.meta.url);
  for (const name of ['@electric-sql/pglite', '@electric-sql/pglite-pgvector']) {
    hash.update(name).update(packageVersion(require.resolve(name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The version of the package an entry file belongs to (their exports hide package.json). */
function packageVersion(entry: string): string {
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name && manifest.version) return manifest.version;
    } catch {
      // not the package root yet
    }
  }
  return 'unknown';
}

async function onServer(serverUrl: string): Promise<TestDatabase> {
  const name = `mnemo_test_${randomBytes(6).toString('hex')}`;
  await onAdmin(serverUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await runMigrations(url.toString());
  } catch (error) {
    await onAdmin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    throw error;
  }
  const handle = createDb({ url: url.toString(), max: 5, applicationName: 'mnemo-test' });
  return {
    url: url.toString(),
    db: handle.db,
    pool: handle.pool,
    close: async () => {
      await handle.close();
      await onAdmin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function onAdmin(
  serverUrl: string,
  run: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({
    connectionString: serverUrl,
    application_name: 'mnemo-test-admin',
  });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
