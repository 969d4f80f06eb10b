import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { startPasswordGate } from './embedded-auth';

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
  /**
   * The password every connection must give (embedded-auth.ts). Without one, any user and password
   * are accepted, as PGlite does: fine for a test's server, not for one that keeps data.
   */
  password?: string;
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
  password,
}: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { vector, pg_trgm },
  });
  // With a password, PGlite listens on a Unix socket in a folder only this user can enter (mkdtemp
  // makes it 0700), and the gate in front of it on host:port asks for the password.
  const socketDir = password ? mkdtempSync(join(tmpdir(), 'mnemo-pg-')) : null;
  const socketPath = socketDir ? join(socketDir, '.s.PGSQL') : null;
  const server = new PGLiteSocketServer(
    socketPath ? { db, path: socketPath, maxConnections } : { db, host, port, maxConnections },
  );
  let gate: Awaited<ReturnType<typeof startPasswordGate>> | null = null;
  try {
    await server.start();
    if (password && socketPath) gate = await startPasswordGate({ host, port, password, upstreamPath: socketPath });
  } catch (error) {
    await server.stop().catch(() => {});
    await db.close();
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  // With port 0 the OS chose one; the server reports it as host:port.
  const actualPort = gate ? gate.port : Number(server.getServerConn().split(':').pop());
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const credentials = `postgres:${encodeURIComponent(password ?? 'postgres')}`;
  let closing: Promise<void> | undefined;
  return {
    url: `postgres://${credentials}@${urlHost}:${actualPort}/postgres?sslmode=disable`,
    port: actualPort,
    db,
    close: () =>
      (closing ??= (async () => {
        await gate?.close();
        await server.stop();
        await db.close();
        if (socketDir) rmSync(socketDir, { recursive: true, force: true });
      })()),
  };
}
