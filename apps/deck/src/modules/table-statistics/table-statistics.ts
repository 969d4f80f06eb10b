import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { analyzeStaleTables } from '@mnemo/db/analyze';
import type { Db } from '@mnemo/db/client';

/**
 * The embedded database's table statistics kept current while Mnemo runs. PGlite has no autovacuum,
 * so the launcher's ANALYZE at start was the only one: a learner who then adds thousands of cards
 * left the planner with the sizes of the start. This runs the same rule (tables whose changed rows
 * since their last ANALYZE passed autovacuum's threshold, `@mnemo/db/analyze`) as the maintenance
 * queue's `analyze-tables` job scheduler (plugins/maintenance.ts). Here, not in the worker: the deck
 * service owns the tables that grow with use (cards, reviews) and always runs, and its maintenance
 * queue is not counted as the worker's work. Only the launcher turns it on (TABLE_STATISTICS_INTERVAL_MS),
 * for its embedded database: a Postgres server's autovacuum does the same on its own.
 */
export function createTableStatistics({ db, log }: { db: Db; log: Pick<FastifyBaseLogger, 'info'> }) {
  const queryable = {
    query: async <T>(text: string) => ({ rows: (await db.execute(sql.raw(text))).rows as T[] }),
  };
  /** One pass: ANALYZEs the tables past the threshold; answers their names. */
  async function analyze(): Promise<string[]> {
    const tables = await analyzeStaleTables(queryable);
    if (tables.length > 0) log.info({ tables }, 'gathered table statistics');
    return tables;
  }
  return { analyze };
}
