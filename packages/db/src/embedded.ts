import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export type EmbeddedPostgresOptions = {
  /** Folder that keeps the data across restarts; undefined keeps everything in memory. */
  dataDir?: string;
  host?: string;
  /** 0 lets the OS choose a free port (read it from the result). */
  port?: number;
  /**
   * Connections the server accepts at once (pglite-socket's default is 1, which would make a
   * node-postgres pool fail). Connections beyond it are refused, not queued, so keep the pools of
   * everything connecting to one embedded server within this sum.
   */
  maxConnections?: number;
  /** Start from a data directory dumped with PGlite's dumpDataDir (used by the test template). */
  loadDataDir?: Blob;
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
 * PGlite is a single session: pglite-socket multiplexes the connections onto it, running one
 * message batch at a time and, while a connection has a transaction open, only that connection's
 * queries. So keep transactions short, and never rely on session state (SET, named prepared
 * statements, temp tables): every connection sees every other's.
 */
export async function startEmbeddedPostgres({
  dataDir,
  host = '127.0.0.1',
  port = 0,
  maxConnections = 20,
  loadDataDir,
}: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { vector, pg_trgm },
  });
  const server = new PGLiteSocketServer({ db, host, port, maxConnections });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  // With port 0 the OS chose one; the server reports it as host:port.
  const actualPort = Number(server.getServerConn().split(':').pop());
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `postgres://postgres:postgres@${urlHost}:${actualPort}/postgres?sslmode=disable`,
    port: actualPort,
    db,
    close: () =>
      (closing ??= (async () => {
        await server.stop();
        await db.close();
      })()),
  };
}
