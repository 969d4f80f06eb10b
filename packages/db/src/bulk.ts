import { getTableColumns, getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * Rows per statement. One JSON parameter has no parameter-count ceiling (drizzle's multi-row VALUES
 * binds one parameter per cell, at most 65,535), so this only bounds the size of one message.
 */
const ROWS_PER_STATEMENT = 10_000;

/**
 * Inserts many rows with one statement per 10,000 rows: the rows go as ONE jsonb parameter and
 * Postgres unpacks them with `jsonb_to_recordset`, typed by the table's drizzle columns. Drizzle's
 * own multi-row insert binds every cell as a parameter and builds the statement in JavaScript,
 * which for thousands of rows costs more than the database's work (measured in bench/README.md,
 * deck exchange import); this keeps drizzle's table definition as the one source of column names
 * and types.
 *
 * Every row must give the same columns: a column given in any row is written for all of them, and a
 * row that omits it writes NULL there, not the column's default. Values go through JSON: Dates as
 * ISO strings (for timestamp columns), arrays and objects as JSON (for jsonb and array columns).
 * Nothing is returned: give ids in the rows when the caller needs them.
 */
export async function insertRows<T extends PgTable>(db: DbOrTx, table: T, rows: InferInsertModel<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => Object.hasOwn(columns, k));
  const into = sql.join(
    keys.map((k) => sql.identifier(columns[k]!.name)),
    sql`, `,
  );
  const picked = sql.join(
    keys.map((k) => sql.identifier(k)),
    sql`, `,
  );
  const shape = sql.join(
    keys.map((k) => sql`${sql.identifier(k)} ${sql.raw(columns[k]!.getSQLType())}`),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT));
    await db.execute(sql`
      insert into ${sql.identifier(getTableName(table))} (${into})
      select ${picked} from jsonb_to_recordset(${chunk}::jsonb) as r(${shape})`);
  }
}
