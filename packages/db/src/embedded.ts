import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { keepFileSizes } from './embedded-fs';
import { startPgliteServer } from './embedded-server';

export type EmbeddedPostgresOptions = {
  /** Folder that keeps the data across restarts; undefined keeps everything in memory. */
  dataDir?: string;
  host?: string;
  /** 0 lets the OS choose a free port (read it from the result). */
  port?: number;
  /**
   * Connections the server accepts at once. Connections beyond it are refused ("too many clients"),
   * not queued, so keep the pools of everything connecting to one embedded server within this sum.
   */
  maxConnections?: number;
  /** Start from a data directory dumped with PGlite's dumpDataDir (used by the test template). */
  loadDataDir?: Blob;
  /**
   * The password every connection must give (embedded-auth.ts). Without one, any user and password
   * are accepted, as PGlite does: fine for a test's server, not for one that keeps data.
   */
  password?: string;
  /** Statement texts kept prepared for the whole session (embedded-server.ts); 0 prepares none. */
  statementCache?: number;
  /**
   * Postgres's buffer pool, in MB; unset, Postgres's default (128 MB). PGlite's WebAssembly memory
   * holds the whole pool resident from the start, used or not, and never gives memory back.
   */
  sharedBuffersMb?: number;
  /**
   * Data files' sizes kept in memory rather than read with fstat at every scan (embedded-fs.ts);
   * on by default, off only to measure or test against.
   */
  keepFileSizes?: boolean;
};

export type EmbeddedPostgres = {
  /** postgres:// URL for node-postgres (and psql with PGSSLMODE=disable). */
  url: string;
  port: number;
  /** The PGlite instance itself, for what the wire protocol cannot do (e.g. dumpDataDir). */
  db: PGlite;
  /** Stops the server, then closes PGlite, which flushes the data folder. Safe to call twice. */
  close: () => Promise<void>;
};

/**
 * Postgres in WASM (PGlite) with pgvector and pg_trgm, served over the Postgres wire protocol so
 * every service connects with node-postgres exactly as it would to a real server.
 *
 * PGlite is a single session: the server (embedded-server.ts) multiplexes the connections onto it,
 * running one connection's messages at a time and, while a connection has a transaction open, only
 * that connection's. So keep transactions short, and never rely on session state (SET, temp
 * tables): every connection sees every other's. Named prepared statements are the exception: the
 * server gives each connection's its own name.
 */
export async function startEmbeddedPostgres({
  dataDir,
  host = '127.0.0.1',
  port = 0,
  maxConnections = 20,
  loadDataDir,
  password,
  statementCache,
  sharedBuffersMb,
  keepFileSizes: keepSizes = true,
}: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(sharedBuffersMb !== undefined
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`] }
      : {}),
    extensions: { vector, pg_trgm },
  });
  if (keepSizes) keepFileSizes(db);
  let server: Awaited<ReturnType<typeof startPgliteServer>>;
  try {
    server = await startPgliteServer({
      db,
      host,
      port,
      maxConnections,
      ...(password !== undefined ? { password } : {}),
      ...(statementCache !== undefined ? { statementCache } : {}),
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  const actualPort = server.port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const credentials = `postgres:${encodeURIComponent(password ?? 'postgres')}`;
  let closing: Promise<void> | undefined;
  return {
    url: `postgres://${credentials}@${urlHost}:${actualPort}/postgres?sslmode=disable`,
    port: actualPort,
    db,
    close: () =>
      (closing ??= (async () => {
        await server.close();
        await db.close();
      })()),
  };
}
