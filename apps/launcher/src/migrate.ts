import { runMigrations } from '@mnemo/db/migrate';
import { loadMigrateEnv } from './env';

/** The production migration job: applies committed migrations to DATABASE_URL, then exits. */
const { DATABASE_URL } = loadMigrateEnv();
await runMigrations(DATABASE_URL);
process.stdout.write('migrations applied\n');
