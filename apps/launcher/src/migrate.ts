import { runMigrations } from '@mnemo/db/migrate';
import { loadMigrateEnv } from './env';

/** The production migration job: applies committed migrations to DATABASE_URL, then exits. */
const { DATABASE_URL, EMBEDDING_DIMENSIONS } = loadMigrateEnv();
const { embeddingsReset } = await runMigrations(DATABASE_URL, { embeddingDimensions: EMBEDDING_DIMENSIONS });
process.stdout.write('migrations applied\n');
if (embeddingsReset) {
  process.stdout.write(
    `embedding size changed from ${embeddingsReset.from} to ${embeddingsReset.to}: ${embeddingsReset.cleared} chunks will be re-embedded by the worker\n`,
  );
}
