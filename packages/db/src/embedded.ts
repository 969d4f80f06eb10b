import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export type EmbeddedPostgres = { url: string; port: number; db: PGlite; close: () => Promise<void> };

/**
 * Postgres in WASM (PGlite) with pgvector and pg_trgm, served over the Postgres wire protocol so
 * every service connects with node-postgres exactly as it would to a real server. PGlite is one
 * session shared by all connections: keep transactions short.
 */
export async function startEmbeddedPostgres({
  dataDir,
  host = '127.0.0.1',
  port = 0,
  maxConnections = 20,
}: { dataDir?: string; host?: string; port?: number; maxConnections?: number } = {}): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { vector, pg_trgm } });
  const server = new PGLiteSocketServer({ db, host, port, maxConnections });
  await server.start();
  // With port 0 the OS chose one; the server reports it as host:port.
  const actualPort = Number(server.getServerConn().split(':').pop());
  let closed = false;
  return {
    url: `postgres://postgres:postgres@${host}:${actualPort}/postgres?sslmode=disable`,
    port: actualPort,
    db,
    close: async () => {
      if (closed) return;
      closed = true;
      await server.stop();
      await db.close();
    },
  };
}
