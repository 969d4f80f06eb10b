/**
 * Table statistics for a database without autovacuum: the embedded one (PGlite runs no background
 * workers, so nothing ever ANALYZEs its tables). A never-analyzed table has `reltuples` = -1, and
 * the planner then assumes at least 10 pages for it: on small tables it chose bitmap heap scans,
 * each of which asks the file's size (an fstat in PGlite's Node file system), where an analyzed
 * table gets an index scan (issue 25, bench/README.md "Serving").
 *
 * Which tables: autovacuum's own rule for an automatic ANALYZE, with its default settings
 * (`autovacuum_analyze_threshold` 50, `autovacuum_analyze_scale_factor` 0.1): changed rows since
 * the last ANALYZE over 50 + 10% of the table, or never analyzed at all.
 */
export const STALE_TABLES_SQL = `select s.schemaname as schema, s.relname as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where c.reltuples < 0 or s.n_mod_since_analyze > 50 + 0.1 * c.reltuples
  order by s.schemaname, s.relname`;

type Queryable = { query<T>(sql: string): Promise<{ rows: T[] }> };

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** ANALYZEs the tables autovacuum would: their names, in the order done. */
export async function analyzeStaleTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ schema: string; name: string }>(STALE_TABLES_SQL);
  for (const { schema, name } of rows) await db.query(`analyze ${quoteIdent(schema)}.${quoteIdent(name)}`);
  return rows.map((r) => `${r.schema}.${r.name}`);
}
