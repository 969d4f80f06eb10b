import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { createDb, type Db } from '@mnemo/db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export type DbPluginOptions = { url: string; max?: number } | { db: Db };

/** The service's database handle: a node-postgres pool with Drizzle, checked by /readyz. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, options) => {
    if ('db' in options) {
      app.decorate('db', options.db);
    } else {
      const handle = createDb({ url: options.url, max: options.max ?? 10, applicationName: app.serviceName });
      app.decorate('db', handle.db);
      app.addHook('onClose', async () => handle.close());
    }
    app.addReadinessCheck({ name: 'database', check: async () => void (await app.db.execute(sql`select 1`)) });
  },
  { name: 'db' },
);
