import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * `column IN ('a', 'b')` for a CHECK constraint. The constraints themselves are created by the
 * hand-written migration 0009_status_checks.sql; check() in the tables mirrors them, and
 * server/src/db/status-checks.test.ts holds both to the same names.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", "))})`;
}
