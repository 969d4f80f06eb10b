import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A transaction handle: pass it to every call made inside the transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// bigint columns that are counts or byte sizes fit in a JS number; Postgres sends int8 as text.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * A node-postgres pool with Drizzle over the whole schema. No session SETs: the embedded PGlite
 * server multiplexes every connection onto one session. Named prepared statements are safe (drizzle's
 * `.prepare(name)`): node-postgres parses one once per connection, and the embedded server gives each
 * connection's its own name in that session (embedded-server.ts).
 */
export function createDb({
  url,
  max = 10,
  applicationName,
}: {
  url: string;
  max?: number;
  applicationName?: string;
}) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    ...(applicationName ? { application_name: applicationName } : {}),
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
