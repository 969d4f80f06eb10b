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
  /**
   * The deployment's EMBEDDING_DIMENSIONS. When given, the vector column is brought to that size
   * after the migrations (see alignEmbeddingDimensions).
   */
  embeddingDimensions?: number;
};

export type MigrateResult = {
  /** Set when the vector column changed size: every stored vector was cleared for re-embedding. */
  embeddingsReset?: { from: number; to: number; cleared: number };
};

/** HNSW indexes on pgvector's `vector` type take at most 2000 dimensions. */
export const MAX_INDEXED_DIMENSIONS = 2000;

type Queryable = Pick<pg.Client, 'query'>;

/**
 * Gives source_chunks.embedding the deployment's size. The migrations create vector(384) (the
 * default); a deployment that chose another size gets its column altered here rather than in a
 * migration, because the size is configuration, not schema history. Vectors of the old size cannot
 * be compared with new ones, so they are cleared (with their model) in the same transaction and
 * the worker re-embeds those chunks through reembed jobs; nothing ever mixes sizes.
 */
export async function alignEmbeddingDimensions(client: Queryable, dimensions: number) {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_INDEXED_DIMENSIONS) {
    throw new Error(`EMBEDDING_DIMENSIONS must be a whole number from 1 to ${MAX_INDEXED_DIMENSIONS}`);
  }
  // pgvector keeps a vector column's size in atttypmod.
  const current = await client.query<{ size: number }>(
    `select atttypmod as size from pg_attribute
      where attrelid = 'source_chunks'::regclass and attname = 'embedding'`,
  );
  const from = current.rows[0]?.size;
  if (from === undefined) throw new Error('source_chunks.embedding is missing: run the migrations first');
  if (from === dimensions) return undefined;
  await client.query('begin');
  try {
    await client.query('drop index if exists source_chunks_embedding_hnsw');
    const cleared = await client.query(
      'update source_chunks set embedding = null, embedding_model = null where embedding is not null',
    );
    // The number is validated above; DDL takes no bind parameters.
    await client.query(`alter table source_chunks alter column embedding type vector(${dimensions})`);
    await client.query(
      'create index source_chunks_embedding_hnsw on source_chunks using hnsw (embedding vector_cosine_ops)',
    );
    await client.query('commit');
    return { from, to: dimensions, cleared: cleared.rowCount ?? 0 };
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  }
}

/**
 * Applies every committed migration not yet applied, in order; a second run is a no-op.
 *
 * Several services may boot together against one server, so the run holds a session advisory lock:
 * the second migrator waits and then finds nothing left to do. (On the embedded PGlite server all
 * connections share one session, so the lock never blocks there; the launcher migrates once before
 * it starts the services.)
 */
export async function runMigrations(url: string, options: MigrateOptions = {}): Promise<MigrateResult> {
  const client = new pg.Client({ connectionString: url, application_name: 'mnemo-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), {
        migrationsFolder: options.migrationsFolder ?? migrationsFolder(),
      });
      if (options.embeddingDimensions === undefined) return {};
      const reset = await alignEmbeddingDimensions(client, options.embeddingDimensions);
      return reset ? { embeddingsReset: reset } : {};
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
