import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

/**
 * The committed migrations folder. Resolved through the package name rather than relative to this
 * file, so it is the same folder when this module runs from its TypeScript source (vitest, tsx)
 * and when it is inlined into an app's bundle at apps/<app>/dist/*.js.
 */
export function migrationsFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@mnemo/db/package.json')), 'migrations');
}

/** Any fixed number: every copy of Mnemo that migrates one database takes the same lock. */
const MIGRATION_LOCK_KEY = 4_212_031_877;

export type MigrateOptions = {
  /** Where the migrations are; the package's own committed folder unless given. */
  migrationsFolder?: string;
};

/**
 * Applies every committed migration not yet applied, in order; a second run is a no-op.
 *
 * Several services may boot together against one server, so the run holds a session advisory lock:
 * the second migrator waits and then finds nothing left to do. (On the embedded PGlite server all
 * connections share one session, so the lock never blocks there; the launcher migrates once before
 * it starts the services.)
 */
export async function runMigrations(url: string, options: MigrateOptions = {}): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'mnemo-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), {
        migrationsFolder: options.migrationsFolder ?? migrationsFolder(),
      });
    } finally {
      // A lost connection already released the lock; its error must not hide the migration's.
      await client
        .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        .catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}
