import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { createDb } from './client';

/**
 * The committed migrations. Resolved through the package, so it works from TypeScript sources
 * (tests, tsx) and from an app's bundle alike.
 */
export function migrationsFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@mnemo/db/package.json')), 'migrations');
}

/** Applies every committed migration not yet applied; a second run is a no-op. */
export async function runMigrations(url: string, folder = migrationsFolder()): Promise<void> {
  const { db, close } = createDb({ url, max: 1, applicationName: 'mnemo-migrate' });
  try {
    await migrate(db, { migrationsFolder: folder });
  } finally {
    await close();
  }
}
